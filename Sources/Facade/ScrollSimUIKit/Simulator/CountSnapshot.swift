import CollectionView
import Foundation
import JSONModel

/// Record-and-compare for counts, as snapshot-testing libraries do it for images: the first run
/// records the counts (total and per section) in `__CountSnapshots__/NAME.json` next to the test
/// file and fails once, saying so; later runs compare and fail with a table of what changed.
/// `SCROLLSIM_RECORD_COUNTS=1` (or `record: true`) records again.
extension ScrollSimulator {
    /// Compares this run's counts with the snapshot `name` in `directory` (by default
    /// `__CountSnapshots__` next to `file`, the calling test's file). `tolerances` lets a count
    /// move by up to so much either way without failing, by count name (`["cellProvider": 2]`,
    /// every scope) or scope and name (`["section feed.prefetched": 3]`).
    /// - Throws: `CountSnapshotError.recorded` when it recorded (first run, or re-recording), and
    ///   `.mismatch` with the table of counts that changed beyond their tolerance.
    public func assertCountsMatchSnapshot(
        _ name: String, in directory: URL? = nil, tolerances: [String: Int] = [:], file: StaticString = #filePath,
        record: Bool = false
    ) throws {
        let directory =
            directory
            ?? URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("__CountSnapshots__")
        let url = directory.appendingPathComponent(name + ".json")
        let current = countSnapshot()
        let recording = record || ProcessInfo.processInfo.environment["SCROLLSIM_RECORD_COUNTS"] == "1"
        guard !recording, FileManager.default.fileExists(atPath: url.path) else {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Self.encode(current).write(to: url)
            throw CountSnapshotError.recorded(url.path)
        }
        let recorded = try Self.decode(Data(contentsOf: url), path: url.path)
        let changes = Self.changes(from: recorded, to: current, tolerances: tolerances)
        if !changes.isEmpty { throw CountSnapshotError.mismatch(url.path, changes) }
    }

    /// Every count, in total and per section (named as the identifiers print); zero counts too,
    /// so a count that starts to move shows.
    func countSnapshot() -> [String: [String: Int]] {
        var snapshot = ["total": Dictionary(uniqueKeysWithValues: counts.named)]
        for (name, index) in sectionNamesByName() {
            snapshot["section " + name] = Dictionary(uniqueKeysWithValues: counts(forSectionAt: index).named)
        }
        return snapshot
    }

    static func encode(_ snapshot: [String: [String: Int]]) throws -> Data {
        let json = JSONValue.object(snapshot.mapValues { .object($0.mapValues { .number(Double($0)) }) })
        return Data((json.prettyEncoded() + "\n").utf8)
    }

    static func decode(_ data: Data, path: String) throws -> [String: [String: Int]] {
        guard case .success(.object(let scopes)) = JSONValue.parse(data) else { throw CountSnapshotError.unreadable(path) }
        var snapshot: [String: [String: Int]] = [:]
        for (scope, value) in scopes {
            guard case .object(let counts) = value else { throw CountSnapshotError.unreadable(path) }
            snapshot[scope] = try counts.mapValues { count in
                guard case .number(let number) = count, let whole = Int(exactly: number) else {
                    throw CountSnapshotError.unreadable(path)
                }
                return whole
            }
        }
        return snapshot
    }

    /// What differs, scope by scope and count by count.
    static func changes(
        from recorded: [String: [String: Int]], to current: [String: [String: Int]], tolerances: [String: Int] = [:]
    ) -> [CountChange] {
        var changes: [CountChange] = []
        // The total first, then the sections by name.
        let scopes = Set(recorded.keys).union(current.keys).sorted { lhs, rhs in
            lhs == "total" ? rhs != "total" : rhs == "total" ? false : lhs < rhs
        }
        for scope in scopes {
            let before: [String: Int]? = recorded[scope]
            let after: [String: Int]? = current[scope]
            let names: Set<String> = Set(before?.keys.map { $0 } ?? []).union(after?.keys.map { $0 } ?? [])
            for count in names.sorted() {
                let old = before?[count]
                let new = after?[count]
                // A count added to scrollsim after the recording, still zero, is no change: an
                // upgrade alone must not fail a snapshot.
                if before != nil, old == nil, new == 0 { continue }
                let tolerance = tolerances["\(scope).\(count)"] ?? tolerances[count] ?? 0
                if let old, let new, abs(new - old) <= tolerance { continue }
                if old != new { changes.append(CountChange(scope: scope, count: count, recorded: old, now: new)) }
            }
        }
        return changes
    }
}

/// One count that changed since its snapshot (nil: the scope or count was not there).
public struct CountChange: Sendable, Hashable {
    public var scope: String
    public var count: String
    public var recorded: Int?
    public var now: Int?
}

/// Why a count snapshot did not match.
public enum CountSnapshotError: Error, CustomStringConvertible, Sendable {
    /// The snapshot was written (first run, or re-recording): check it in, then run again.
    case recorded(String)
    case mismatch(String, [CountChange])
    case unreadable(String)

    public var description: String {
        switch self {
        case .recorded(let path):
            return "recorded the counts in \(path); review it, commit it, and run again (SCROLLSIM_RECORD_COUNTS=1 records again)"
        case .unreadable(let path):
            return "\(path) is not a count snapshot (an object of scopes, each an object of counts)"
        case .mismatch(let path, let changes):
            var rows = [["scope", "count", "recorded", "now", "change"]]
            for change in changes {
                let delta = change.recorded.flatMap { old in change.now.map { $0 - old } }
                rows.append([
                    change.scope, change.count, change.recorded.map(String.init) ?? "–", change.now.map(String.init) ?? "–",
                    delta.map { $0 > 0 ? "+\($0)" : "\($0)" } ?? "",
                ])
            }
            let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
            let table = rows.map { row in
                row.enumerated().map { column, text in
                    column < 2
                        ? text.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                        : String(repeating: " ", count: widths[column] - text.count) + text
                }.joined(separator: "  ")
            }
            return "counts differ from \(path) (SCROLLSIM_RECORD_COUNTS=1 records them again):\n" + table.joined(separator: "\n")
        }
    }
}
