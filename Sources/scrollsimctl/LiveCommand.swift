import Foundation
import Glibc
import JSONModel

/// `scrollsimctl live`: the live simulations' counts, refreshed every second: the daemon's main
/// job at a glance. With `--start-daemon`, starts scrollsimd (built next to this tool) when none
/// answers, and stops it at the end.
enum LiveCommand {
    static let help = """
        usage: scrollsimctl live [--seconds N] [--interval S] [--start-daemon] [--address unix:PATH] [--json]

        Shows the live simulations' counts (section-provider and cell-provider calls, cells, appends),
        refreshed every --interval seconds (default 1) for --seconds (default: until Ctrl-C).

          --start-daemon   start scrollsimd on the default socket if no daemon answers there (it uses
                           its built-in configuration: the home screen on 375×667, 390×844 and
                           430×932, scrolling in a loop) and stop it at the end
          --json           one JSON object per refresh: {"simulations": [{"simulation", "time", "total"}]}
        """

    static func run(_ arguments: Arguments) throws -> ExitStatus {
        if arguments.flags.contains("help") {
            print(help)
            return .success
        }
        try arguments.check(allowedFlags: ["json", "start-daemon"], allowedOptions: ["address", "seconds", "interval"])
        let seconds = arguments.options["seconds"].flatMap(Double.init)
        let interval = arguments.options["interval"].flatMap(Double.init) ?? 1
        guard interval >= 0.05, seconds.map({ $0 > 0 }) ?? true else {
            throw UsageError("--interval and --seconds expect positive seconds")
        }
        let address = arguments.options["address"] ?? DaemonClient.defaultAddress()
        var started: Process?
        let client: DaemonClient
        if let connected = try? DaemonClient(address: address) {
            client = connected
        } else if arguments.flags.contains("start-daemon") {
            let (process, connected) = try startDaemon(address: address)
            started = process
            client = connected
        } else {
            client = try DaemonClient(address: address)  // fails again, with the reason
        }
        defer {
            if let started {
                started.terminate()  // SIGTERM: the daemon drains, persists and exits 0
                started.waitUntilExit()
            }
        }
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

    /// Starts `scrollsimd` from this tool's directory on the socket of `address` and waits until
    /// it answers.
    static func startDaemon(address: String) throws -> (Process, DaemonClient) {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let binary = directory.appendingPathComponent("scrollsimd")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw ClientError.unreachable(
                "no daemon answers at \(address), and scrollsimd is not next to scrollsimctl to start one")
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--socket", String(address.dropFirst(5))]
        try process.run()
        CommandLineTool.writeError(
            "scrollsimctl: started scrollsimd (pid \(process.processIdentifier)); it stops when this command ends")
        for _ in 0..<200 {
            if let client = try? DaemonClient(address: address) { return (process, client) }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.terminate()
        throw ClientError.unreachable(
            "scrollsimd did not start (exit status \(process.isRunning ? 0 : process.terminationStatus))")
    }
}
