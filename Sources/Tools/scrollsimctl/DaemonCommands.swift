import CollectionView
import CommandLineSpec
import CompositionalLayout
import Foundation
import JSONModel
import Scenario
import ScrollSimService

/// The commands that talk to scrollsimd: `status`, `simulations`, `counts ID`, `watch [ID]`.
enum DaemonCommands {
    static let method = "io.scrollsim.Simulator."

    static func client(_ arguments: Arguments) throws(ClientError) -> DaemonClient {
        try DaemonClient(address: arguments.options["address"] ?? DaemonClient.defaultAddress())
    }

    static func status(_ arguments: Arguments) throws -> ExitStatus {
        let reply = try client(arguments).call(method + "GetStatus")
        if arguments.flags.contains("json") {
            try CommandLineTool.printJSON(.object(reply))
            return .success
        }
        let status = try decodedReply { () throws(ReplyError) in try StatusReply(json: .object(reply)) }
        let daemon = status.daemon
        print("scrollsimd \(status.version.terminalSafe), up \(formatDuration(daemon.uptime))")
        print("simulations: \(status.simulations) (\(status.liveSimulations) live), scenarios: \(status.scenarios)")
        print("connections: \(daemon.connections), streams: \(daemon.streams)")
        if let capacity = status.eventLogCapacity { print("event log: the last \(capacity) records per simulation") }
        print(
            "live tick: every \(formatPoints(daemon.tickIntervalMs)) ms, late by p50 \(String(format: "%.2f", daemon.latenessP50Ms)) ms, p99 \(String(format: "%.2f", daemon.latenessP99Ms)) ms; furthest behind real time \(String(format: "%.1f", daemon.behindMs)) ms"
        )
        return .success
    }

    static func simulations(_ arguments: Arguments) throws -> ExitStatus {
        let reply = try client(arguments).call(method + "ListSimulations")
        if arguments.flags.contains("json") {
            try CommandLineTool.printJSON(.object(reply))
            return .success
        }
        var table = TextTable(["simulation", "scenario", "viewport", "policy", "clock", "time s"])
        for info in try SimulationInfo.listed(reply) {
            table.add([
                info.simulation, info.scenario, "\(formatPoints(info.width))×\(formatPoints(info.height))", info.policy,
                (info.live ? "live " : "") + info.clock, timeColumn(info),
            ])
        }
        print(table.render())
        return .success
    }

    /// A simulation's time, marked when it is not what it seems: part-way through its restore,
    /// or trailing the clock (its counts are those of its own, earlier time).
    static func timeColumn(_ info: SimulationInfo) -> String {
        let time = String(format: "%.1f", info.time)
        if info.restoring { return time + " (restoring)" }
        if let behind = info.behind { return time + String(format: " (%.1f s behind)", behind) }
        return time
    }

    /// Said on standard error when counts trail the clock, so a reader never takes them for the
    /// present's.
    static func warnIfBehind(_ id: String, _ behind: Double?) {
        guard let behind else { return }
        CommandLineTool.writeError(
            "scrollsimctl: \(id.terminalSafe) runs \(String(format: "%.1f", behind)) s behind real time: these are the counts of its own time; its frames cost more processor time than the daemon can give it (docs/daemon.md, \"Behind real time\")"
        )
    }

    /// A simulation's counts from the daemon.
    static func counts(_ client: DaemonClient, _ id: String) throws -> (reply: [String: JSONValue], counts: CountsReply) {
        let reply = try client.call(method + "GetCounts", ["simulation": .string(id)])
        return (reply, try decodedReply { () throws(ReplyError) in try CountsReply(json: .object(reply)) })
    }

    static func counts(_ arguments: Arguments) throws -> ExitStatus {
        let (reply, counts) = try counts(client(arguments), arguments.positional[0])
        warnIfBehind(arguments.positional[0], counts.behind)
        if arguments.flags.contains("json") {
            try CommandLineTool.printJSON(.object(reply))
            return .success
        }
        print(countsTable(counts).render())
        return .success
    }

    static let columns: [(String, String)] = [
        ("layoutPasses", "layout passes"), ("sectionProvider", "section provider"), ("cellProvider", "cell provider"),
        ("prefetched", "prefetched"), ("cellsCreated", "created"), ("cellsReused", "reused"),
        ("dataRequestsCompleted", "appends"),
        ("dataRequestsSuppressed", "suppressed"), ("dataRequestsFailed", "failed"),
    ]

    /// `columns`, with a flow layout's `sizeForItemAt` calls after the cell provider when any of
    /// `totals` counts some (FL5): a flow layout has no section provider, and its delegate's cost
    /// would otherwise not show.
    static func columns(for totals: [Counts]) -> [(String, String)] {
        var columns = Self.columns
        if totals.contains(where: { $0.sizeForItem > 0 }) {
            columns.insert(("sizeForItem", "sizeForItemAt"), at: 3)
        }
        return columns
    }

    /// Counts of the whole view, which no section has a share of: "–" in a section's row.
    static let viewWide: Set<String> = ["layoutPasses"]

    /// The columns' figures of `counts`, by their names.
    static func cells(_ counts: Counts, _ columns: [(String, String)], section: Bool = false) -> [String] {
        columns.map { column in section && viewWide.contains(column.0) ? "–" : String(counts[named: column.0] ?? 0) }
    }

    /// Per section, then the total.
    static func countsTable(_ reply: CountsReply) -> TextTable {
        let columns = columns(for: [reply.total])
        var table = TextTable(["section"] + columns.map(\.1))
        for section in reply.sections { table.add([section.section] + cells(section.counts, columns, section: true)) }
        table.add(["total"] + cells(reply.total, columns))
        return table
    }

    static func watch(_ arguments: Arguments) throws -> ExitStatus {
        var parameters: [String: JSONValue] = [:]
        if let id = arguments.positional.first { parameters["simulation"] = .string(id) }
        if let interval = arguments.number("interval") { parameters["interval"] = .number(interval) }
        if arguments.flags.contains("counts-only") { parameters["events"] = false }
        let limit = arguments.integer("limit")
        let client = try client(arguments)
        // A simulation on a virtual clock changes only when someone advances it or gives it an
        // input: say so, instead of a silence that looks like a hang.
        if let id = arguments.positional.first,
            let list = try? client.call(method + "ListSimulations"),
            let info = (try? SimulationInfo.listed(list))?.first(where: {
                $0.simulation == id
            }),
            info.clock == "virtual"
        {
            CommandLineTool.writeError(
                "scrollsimctl: \(id) runs on a virtual clock, at \(formatPoints(info.time)) s: nothing happens until it is advanced or given an input (`scrollsimctl advance \(id) 5`, `scrollsimctl perform \(id) STEP`)"
            )
        }
        try client.send(method + "Watch", parameters, more: true)
        var received = 0
        while true {
            let (reply, continues) = try client.receive()
            received += 1
            if arguments.flags.contains("json") {
                print(String(decoding: JSONValue.object(reply).encoded(), as: UTF8.self))
            } else {
                // A kind of event a newer daemon added is left out of the lines (it is in --json).
                if let update = try decodedReply({ () throws(ReplyError) in try WatchUpdate(json: .object(reply)) }) {
                    print(describe(update).terminalSafe)
                }
            }
            fflush(nil)  // all streams: Glibc's stdout global is not concurrency-safe to name
            if !continues || (limit.map { received >= $0 } ?? false) { return .success }
        }
    }

    /// One stream reply as a line: `12.345 live-home-390x844 cell company 7 created …`.
    static func describe(_ update: WatchUpdate) -> String {
        var line = "\(String(format: "%8.3f", update.time)) \(update.simulation)"
        if let dropped = update.dropped { line += " [\(dropped) events dropped: reading too slowly]" }
        switch update.content {
        case .event(let event):
            let place = [event.section, event.item.map { String($0) }].compactMap { $0 }
            line += " \(event.kind.rawValue) \(place.joined(separator: " ")) \(event.detail) (\(event.cause))"
        case .counts(let counts):
            let columns = columns(for: [counts])
            line += " counts:" + zip(columns, cells(counts, columns)).map { " \($0.1) \($1)" }.joined(separator: ",")
        case .closed:
            line += " closed"
        }
        return line
    }
}

/// A duration for people: tenths of a second under a minute, then minutes, hours and days
/// (`1.9 s`, `12 min 5 s`, `3 h 20 min`, `2 d 4 h`).
func formatDuration(_ seconds: Double) -> String {
    guard seconds.isFinite, seconds >= 0 else { return "?" }
    if seconds < 60 { return String(format: "%.1f s", seconds) }
    let whole = Int(seconds.rounded(.down))
    let (days, hours, minutes, rest) = (whole / 86_400, whole / 3_600 % 24, whole / 60 % 60, whole % 60)
    if days > 0 { return "\(days) d \(hours) h" }
    if hours > 0 { return "\(hours) h \(minutes) min" }
    return "\(minutes) min \(rest) s"
}
