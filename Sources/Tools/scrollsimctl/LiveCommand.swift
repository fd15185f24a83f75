import CollectionView
import CommandLineSpec
import Foundation
import Glibc
import JSONModel
import ScrollSimService

/// `scrollsimctl live`: the live simulations' counts, refreshed every second: the daemon's main
/// job at a glance. With `--start-daemon`, starts a throwaway scrollsimd when none answers
/// (`StartedDaemon`), and stops it at the end.
enum LiveCommand {

    static func run(_ arguments: Arguments) throws -> ExitStatus {
        let seconds = arguments.number("seconds")
        let interval = arguments.number("interval") ?? 1
        var started: StartedDaemon?
        let client: DaemonClient
        if arguments.flags.contains("start-daemon") {
            // A daemon of this command's own, never one that happens to run: on a private socket
            // unless --address names one, which must then be free.
            let requested = arguments.options["address"]
            if let requested, (try? DaemonClient(address: requested)) != nil {
                throw ClientError.usage(
                    "a daemon already answers at \(requested): leave out --start-daemon to watch it, or give --start-daemon an --address of its own"
                )
            }
            let daemon = try StartedDaemon(address: requested)
            started = daemon
            client = try daemon.connect()
        } else {
            client = try DaemonClient(address: arguments.options["address"] ?? DaemonClient.defaultAddress())
        }
        defer { started?.stop() }
        let deadline = seconds.map { Date().addingTimeInterval($0) }
        let terminal = isatty(STDOUT_FILENO) == 1 && !arguments.flags.contains("json")
        var first = true
        while true {
            let list = try client.call(DaemonCommands.method + "ListSimulations")
            let live = try SimulationInfo.listed(list).filter(\.live)
            var rows: [JSONValue] = []
            var totals: [(SimulationInfo, Counts)] = []
            for info in live {
                let (reply, counts) = try DaemonCommands.counts(client, info.simulation)
                rows.append(
                    .object([
                        "simulation": .string(info.simulation), "time": .number(info.time), "total": reply["total"] ?? .null,
                    ]))
                totals.append((info, counts.total))
            }
            let columns = DaemonCommands.columns(for: totals.map(\.1))
            var table = TextTable(["simulation", "time s"] + columns.map(\.1))
            for (info, total) in totals {
                table.add([info.simulation, DaemonCommands.timeColumn(info)] + DaemonCommands.cells(total, columns))
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
}
