import CollectionView
import CompositionalLayout
import ScrollSimulation

extension Scenario {
    /// The simulation of this scenario on `viewport` (the scenario's own by default) under `policy`.
    public func simulationSpec(viewport: ScenarioViewport? = nil, policy: InvalidationPolicy? = nil) -> SimulationSpec {
        SimulationSpec(
            name: name,
            sections: sections.map {
                SectionSpec(
                    id: $0.id, reuseIdentifier: $0.cell, items: $0.items, identity: $0.identity,
                    hasVisibleItemsHandler: $0.hasVisibleItemsHandler, measuredSizes: $0.measuredSizes)
            },
            makeLayout: { self.makeLayout() }, context: (viewport ?? self.viewport).layoutContext, policy: policy ?? invalidation,
            prefetch: prefetch, feeds: feeds, script: script, frameRate: frameRate,
            physics: PhysicsParameters(mainDeceleration: deceleration))
    }

    /// Runs the scenario for `seconds` of virtual time on each viewport, given whole (a `RunPlan`
    /// resolves sizes over the scenario's own viewport).
    /// - Throws: `ScenarioError.layout` or `.invalid` when the scenario cannot run.
    public func run(
        seconds: Double, viewports: [ScenarioViewport]? = nil, policy: InvalidationPolicy? = nil, seed: UInt64 = 0
    ) throws(ScenarioError) -> [ScenarioRun] {
        var runs: [ScenarioRun] = []
        for viewport in viewports ?? [self.viewport] {
            do {
                let simulation = try ScenarioSimulation(spec: simulationSpec(viewport: viewport, policy: policy), seed: seed)
                try simulation.advance(to: seconds)
                runs.append(ScenarioRun(viewport: viewport, policy: policy ?? invalidation, simulation: simulation))
            } catch {
                throw .invalid(path: "", message: "\(viewport.width)×\(viewport.height): \(error.description)")
            }
        }
        return runs
    }
}

/// One viewport's run: the simulation with its counts, warnings and log.
public struct ScenarioRun {
    public let viewport: ScenarioViewport
    public let policy: InvalidationPolicy
    public let simulation: ScenarioSimulation
}
