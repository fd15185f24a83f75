import CollectionTypes
import CollectionView
import CompositionalLayout
import JSONModel
import Scenario
import ScrollSimulation
import Varlink

/// The methods that read or change open simulations.
extension SimulatorService {
    func entry(_ id: String) throws(ServiceError) -> SimulationEntry {
        guard let entry = simulations[id] else { throw .noSuchSimulation(id) }
        return entry
    }

    func status(_ daemon: DaemonStatus) -> [String: JSONValue] {
        StatusReply(
            version: version, simulations: simulations.count, liveSimulations: simulations.values.count { $0.live },
            scenarios: catalog.names().count, eventLogCapacity: limits.logCapacity, daemon: daemon
        ).parameters
    }

    /// Each scenario is parsed when its file is new or has changed since the last call (a
    /// directory of hundreds of scenarios took a parse of every file per call).
    func listScenarios() -> [String: JSONValue] {
        var list: [JSONValue] = []
        var seen: [String: (version: String, summary: JSONValue?)] = [:]
        for name in catalog.names() {
            guard let version = catalog.version(of: name) else { continue }
            let summary: JSONValue?
            if let cached = scenarioSummaries[name], cached.version == version {
                summary = cached.summary
            } else {
                summary = (try? catalog.load(name)).map { scenario in
                    .object([
                        "name": .string(name), "description": .string(scenario.summary ?? ""),
                        "sections": .number(Double(scenario.sections.count)),
                    ])
                }
            }
            seen[name] = (version, summary)
            if let summary { list.append(summary) }
        }
        scenarioSummaries = seen
        for offer in screens?.offers ?? [] where seen[offer.screen.name] == nil {
            list.append(
                .object([
                    "name": .string(offer.screen.name), "description": .string(offer.screen.summary), "sections": 0,
                    "host": .string(offer.host),
                ]))
        }
        return ["scenarios": .array(list)]
    }

    func advance(_ parameters: AdvanceParameters) throws(ServiceError) -> [String: JSONValue] {
        let (entry, record) = try storeAdvance(parameters)
        apply(record, to: entry)
        if let failure = entry.failure { throw .simulationFailed(failure) }
        return ["simulation": info(entry)]
    }

    /// A long Advance for the daemon to run in slices: checked and stored now, run later.
    func advanceJob(_ parameters: AdvanceParameters) throws(ServiceError) -> AdvanceJob {
        let (entry, record) = try storeAdvance(parameters)
        entry.remember(record)
        guard case .advance(_, let target) = record else { preconditionFailure("storeAdvance stores an advance") }
        return AdvanceJob(service: self, entry: entry, target: target)
    }

    private func storeAdvance(_ parameters: AdvanceParameters) throws(ServiceError) -> (SimulationEntry, InputRecord) {
        let entry = try entry(parameters.simulation)
        guard parameters.seconds <= limits.secondsPerAdvance else {
            throw .limitReached("secondsPerAdvance", maximum: limits.secondsPerAdvance)
        }
        guard entry.clock == .virtual else { throw .realtimeClock(simulation: entry.id) }
        guard !entry.isBusy else { throw .simulationBusy(simulation: entry.id) }
        if let failure = entry.failure { throw .simulationFailed(failure) }
        let record = InputRecord.advance(simulation: entry.id, to: entry.simulation.time + parameters.seconds)
        try persistOrFail(record)
        return (entry, record)
    }

    func perform(_ parameters: PerformParameters) throws(ServiceError) -> [String: JSONValue] {
        let entry = try entry(parameters.simulation)
        let input = try performedInput(parameters, on: entry)
        let record = try storePerform(input, on: entry)
        if let rejected = apply(record, to: entry) {
            if case .limitReached(let name, let maximum) = rejected { throw .limitReached(name, maximum: Double(maximum)) }
            throw .rejectedGesture(rejected)
        }
        if let failure = entry.failure { throw .simulationFailed(failure) }
        return ["simulation": info(entry)]
    }

    /// A `Perform` of a large edit, stored and handed to the daemon to apply off the loop; nil
    /// for every other (it is answered at once by `perform`, or its parameters are wrong).
    func startPerform(_ call: VarlinkCall) throws(ServiceError) -> Route? {
        guard case .success = varlink.validate(call) else { return nil }
        let parameters = try PerformParameters(call.parameters)
        let entry = try entry(parameters.simulation)
        let input = try performedInput(parameters, on: entry)
        guard appliesInBackground(input, on: entry) else { return nil }
        let record = try storePerform(input, on: entry)
        return .edit(beginEdit(input, record: record, on: entry))
    }

    /// The input a `Perform` names, checked against the simulation and the per-call limits.
    private func performedInput(
        _ parameters: PerformParameters, on entry: SimulationEntry
    ) throws(ServiceError)
        -> SimulationInput
    {
        guard !entry.isBusy else { throw .simulationBusy(simulation: entry.id) }
        let input: SimulationInput
        do throws(ScenarioError) {
            input = try ScenarioParser().input(from: parameters.gesture, sections: entry.simulation.sectionNames)
        } catch {
            throw .invalidGesture(error)
        }
        guard input.editedItems <= limits.itemsPerEdit else {
            throw .limitReached("itemsPerEdit", maximum: Double(limits.itemsPerEdit))
        }
        return input
    }

    /// Brings a realtime simulation up to date and stores the input at its time.
    private func storePerform(_ input: SimulationInput, on entry: SimulationEntry) throws(ServiceError) -> InputRecord {
        // A realtime simulation may trail the clock (budgeted ticks): catch it up first, within
        // the call's budget, so the input lands as close to the time the client meant as the
        // daemon can afford. One too far behind (its frames cost more than real time) gets the
        // input at its own time, which the record keeps, so a replay lands it there too.
        if entry.clock == .realtime { entry.advance(to: now - entry.origin, while: context.catchUp) }
        if let failure = entry.failure { throw .simulationFailed(failure) }
        let record = InputRecord.perform(simulation: entry.id, at: entry.simulation.time, input: input)
        try persistOrFail(record)
        return record
    }

    func close(_ id: String) throws(ServiceError) -> [String: JSONValue] {
        let entry = try entry(id)
        guard !entry.isBusy else { throw .simulationBusy(simulation: entry.id) }
        try persistOrFail(.close(simulation: entry.id))
        unregister(entry.id)
        entry.screen?.close()
        return [:]
    }

    func layout(_ parameters: LayoutParameters) throws(ServiceError) -> [String: JSONValue] {
        let entry = try entry(parameters.simulation)
        if let screen = entry.screen {
            return try hostPicture { () throws(SimulationError) in try screen.picture(.layout, rect: parameters.rect) }
        }
        let view = entry.engine!.collectionView
        let names = view.dataSource.snapshot().sectionIdentifiers
        return try LayoutReply.of(view, names: names, rect: parameters.rect, limit: limits.elementsPerReply).parameters
    }

    func visible(_ entry: SimulationEntry) throws(ServiceError) -> [String: JSONValue] {
        if let screen = entry.screen {
            return try hostPicture { () throws(SimulationError) in try screen.picture(.visible) }
        }
        let view = entry.engine!.collectionView
        return VisibleReply.of(view, names: view.dataSource.snapshot().sectionIdentifiers).parameters
    }

    /// A picture a screen host drew: its failure fails the simulation (as an advance's would).
    private func hostPicture(
        _ draw: () throws(SimulationError) -> [String: JSONValue]
    ) throws(ServiceError) -> [String: JSONValue] {
        do throws(SimulationError) {
            return try draw()
        } catch {
            throw .simulationFailed(error)
        }
    }

    func events(_ parameters: EventsParameters) throws(ServiceError) -> [String: JSONValue] {
        let log = try entry(parameters.simulation).simulation.log
        return EventsReply(events: log.records(after: parameters.after, limit: parameters.limit), total: log.total).parameters
    }

    func counts(_ entry: SimulationEntry) -> [String: JSONValue] {
        CountsReply(entry.countsSnapshot, behind: behind(entry)).parameters
    }
}
