import CollectionView
import JSONModel
import Scenario
import ScrollSimulation
import Varlink

/// One `Profile` call: a scenario run under several policies on several viewports, advanced in
/// slices the daemon bounds in real time (it is asked after each event), so its loop never stalls
/// however heavy a frame is. Pure: the daemon decides when to run the next slice.
package final class ProfileJob: ServiceJob {
    typealias Run = RunPlan.Run

    let scenario: Scenario
    let seconds: Double
    let seed: UInt64
    let runs: [Run]
    private var current: ScenarioSimulation?
    private var index = 0
    private var results: [JSONValue] = []
    /// UIKit's error that stopped a run (the profile then fails).
    package private(set) var failure: ServiceError?

    init(scenario: Scenario, seconds: Double, seed: UInt64, runs: [Run]) {
        self.scenario = scenario
        self.seconds = seconds
        self.seed = seed
        self.runs = runs
    }

    /// Done or failed.
    package var isFinished: Bool { failure != nil || index == runs.count }

    /// Fraction of the virtual time run so far, 0 to 1.
    package var progress: Double {
        guard !runs.isEmpty else { return 1 }
        let partial = current.map { $0.time / Swift.max(seconds, 1e-9) } ?? 0
        return Swift.min(1, (Double(index) + partial) / Double(runs.count))
    }

    /// Runs the current run while `more()` allows (building a run's simulation is one step).
    package func step(while more: () -> Bool) {
        guard !isFinished else { return }
        do throws(SimulationError) {
            let simulation: ScenarioSimulation
            if let current {
                simulation = current
            } else {
                let run = runs[index]
                let spec = scenario.simulationSpec(viewport: run.viewport, policy: run.policy)
                simulation = try ScenarioSimulation(spec: spec, seed: seed)
                current = simulation
                guard more() else { return }
            }
            guard try simulation.advance(to: seconds, while: more) else { return }
            let run = runs[index]
            let cost = simulation.appendCost
            let perPage = { (calls: Int) in cost.pages > 0 ? Double(calls) / Double(cost.pages) : nil }
            results.append(
                ProfileRunReply(
                    policy: run.policy.rawValue, width: run.viewport.width, height: run.viewport.height,
                    counts: simulation.counts.total,
                    sections: SimulatorService.sectionCounts(simulation.counts, sections: scenario.sections.map(\.id)),
                    warnings: simulation.warnings, sectionProviderPerAppend: perPage(cost.sectionProviderCalls),
                    sizeForItemPerAppend: perPage(cost.sizeForItemCalls)
                ).json)
            current = nil
            index += 1
        } catch {
            let run = runs[index]
            failure = .profileRunFailed(
                policy: run.policy.rawValue, width: run.viewport.width, height: run.viewport.height, error)
        }
    }

    /// The final reply: every run, or the error that stopped one.
    package func result() -> VarlinkReply {
        if let failure { return VarlinkReply(error: failure.varlinkError) }
        return VarlinkReply(parameters: ["progress": .number(1), "runs": .array(results)])
    }

    /// A progress reply for `more` callers.
    package func progressReply() -> VarlinkReply? {
        VarlinkReply(parameters: ["progress": .number(progress)], continues: true)
    }

    /// Nothing to undo: the runs are the job's own.
    package func cancel() {}
}

extension SimulatorService {
    func profile(_ parameters: ProfileParameters) throws(ServiceError) -> ProfileJob {
        var scenario = try scenario(parameters.source)
        if let screens = parameters.prefetch { scenario.prefetch = Self.prefetch(screens: screens, over: scenario.prefetch) }
        let runs = RunPlan(scenario, sizes: parameters.viewports, policies: parameters.policies).runs
        guard runs.count <= limits.profileRuns else { throw .limitReached("profileRuns", maximum: Double(limits.profileRuns)) }
        guard scenario.sections.reduce(0, { $0 + $1.items.declaredCount }) <= limits.itemsPerProfile else {
            throw .limitReached("itemsPerProfile", maximum: Double(limits.itemsPerProfile))
        }
        // Fails now, not after the first slice, when the scenario cannot be simulated at all.
        do throws(SimulationError) {
            _ = try ScenarioSimulation(
                spec: scenario.simulationSpec(viewport: runs[0].viewport, policy: runs[0].policy), seed: parameters.seed)
        } catch {
            throw .unplayableScenario(error)
        }
        return ProfileJob(scenario: scenario, seconds: parameters.seconds, seed: parameters.seed, runs: runs)
    }
}
