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
        let status = try client(arguments).call(method + "GetStatus")
        if arguments.flags.contains("json") {
            try CommandLineTool.printJSON(.object(status))
            return .success
        }
        let ticks = status["ticks"]?.objectValue ?? [:]
        func number(_ value: JSONValue?) -> String { value?.numberValue.map { formatPoints($0) } ?? "?" }
        print(
            "scrollsimd \((status["version"]?.stringValue ?? "?").terminalSafe), up \(status["uptime"]?.numberValue.map(formatDuration) ?? "?")"
        )
        print(
            "simulations: \(number(status["simulations"])) (\(number(status["liveSimulations"])) live), scenarios: \(number(status["scenarios"]))"
        )
        print("connections: \(number(status["connections"])), streams: \(number(status["streams"]))")
        print(
            "live tick: every \(number(ticks["intervalMs"])) ms, late by p50 \(String(format: "%.2f", ticks["latenessP50Ms"]?.numberValue ?? 0)) ms, p99 \(String(format: "%.2f", ticks["latenessP99Ms"]?.numberValue ?? 0)) ms; furthest behind real time \(String(format: "%.1f", ticks["behindMs"]?.numberValue ?? 0)) ms"
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
        for entry in reply["simulations"]?.arrayValue ?? [] {
            let info = try SimulationInfo.decoded(entry)
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
    static func warnIfBehind(_ id: String, _ reply: [String: JSONValue]) {
        guard let behind = reply["behind"]?.numberValue else { return }
        CommandLineTool.writeError(
            "scrollsimctl: \(id.terminalSafe) runs \(String(format: "%.1f", behind)) s behind real time: these are the counts of its own time; its frames cost more processor time than the daemon can give it (docs/daemon.md, \"Behind real time\")"
        )
    }

    static func counts(_ arguments: Arguments) throws -> ExitStatus {
        let reply = try client(arguments).call(method + "GetCounts", ["simulation": .string(arguments.positional[0])])
        warnIfBehind(arguments.positional[0], reply)
        if arguments.flags.contains("json") {
            try CommandLineTool.printJSON(.object(reply))
            return .success
        }
        print(countsTable(reply).render())
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
    static func columns(for totals: [[String: JSONValue]]) -> [(String, String)] {
        var columns = Self.columns
        if totals.contains(where: { ($0["sizeForItem"]?.integerValue ?? 0) > 0 }) {
            columns.insert(("sizeForItem", "sizeForItemAt"), at: 3)
        }
        return columns
    }

    /// Counts of the whole view, which no section has a share of: "–" in a section's row.
    static let viewWide: Set<String> = ["layoutPasses"]

    /// Per section, then the total.
    static func countsTable(_ reply: [String: JSONValue]) -> TextTable {
        let columns = columns(for: [reply["total"]?.objectValue ?? [:]])
        var table = TextTable(["section"] + columns.map(\.1))
        func row(_ name: String, _ counts: [String: JSONValue], section: Bool) {
            table.add(
                [name]
                    + columns.map { column in
                        section && viewWide.contains(column.0)
                            ? "–" : counts[column.0]?.integerValue.map { String($0) } ?? "0"
                    })
        }
        for case .object(let section) in reply["sections"]?.arrayValue ?? [] {
            row(section["section"]?.stringValue ?? "?", section["counts"]?.objectValue ?? [:], section: true)
        }
        row("total", reply["total"]?.objectValue ?? [:], section: false)
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
            let info = (list["simulations"]?.arrayValue ?? []).compactMap({ try? SimulationInfo.decoded($0) }).first(where: {
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
                print(describe(reply).terminalSafe)
            }
            fflush(nil)  // all streams: Glibc's stdout global is not concurrency-safe to name
            if !continues || (limit.map { received >= $0 } ?? false) { return .success }
        }
    }

    /// One stream reply as a line: `12.345 live-home-390x844 cell company 7 created …`.
    static func describe(_ reply: [String: JSONValue]) -> String {
        let time = String(format: "%8.3f", reply["time"]?.numberValue ?? 0)
        let id = reply["simulation"]?.stringValue ?? "?"
        var line = "\(time) \(id)"
        if let dropped = reply["dropped"]?.integerValue { line += " [\(dropped) events dropped: reading too slowly]" }
        if let event = reply["event"]?.objectValue {
            let place = [event["section"]?.stringValue, event["item"]?.integerValue.map { String($0) }].compactMap { $0 }
            line +=
                " \(event["kind"]?.stringValue ?? "") \(place.joined(separator: " ")) \(event["detail"]?.stringValue ?? "") (\(event["cause"]?.stringValue ?? ""))"
        } else if let counts = reply["counts"]?.objectValue {
            line +=
                " counts:" + columns(for: [counts]).map { " \($0.1) \((counts[$0.0]?.integerValue ?? 0))" }.joined(separator: ",")
        } else if reply["closed"] == .bool(true) {
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

extension SimulationInfo {
    /// A reply's `SimulationInfo` (the service's own type), or a protocol error naming the field
    /// that is wrong.
    static func decoded(_ value: JSONValue?) throws(ClientError) -> SimulationInfo {
        do throws(ReplyError) {
            return try SimulationInfo(json: value ?? .null)
        } catch {
            throw .protocolError(error.description)
        }
    }
}
