import CompositionalLayout
import Foundation
import JSONModel
import Scenario

/// `open`, `advance`, `perform` and `close`: one simulation on the daemon, step by step, so the
/// whole Varlink API is reachable from the shell (`counts ID`, `watch ID` read it meanwhile).
enum SimulationCommands {
    static let helps: [String: String] = [
        "open": """
        usage: scrollsimctl open SCENARIO [--viewport WxH] [--policy P] [--seed N] [--prefetch SCREENS]
                                 [--realtime] [--scenario-dir DIR] [--json] [--address unix:PATH]

        Opens a simulation of SCENARIO on the daemon and prints its identifier (e.g. sim-4) on the
        first line. It stays at time 0 until advanced (--realtime: it follows the daemon's clock).
        """,
        "advance": """
        usage: scrollsimctl advance ID SECONDS [--json] [--address unix:PATH]

        Runs a simulation SECONDS further in virtual time (its script, feeds and flings go on) and
        prints its time and counts. Over a second, the daemon runs it between other clients' calls.
        """,
        "perform": """
        usage: scrollsimctl perform ID STEP [--json] [--address unix:PATH]

        Gives a simulation one input, a scenario script step as JSON, at its current time, e.g.
          scrollsimctl perform sim-4 '{"fling": {"section": "company", "velocity": -3000}}'
          scrollsimctl perform sim-4 '{"apply": {"appendItems": {"section": "company", "count": 5}}}'
        """,
        "close": """
        usage: scrollsimctl close ID [--address unix:PATH]

        Closes a simulation (its identifier is never given again).
        """,
    ]

    static func open(_ arguments: Arguments) throws -> ExitStatus {
        if DaemonCommands.helped("open", arguments) { return .success }
        guard arguments.positional.count == 1 else { throw UsageError("open takes one SCENARIO") }
        var parameters = try Backends.scenarioParameters(arguments.positional[0], arguments)
        if let text = arguments.options["viewport"] {
            let viewport = try LayoutCommand.viewport(text, base: ScenarioViewport())
            parameters["viewport"] = .object(["width": .number(viewport.width), "height": .number(viewport.height)])
        }
        if let policy = arguments.options["policy"] { parameters["policy"] = .string(policy) }
        if let text = arguments.options["seed"] {
            guard let seed = UInt64(text) else { throw UsageError("--seed expects a whole number, not '\(text)'") }
            parameters["seed"] = .number(Double(seed))
        }
        if let text = arguments.options["prefetch"] {
            guard let screens = Double(text), screens >= 0, screens <= 10 else {
                throw UsageError("--prefetch expects 0 to 10 viewport lengths, not '\(text)'")
            }
            parameters["prefetch"] = .number(screens)
        }
        if arguments.flags.contains("realtime") { parameters["clock"] = .string("realtime") }
        let reply = try DaemonCommands.client(arguments).call(DaemonCommands.method + "OpenSimulation", parameters)
        return try show(reply, arguments)
    }

    static func advance(_ arguments: Arguments) throws -> ExitStatus {
        if DaemonCommands.helped("advance", arguments) { return .success }
        guard arguments.positional.count == 2 else { throw UsageError("advance takes ID and SECONDS") }
        guard let seconds = Double(arguments.positional[1]), seconds.isFinite, seconds >= 0 else {
            throw UsageError("advance expects SECONDS as a number of seconds, not '\(arguments.positional[1])'")
        }
        let client = try DaemonCommands.client(arguments)
        let id = arguments.positional[0]
        let reply = try client.call(DaemonCommands.method + "Advance", ["simulation": .string(id), "seconds": .number(seconds)])
        return try showCounts(reply, id, client, arguments)
    }

    static func perform(_ arguments: Arguments) throws -> ExitStatus {
        if DaemonCommands.helped("perform", arguments) { return .success }
        guard arguments.positional.count == 2 else { throw UsageError("perform takes ID and STEP (JSON)") }
        guard case .success(let step) = JSONValue.parse(Array(arguments.positional[1].utf8)), step.objectValue != nil else {
            throw UsageError("perform expects STEP as a JSON object, e.g. '{\"fling\": {\"velocity\": -3000}}'")
        }
        let client = try DaemonCommands.client(arguments)
        let id = arguments.positional[0]
        let reply = try client.call(DaemonCommands.method + "Perform", ["simulation": .string(id), "gesture": step])
        return try showCounts(reply, id, client, arguments)
    }

    static func close(_ arguments: Arguments) throws -> ExitStatus {
        if DaemonCommands.helped("close", arguments) { return .success }
        guard arguments.positional.count == 1 else { throw UsageError("close takes one ID") }
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
        let info = reply["simulation"]?.objectValue ?? [:]
        let viewport = info["viewport"]?.objectValue ?? [:]
        print(info["simulation"]?.stringValue ?? "?")
        print(
            "\(info["scenario"]?.stringValue ?? "an inline definition") on \(formatPoints(viewport["width"]?.numberValue ?? 0))×\(formatPoints(viewport["height"]?.numberValue ?? 0)), policy \(info["policy"]?.stringValue ?? "?"), seed \(Int(info["seed"]?.numberValue ?? 0)), \(info["clock"]?.stringValue ?? "?") clock"
        )
        return .success
    }

    /// A simulation's time (from the change's reply) and counts after a change.
    private static func showCounts(
        _ reply: [String: JSONValue], _ id: String, _ client: DaemonClient, _ arguments: Arguments
    ) throws -> ExitStatus {
        let counts = try client.call(DaemonCommands.method + "GetCounts", ["simulation": .string(id)])
        if arguments.flags.contains("json") {
            try CommandLineTool.printJSON(.object(["simulation": reply["simulation"] ?? .null, "counts": .object(counts)]))
            return .success
        }
        let total = counts["total"]?.objectValue ?? [:]
        let time = reply["simulation"]?.objectValue?["time"]?.numberValue ?? 0
        print(
            "\(id) at \(String(format: "%.3f", time)) s: "
                + DaemonCommands.columns.map { "\($0.1) \(Int(total[$0.0]?.numberValue ?? 0))" }.joined(separator: ", "))
        return .success
    }
}
