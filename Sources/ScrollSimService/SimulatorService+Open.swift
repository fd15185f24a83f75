import CollectionView
import JSONModel
import Scenario
import ScrollSimulation
import Varlink

extension SimulatorService {
    static func error(_ name: String, _ parameters: [String: JSONValue] = [:]) -> VarlinkError {
        VarlinkError("\(interfaceName).\(name)", parameters)
    }

    static func limitReached(_ limit: String, _ maximum: Double) -> VarlinkError {
        error("LimitReached", ["limit": .string(limit), "maximum": .number(maximum)])
    }

    /// Loads the scenario a call or record names: a shipped one by `scenario`, or an inline
    /// `definition`; exactly one of them.
    func scenario(_ parameters: [String: JSONValue]) -> Result<Scenario, VarlinkError> {
        switch (parameters["scenario"] ?? .null, parameters["definition"] ?? .null) {
        case (.string(let name), .null):
            do throws(ScenarioError) {
                return .success(try catalog.load(name))
            } catch {
                if case .notFound = error { return .failure(Self.error("NoSuchScenario", ["scenario": .string(name)])) }
                return .failure(Self.error("InvalidScenario", ["message": .string(error.description)]))
            }
        case (.null, .object):
            do throws(ScenarioError) {
                return .success(try ScenarioParser().parse(parameters["definition"]!))
            } catch {
                return .failure(Self.error("InvalidScenario", ["message": .string(error.description)]))
            }
        default:
            return .failure(.invalidParameter("scenario"))  // exactly one of scenario and definition
        }
    }

    /// A viewport parameter over the scenario's own (which keeps its scale and safe area).
    static func viewport(_ value: JSONValue?, over base: ScenarioViewport) -> ScenarioViewport? {
        guard case .object(let size)? = value else { return base }
        guard case .number(let width)? = size["width"], case .number(let height)? = size["height"],
            width >= 1, height >= 1, width <= 100_000, height <= 100_000
        else { return nil }
        var viewport = base
        viewport.width = width
        viewport.height = height
        return viewport
    }

    /// The record that opens a simulation: validated parameters in the persisted form.
    func openRecord(_ parameters: [String: JSONValue], id: String, live: Bool) -> Result<JSONValue, VarlinkError> {
        var record: [String: JSONValue] = ["op": "open", "simulation": .string(id)]
        if let name = parameters["scenario"], name != .null { record["scenario"] = name }
        // A scenario named from the catalog is pinned: its definition as opened goes into the
        // record, so a replay after the files changed rebuilds the same simulation (an unknown
        // name fails in makeEntry).
        if case .string(let name)? = parameters["scenario"], parameters["definition"] == nil || parameters["definition"] == .null,
            let definition = try? catalog.definition(name)
        {
            record["pinned"] = definition
        }
        if let definition = parameters["definition"], definition != .null { record["definition"] = definition }
        if let viewport = parameters["viewport"], viewport != .null { record["viewport"] = viewport }
        if case .string(let policy)? = parameters["policy"] { record["policy"] = .string(policy) }
        var seed = 0.0
        if case .number(let n)? = parameters["seed"] {
            guard n >= 0, n <= 9_007_199_254_740_992, n.rounded() == n else { return .failure(.invalidParameter("seed")) }
            seed = n
        }
        record["seed"] = .number(seed)
        let clock = parameters["clock"]?.stringValue.flatMap(SimulationClock.init(rawValue:))
        record["clock"] = .string((clock ?? .virtual).rawValue)
        if clock == .realtime { record["origin"] = .number(now()) }
        if live { record["live"] = .bool(true) }
        return .success(.object(record))
    }

    /// Builds a simulation from its open record (calls, replay and live simulations share this).
    func makeEntry(_ record: JSONValue) -> Result<SimulationEntry, VarlinkError> {
        guard let fields = record.objectValue, case .string(let id)? = fields["simulation"] else {
            return .failure(.invalidParameter("simulation"))
        }
        let scenario: Scenario
        if let pinned = fields["pinned"] {
            // Records written before pinning name the scenario only; those load it by name.
            do throws(ScenarioError) {
                scenario = try ScenarioParser().parse(pinned)
            } catch {
                return .failure(Self.error("InvalidScenario", ["message": .string(error.description)]))
            }
        } else {
            switch self.scenario(fields) {
            case .success(let value): scenario = value
            case .failure(let error): return .failure(error)
            }
        }
        guard let viewport = Self.viewport(fields["viewport"], over: scenario.viewport) else {
            return .failure(.invalidParameter("viewport"))
        }
        var policy = scenario.invalidation
        if case .string(let name)? = fields["policy"] {
            guard let value = InvalidationPolicy(rawValue: name) else { return .failure(.invalidParameter("policy")) }
            policy = value
        }
        let seed = fields["seed"]?.numberValue.flatMap { UInt64(exactly: $0) } ?? 0
        let clock = fields["clock"]?.stringValue.flatMap(SimulationClock.init(rawValue:)) ?? .virtual
        let origin = fields["origin"]?.numberValue ?? 0
        var configured = scenario
        configured.invalidation = policy
        let simulation: Simulation
        do throws(SimulationError) {
            simulation = try Simulation(spec: configured.simulationSpec(viewport: viewport, policy: policy), seed: seed)
        } catch {
            return .failure(Self.error("InvalidScenario", ["message": .string(error.description)]))
        }
        return .success(
            SimulationEntry(
                id: id, openRecord: record, scenario: configured, viewport: viewport, policy: policy, seed: seed, clock: clock,
                origin: origin, live: fields["live"] == .bool(true), simulation: simulation))
    }

    /// Opens a simulation for a call: checked, persisted, then registered.
    func open(_ parameters: [String: JSONValue]) -> Result<[String: JSONValue], VarlinkError> {
        guard simulations.count < limits.simulations else {
            return .failure(Self.limitReached("simulations", Double(limits.simulations)))
        }
        let id = "sim-\(nextID + 1)"
        return openRecord(parameters, id: id, live: false).flatMap(makeEntry).flatMap { entry in
            if let failure = persistFailure(entry.openRecord) { return .failure(failure) }
            nextID += 1
            simulations[id] = entry
            return .success(["simulation": info(entry)])
        }
    }

    /// Runs `persist`, turning its error into the reply.
    func persistFailure(_ record: JSONValue) -> VarlinkError? {
        do {
            try persist(record)
            return nil
        } catch {
            return Self.error("PersistenceFailed", ["message": .string("\(error)")])
        }
    }
}
