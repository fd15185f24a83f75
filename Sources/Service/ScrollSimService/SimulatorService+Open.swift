import CollectionView
import JSONModel
import Scenario
import ScrollSimulation
import Varlink

extension SimulatorService {
    /// Loads a scenario from the catalog or an inline definition.
    func scenario(_ source: ScenarioSource) throws(ServiceError) -> Scenario {
        let scenario: Scenario
        do throws(ScenarioError) {
            switch source {
            case .named(let name): scenario = try catalog.load(name)
            case .inline(let definition): scenario = try ScenarioParser().parse(definition)
            }
        } catch {
            if case .named(let name) = source, case .notFound = error { throw .noSuchScenario(name) }
            throw .invalidScenario(error)
        }
        return try checked(scenario)
    }

    /// A scenario within the per-definition limits.
    func checked(_ scenario: Scenario) throws(ServiceError) -> Scenario {
        guard scenario.sections.count <= limits.sectionsPerDefinition else {
            throw .limitReached("sectionsPerDefinition", maximum: Double(limits.sectionsPerDefinition))
        }
        // A script's edits run whole, each in one turn, as a Perform's do.
        guard scenario.script.steps.allSatisfy({ $0.input.editedItems <= limits.itemsPerEdit }) else {
            throw .limitReached("itemsPerEdit", maximum: Double(limits.itemsPerEdit))
        }
        return scenario
    }

    /// The record that opens a simulation with these parameters. A scenario named from the
    /// catalog is pinned: its definition as opened goes into the record, so a replay after the
    /// files changed rebuilds the same simulation.
    func openRecord(_ parameters: OpenParameters, id: String, live: Bool) -> OpenRecord {
        var record = OpenRecord(
            simulation: id, viewport: parameters.viewport, policy: parameters.policy, seed: parameters.seed,
            clock: parameters.clock, origin: parameters.clock == .realtime ? now : nil, live: live, prefetch: parameters.prefetch,
            owner: live ? nil : context.caller.uid)
        switch parameters.source {
        case .named(let name) where catalog.version(of: name) == nil && screenOffer(name) != nil:
            let offer = screenOffer(name)!
            record.screen = ScreenRecord(name: name, host: offer.host, path: offer.path, build: offer.build)
        case .named(let name):
            record.scenario = name
            record.pinned = try? catalog.definition(name)  // an unknown name fails in makeEntry
        case .inline(let definition):
            record.definition = definition
        }
        return record
    }

    /// Builds a simulation from its open record (calls, replay and live simulations share this).
    func makeEntry(_ record: OpenRecord, replaying: Bool = false) throws(ServiceError) -> SimulationEntry {
        var plan = try planEntry(record)
        plan.replaying = replaying
        return try plan.build()
    }

    /// The screen a host offers under `name`.
    func screenOffer(_ name: String) -> ScreenOffer? {
        screens?.offers.first { $0.screen.name == name }
    }

    /// Everything a simulation is built from, checked: the cheap part of `makeEntry`, on the
    /// loop; `EntryPlan.build` is the costly part, which may run on another thread.
    func planEntry(_ record: OpenRecord) throws(ServiceError) -> EntryPlan {
        if record.screen != nil {
            let size = record.viewport ?? ViewportSize(width: 390, height: 844)!
            return EntryPlan(
                record: record, scenario: nil, viewport: ScenarioViewport(width: size.width, height: size.height),
                policy: record.policy ?? .uikit, screens: screens, logCapacity: limits.logCapacity)
        }
        let scenario: Scenario
        if let pinned = record.pinned {
            do throws(ScenarioError) {
                scenario = try ScenarioParser().parse(pinned)
            } catch {
                throw .invalidScenario(error)
            }
            _ = try checked(scenario)
        } else if let definition = record.definition {
            scenario = try self.scenario(.inline(definition))
        } else {
            // Records written before pinning name the scenario only; those load it by name.
            scenario = try self.scenario(.named(record.scenario ?? ""))
        }
        let viewport = scenario.viewport(at: record.viewport)
        let policy = record.policy ?? scenario.invalidation
        var configured = scenario
        configured.invalidation = policy
        if let screens = record.prefetch { configured.prefetch = Self.prefetch(screens: screens, over: scenario.prefetch) }
        return EntryPlan(
            record: record, scenario: configured, viewport: viewport, policy: policy, logCapacity: limits.logCapacity)
    }

    /// Opens a simulation for a call: checked, persisted, then registered.
    func open(_ parameters: OpenParameters) throws(ServiceError) -> [String: JSONValue] {
        guard simulations.count + pendingOpens < limits.simulations else {
            throw .limitReached("simulations", maximum: Double(limits.simulations))
        }
        guard nextID < Self.maxSimulationNumber else {
            throw .limitReached("simulationIds", maximum: Double(Self.maxSimulationNumber))
        }
        try checkQuota()
        let id = "sim-\(nextID + 1)"
        let plan = try planEntry(openRecord(parameters, id: id, live: false))
        try reserveItems(for: plan)
        let entry: SimulationEntry
        do throws(ServiceError) {
            entry = try plan.build()
            try persistOrFail(.open(entry.record))
        } catch {
            unreserveItems(for: plan)
            throw error
        }
        nextID += 1
        chargeItems(of: entry, items: plan.items)
        simulations[id] = entry
        return ["simulation": info(entry)]
    }

    /// A prefetch override in viewport lengths over the scenario's policy (0 turns it off).
    static func prefetch(screens: Double, over base: PrefetchPolicy) -> PrefetchPolicy {
        guard screens > 0 else { return .disabled }
        var policy = base.isEnabled ? base : .uikit
        policy.distance = .screens(screens)
        return policy
    }

    /// Runs `persist`, turning its error into `PersistenceFailed`.
    func persistOrFail(_ record: InputRecord) throws(ServiceError) {
        do {
            try persist(record)
        } catch {
            throw .persistenceFailed("\(error)")
        }
    }
}
