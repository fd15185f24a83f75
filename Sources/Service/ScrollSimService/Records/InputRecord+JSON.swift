import CollectionView
import JSONModel
import Scenario
import ScrollSimulation

/// A stored record that cannot be read or applied (the daemon logs it and goes on).
package struct ReplayError: Error, Sendable, Hashable, CustomStringConvertible {
    package var message: String
    package var description: String { message }

    package init(_ message: String) { self.message = message }
}

extension InputRecord {
    /// The record as one JSON object, the state file's line: `{"op": "advance", "simulation": …}`.
    package var json: JSONValue {
        switch self {
        case .open(let record): record.json
        case .advance(let id, let time): .object(["op": "advance", "simulation": .string(id), "to": .number(time)])
        case .perform(let id, let time, let input):
            .object(["op": "perform", "simulation": .string(id), "at": .number(time), "gesture": input.json])
        case .close(let id): .object(["op": "close", "simulation": .string(id)])
        case .clock(let time): .object(["op": "clock", "time": .number(time)])
        case .nextSimulation(let next): .object(["op": "ids", "next": .number(Double(next))])
        }
    }

    /// Reads a stored record.
    /// - Throws: `ReplayError` naming what is missing or malformed.
    package init(json: JSONValue) throws(ReplayError) {
        guard let fields = json.objectValue, let op = fields["op"]?.stringValue else { throw ReplayError("not a record") }
        if op == "clock" {
            guard let time = fields["time"]?.numberValue, time.isFinite else { throw ReplayError("clock without a time") }
            self = .clock(time: time)
            return
        }
        if op == "ids" {
            guard let next = fields["next"]?.numberValue, next.isFinite, next == next.rounded() else {
                throw ReplayError("ids without a whole next number")
            }
            guard next >= 0, next <= Double(SimulatorService.maxSimulationNumber) else {
                throw ReplayError("ids: \(next) is outside 0…\(SimulatorService.maxSimulationNumber)")
            }
            self = .nextSimulation(Int(next))
            return
        }
        guard let id = fields["simulation"]?.stringValue else { throw ReplayError("\(op) without a simulation") }
        switch op {
        case "open":
            self = .open(try OpenRecord(fields: fields, simulation: id))
        case "advance":
            guard let time = fields["to"]?.numberValue, time.isFinite else {
                throw ReplayError("advance of \(id) without a time")
            }
            self = .advance(simulation: id, to: time)
        case "perform":
            guard let time = fields["at"]?.numberValue, time.isFinite else {
                throw ReplayError("perform on \(id) without a time")
            }
            do throws(ScenarioError) {
                self = .perform(
                    simulation: id, at: time, input: try ScenarioParser().input(from: fields["gesture"] ?? .null, sections: nil))
            } catch {
                throw ReplayError("perform on \(id): \(error.description)")
            }
        case "close":
            self = .close(simulation: id)
        default:
            throw ReplayError("unknown record \(op)")
        }
    }
}

extension OpenRecord {
    /// The open record as stored.
    package var json: JSONValue {
        var fields: [String: JSONValue] = [
            "op": "open", "simulation": .string(simulation), "seed": .number(Double(seed)), "clock": .string(clock.rawValue),
        ]
        if let scenario { fields["scenario"] = .string(scenario) }
        if let pinned { fields["pinned"] = pinned }
        if let definition { fields["definition"] = definition }
        if let viewport { fields["viewport"] = .object(["width": .number(viewport.width), "height": .number(viewport.height)]) }
        if let policy { fields["policy"] = .string(policy.rawValue) }
        if let origin { fields["origin"] = .number(origin) }
        if live { fields["live"] = .bool(true) }
        if let prefetch { fields["prefetch"] = .number(prefetch) }
        if let owner { fields["owner"] = .number(Double(owner)) }
        if let screen {
            fields["screen"] = .object([
                "name": .string(screen.name), "host": .string(screen.host), "path": .string(screen.path),
                "build": .string(screen.build),
            ])
        }
        return .object(fields)
    }

    init(fields: [String: JSONValue], simulation: String) throws(ReplayError) {
        self.init(simulation: simulation)
        scenario = fields["scenario"]?.stringValue
        pinned = fields["pinned"]
        definition = fields["definition"].flatMap { $0 == .null ? nil : $0 }
        if case .object(let size)? = fields["viewport"] {
            guard let width = size["width"]?.numberValue, let height = size["height"]?.numberValue,
                let viewport = ViewportSize(width: width, height: height)
            else { throw ReplayError("open of \(simulation): invalid viewport") }
            self.viewport = viewport
        }
        if let name = fields["policy"]?.stringValue {
            guard let policy = InvalidationPolicy(rawValue: name) else {
                throw ReplayError("open of \(simulation): unknown policy \(name)")
            }
            self.policy = policy
        }
        seed = fields["seed"]?.numberValue.flatMap { UInt64(exactly: $0) } ?? 0
        clock = fields["clock"]?.stringValue.flatMap(SimulationClock.init(rawValue:)) ?? .virtual
        origin = fields["origin"]?.numberValue
        live = fields["live"] == .bool(true)
        if let value = fields["prefetch"] {
            guard case .number(let screens) = value, screens >= 0, screens <= 10 else {
                throw ReplayError("open of \(simulation): invalid prefetch")
            }
            prefetch = screens
        }
        if let value = fields["owner"] {
            guard case .number(let uid) = value, let owner = UInt32(exactly: uid) else {
                throw ReplayError("open of \(simulation): invalid owner")
            }
            self.owner = owner
        }
        if let value = fields["screen"] {
            guard case .object(let screen) = value, let name = screen["name"]?.stringValue,
                let host = screen["host"]?.stringValue, let path = screen["path"]?.stringValue,
                let build = screen["build"]?.stringValue
            else { throw ReplayError("open of \(simulation): invalid screen (name, host, path and build)") }
            self.screen = ScreenRecord(name: name, host: host, path: path, build: build)
        }
        guard scenario != nil || pinned != nil || definition != nil || screen != nil else {
            throw ReplayError("open of \(simulation): no scenario or definition")
        }
    }
}
