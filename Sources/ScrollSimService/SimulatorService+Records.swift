import JSONModel
import Scenario
import ScrollSimulation
import Varlink

/// A state-file record that cannot be applied (the daemon logs it and goes on).
public struct ReplayError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// A live simulation the configuration asks for.
public struct LiveSimulationSpec: Sendable, Hashable {
    public var scenario: String
    public var width: Double
    public var height: Double
    public var policy: String?
    public var seed: UInt64

    public init(scenario: String, width: Double, height: Double, policy: String? = nil, seed: UInt64 = 0) {
        self.scenario = scenario
        self.width = width
        self.height = height
        self.policy = policy
        self.seed = seed
    }

    /// A stable identifier, so a restart or a reload finds the same live simulation again.
    public var id: String {
        "live-\(scenario)-\(Int(width))x\(Int(height))" + (policy.map { "-\($0)" } ?? "") + (seed == 0 ? "" : "-s\(seed)")
    }
}

/// Inputs as records: the persisted form every state change takes, applied the same way live and
/// on replay. Records: `open`, `advance` (to a time), `perform` (a gesture at a time), `close`,
/// and `clock` (the daemon's time, which realtime simulations follow).
extension SimulatorService {
    /// Applies an input record to its simulation; returns a perform's rejection message.
    @discardableResult
    func apply(_ record: JSONValue, to entry: SimulationEntry) -> String? {
        guard let fields = record.objectValue else { return nil }
        entry.remember(record)
        switch fields["op"]?.stringValue {
        case "advance":
            entry.advance(to: fields["to"]?.numberValue ?? 0)
        case "perform":
            entry.advance(to: fields["at"]?.numberValue ?? 0)
            guard entry.failure == nil else { return nil }
            let gesture: Gesture
            do throws(ScenarioError) {
                gesture = try ScenarioParser().gesture(
                    from: fields["gesture"] ?? .null, sections: entry.scenario.sections.map(\.id))
            } catch {
                return error.description
            }
            do throws(SimulationError) {
                try entry.simulation.perform(gesture)
            } catch {
                if case .invalidSpec(let message) = error { return message }
                entry.failure = error.description
            }
        default:
            break
        }
        return nil
    }

    /// Applies one record of the state file (no persisting: it is already there).
    public func replay(_ record: JSONValue) throws(ReplayError) {
        guard let fields = record.objectValue, let op = fields["op"]?.stringValue else {
            throw ReplayError(message: "not a record")
        }
        if op == "clock" {
            guard let time = fields["time"]?.numberValue else { throw ReplayError(message: "clock without a time") }
            advanceRealtime(to: time)
            return
        }
        guard let id = fields["simulation"]?.stringValue else { throw ReplayError(message: "\(op) without a simulation") }
        switch op {
        case "open":
            switch makeEntry(record) {
            case .success(let entry):
                simulations[id] = entry
                if id.hasPrefix("sim-"), let n = Int(id.dropFirst(4)) { nextID = Swift.max(nextID, n) }
            case .failure(let error):
                throw ReplayError(message: "\(id) cannot be opened again: \(error)")
            }
        case "close":
            simulations[id] = nil
        case "advance", "perform":
            guard let entry = simulations[id] else { throw ReplayError(message: "\(op) for unknown simulation \(id)") }
            apply(record, to: entry)
        default:
            throw ReplayError(message: "unknown record \(op)")
        }
    }

    /// The records that recreate every open simulation as it is now: each one's open record and
    /// inputs, then the daemon's time. The daemon rewrites its state file from these.
    public func compactRecords(clock: Double) -> [JSONValue] {
        simulationIDs.flatMap { id in [simulations[id]!.openRecord] + simulations[id]!.inputs }
            + [.object(["op": "clock", "time": .number(clock)])]
    }

    /// Makes the live simulations match the configuration: keeps those already open (across a
    /// restart or a reload), opens the missing ones and closes those no longer configured.
    /// Returns a message per live simulation that could not be opened.
    public func reconcileLive(_ specs: [LiveSimulationSpec]) -> [String] {
        var problems: [String] = []
        let wanted = Set(specs.map(\.id))
        for id in liveIDs where !wanted.contains(id) {
            if let failure = persistFailure(.object(["op": "close", "simulation": .string(id)])) {
                problems.append("\(id): \(failure)")
                continue
            }
            simulations[id] = nil
        }
        for spec in specs where simulations[spec.id] == nil {
            var parameters: [String: JSONValue] = [
                "scenario": .string(spec.scenario),
                "viewport": .object(["width": .number(spec.width), "height": .number(spec.height)]),
                "seed": .number(Double(spec.seed)), "clock": "realtime",
            ]
            if let policy = spec.policy { parameters["policy"] = .string(policy) }
            let opened = openRecord(parameters, id: spec.id, live: true).flatMap(makeEntry).flatMap {
                entry -> Result<SimulationEntry, VarlinkError> in
                if let failure = persistFailure(entry.openRecord) { return .failure(failure) }
                return .success(entry)
            }
            switch opened {
            case .success(let entry): simulations[spec.id] = entry
            case .failure(let error): problems.append("\(spec.id): \(error)")
            }
        }
        return problems
    }

    /// Forgets every simulation (before a replay).
    public func removeAll() {
        simulations = [:]
        nextID = 0
    }
}
