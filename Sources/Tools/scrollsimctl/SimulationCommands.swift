import CommandLineSpec
import CompositionalLayout
import Foundation
import JSONModel
import Scenario
import ScrollSimService

/// `open`, `advance`, `perform` and `close`: one simulation on the daemon, step by step, so the
/// whole Varlink API is reachable from the shell (`counts ID`, `watch ID` read it meanwhile).
enum SimulationCommands {

    static func open(_ arguments: Arguments) throws -> ExitStatus {
        var parameters = try Backends.runParameters(arguments.positional[0], arguments)
        if arguments.flags.contains("realtime") { parameters["clock"] = .string("realtime") }
        let reply = try DaemonCommands.client(arguments).invoke("OpenSimulation", parameters)
        return try show(reply, arguments)
    }

    static func advance(_ arguments: Arguments) throws -> ExitStatus {
        guard let seconds = Double(arguments.positional[1]), seconds.isFinite, seconds >= 0 else {
            throw UsageError("advance expects SECONDS as a number of seconds, not '\(arguments.positional[1])'")
        }
        let client = try DaemonCommands.client(arguments)
        let id = arguments.positional[0]
        let reply = try client.invoke("Advance", ["simulation": .string(id), "seconds": .number(seconds)])
        return try showCounts(reply, id, client, arguments)
    }

    static func perform(_ arguments: Arguments) throws -> ExitStatus {
        guard case .success(let step) = JSONValue.parse(Array(arguments.positional[1].utf8)), step.objectValue != nil else {
            throw UsageError("perform expects STEP as a JSON object, e.g. '{\"fling\": {\"velocity\": -3000}}'")
        }
        let client = try DaemonCommands.client(arguments)
        let id = arguments.positional[0]
        let reply = try client.invoke("Perform", ["simulation": .string(id), "gesture": step])
        return try showCounts(reply, id, client, arguments)
    }

    static func close(_ arguments: Arguments) throws -> ExitStatus {
        _ = try DaemonCommands.client(arguments).call(
            DaemonCommands.method + "CloseSimulation", ["simulation": .string(arguments.positional[0])])
        return .success
    }

    /// The opened simulation: its id first (for scripts), then what it is.
    private static func show(_ reply: [String: JSONValue], _ arguments: Arguments) throws -> ExitStatus {
        if arguments.flags.contains("json") {
            try CommandLineTool.printJSON(.object(reply))
            return .success
        }
        let info = try SimulationInfo.decoded(reply["simulation"])
        print(info.simulation)
        print(
            "\(info.scenario) on \(formatPoints(info.width))×\(formatPoints(info.height)), policy \(info.policy), seed \(Int(exactly: info.seed).map(String.init) ?? "\(info.seed)"), \(info.clock) clock"
        )
        return .success
    }

    /// A simulation's time (from the change's reply) and counts after a change.
    private static func showCounts(
        _ reply: [String: JSONValue], _ id: String, _ client: DaemonClient, _ arguments: Arguments
    ) throws -> ExitStatus {
        let (counts, decoded) = try DaemonCommands.counts(client, id)
        if arguments.flags.contains("json") {
            try CommandLineTool.printJSON(.object(["simulation": reply["simulation"] ?? .null, "counts": .object(counts)]))
            return .success
        }
        let time = try SimulationInfo.decoded(reply["simulation"]).time
        DaemonCommands.warnIfBehind(id, decoded.behind)
        let columns = DaemonCommands.columns(for: [decoded.total])
        print(
            "\(id) at \(String(format: "%.3f", time)) s: "
                + zip(columns, DaemonCommands.cells(decoded.total, columns)).map { "\($0.1) \($1)" }.joined(separator: ", "))
        return .success
    }
}
