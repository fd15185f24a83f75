import Foundation
import Glibc
import JSONModel

/// `scrollsimctl live`: the live simulations' counts, refreshed every second: the daemon's main
/// job at a glance. With `--start-daemon`, starts a throwaway scrollsimd when none answers
/// (`StartedDaemon`), and stops it at the end.
enum LiveCommand {
    static let help = """
        usage: scrollsimctl live [--seconds N] [--interval S] [--start-daemon] [--address unix:PATH] [--json]

        Shows the live simulations' counts (section-provider and cell-provider calls, cells, appends),
        refreshed every --interval seconds (default 1) for --seconds (default: until Ctrl-C).

          --start-daemon   start scrollsimd (found next to scrollsimctl or on PATH) on the socket if no
                           daemon answers there, with its built-in configuration (the home screen on
                           375×667, 390×844 and 430×932, scrolling in a loop) and a fresh temporary
                           state directory; it is stopped, and its state removed, when the command
                           ends, on Ctrl-C and on SIGTERM
          --json           one JSON object per refresh: {"simulations": [{"simulation", "time", "total"}]}
        """

    static func run(_ arguments: Arguments) throws -> ExitStatus {
        if arguments.flags.contains("help") {
            print(help)
            return .success
        }
        let seconds = try arguments.options["seconds"].map { value throws(UsageError) in try positiveSeconds(value, "--seconds") }
        let interval =
            try arguments.options["interval"].map { value throws(UsageError) in try positiveSeconds(value, "--interval") } ?? 1
        guard interval >= 0.05 else { throw UsageError("--interval expects at least 0.05 seconds, not \(interval)") }
        let address = arguments.options["address"] ?? DaemonClient.defaultAddress()
        var started: StartedDaemon?
        let client: DaemonClient
        if let connected = try? DaemonClient(address: address) {
            client = connected
        } else if arguments.flags.contains("start-daemon") {
            let daemon = try StartedDaemon(address: address)
            started = daemon
            client = try daemon.connect(address: address)
        } else {
            client = try DaemonClient(address: address)  // fails again, with the reason
        }
        defer { started?.stop() }
        let deadline = seconds.map { Date().addingTimeInterval($0) }
        let terminal = isatty(STDOUT_FILENO) == 1 && !arguments.flags.contains("json")
        var first = true
        while true {
            let list = try client.call(DaemonCommands.method + "ListSimulations")
            let live = (list["simulations"]?.arrayValue ?? []).compactMap(\.objectValue).filter { $0["live"] == .bool(true) }
            var rows: [JSONValue] = []
            var table = TextTable(["simulation", "time s"] + DaemonCommands.columns.map(\.1))
            for info in live {
                guard let id = info["simulation"]?.stringValue else { continue }
                let counts = try client.call(DaemonCommands.method + "GetCounts", ["simulation": .string(id)])
                let total = counts["total"]?.objectValue ?? [:]
                let time = info["time"]?.numberValue ?? 0
                rows.append(.object(["simulation": .string(id), "time": .number(time), "total": .object(total)]))
                table.add(
                    [id, String(format: "%.1f", time)] + DaemonCommands.columns.map { String(Int(total[$0.0]?.numberValue ?? 0)) }
                )
            }
            if arguments.flags.contains("json") {
                print(String(decoding: JSONValue.object(["simulations": .array(rows)]).encoded(), as: UTF8.self))
            } else {
                if terminal { print("\u{1B}[H\u{1B}[2J", terminator: "") } else if !first { print() }
                print(
                    "scrollsimd at \(client.path): \(live.count) live simulation\(live.count == 1 ? "" : "s")\(terminal ? " (Ctrl-C to stop)" : "")"
                )
                print(live.isEmpty ? "no live simulations (see [Live] in scrollsimd.conf)" : table.render())
            }
            fflush(nil)  // all streams: Glibc's stdout global is not concurrency-safe to name
            first = false
            if let deadline, Date().addingTimeInterval(interval) > deadline { return .success }
            Thread.sleep(forTimeInterval: interval)
        }
    }

    /// A positive number of seconds, or a usage error naming the option (`--seconds abc` used to
    /// run forever).
    static func positiveSeconds(_ text: String, _ option: String) throws(UsageError) -> Double {
        guard let value = Double(text), value.isFinite, value > 0 else {
            throw UsageError("\(option) expects a positive number of seconds, not '\(text)'")
        }
        return value
    }
}
