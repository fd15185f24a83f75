import DiffableDataSource
import Foundation

/// `scrollsim-bench diff`: ns per element of `Snapshot.changeset(to:)` for 10^4 to 10^6 unique
/// identifiers, Int and String, against the standard library's `difference(from:)` on the same
/// flat arrays in the same run (skipped when it would take over 30 s, and said so).
enum DiffBenchmark {
    static let sizes = [10_000, 100_000, 1_000_000]
    static let stdlibLimit = 30.0  // seconds

    enum Case: String, CaseIterable {
        /// 10% deletes + 10% inserts + 5% moves at random positions, one section.
        case mixed
        case reverse
        case shuffle
        /// 100 sections, the mixed edit in each plus 1% of items moved to other sections.
        case sectioned
    }

    /// Builds old and new sections for `kind` with identifiers made by `make`.
    static func sections<ID>(_ kind: Case, n: Int, make: (Int) -> ID) -> (old: [[ID]], new: [[ID]]) {
        var random = Xorshift(seed: UInt64(n) &* 2_654_435_761 &+ UInt64(kind.rawValue.count))
        var next = n
        func fresh() -> ID {
            next += 1
            return make(next)
        }
        func mixedEdit(_ items: [ID]) -> [ID] {
            var keyed: [(Double, ID)] = []
            keyed.reserveCapacity(items.count + items.count / 10)
            for (i, item) in items.enumerated() {
                let r = random.unit()
                if r < 0.10 { continue }  // deleted
                keyed.append((r < 0.15 ? random.unit() * Double(items.count) : Double(i), item))  // 5% moved
            }
            for _ in 0..<(items.count / 10) { keyed.append((random.unit() * Double(items.count), fresh())) }
            keyed.sort { $0.0 < $1.0 }
            return keyed.map(\.1)
        }
        switch kind {
        case .mixed:
            let old = (0..<n).map(make)
            return ([old], [mixedEdit(old)])
        case .reverse:
            let old = (0..<n).map(make)
            return ([old], [old.reversed()])
        case .shuffle:
            let old = (0..<n).map(make)
            var new = old
            for i in stride(from: new.count - 1, to: 0, by: -1) { new.swapAt(i, Int(random.next() % UInt64(i + 1))) }
            return ([old], [new])
        case .sectioned:
            let perSection = n / 100
            let old = (0..<100).map { s in (0..<perSection).map { make(s * perSection + $0) } }
            var new = old.map(mixedEdit)
            for _ in 0..<(n / 100) {
                let from = Int(random.next() % 100)
                guard !new[from].isEmpty else { continue }
                let item = new[from].remove(at: Int(random.next() % UInt64(new[from].count)))
                let to = Int(random.next() % 100)
                new[to].insert(item, at: Int(random.next() % UInt64(new[to].count + 1)))
            }
            return (old, new)
        }
    }

    static func snapshot<ID: Hashable & Sendable>(_ sections: [[ID]]) -> Snapshot<Int, ID> {
        var s = Snapshot<Int, ID>()
        try! s.appendSections(Array(sections.indices))
        for (i, items) in sections.enumerated() { try! s.appendItems(items, toSection: i) }
        return s
    }

    struct Row {
        var ours: Double
        var moves: Int
        var stdlib: Double?
        var note: String
    }

    static func measure<ID: Hashable & Sendable>(
        _ kind: Case, n: Int, make: (Int) -> ID, stdlibEstimate: Double?
    ) -> (Row, Double?) {
        let (oldSections, newSections) = sections(kind, n: n, make: make)
        let old = snapshot(oldSections)
        let new = snapshot(newSections)
        var moves = 0
        let ours = Measure.median(budget: n >= 1_000_000 ? 2 : 0.5, maxRuns: 50) {
            moves = old.changeset(to: new).itemMoves.count
        }
        // The stdlib diff is Myers, O(n·d): for these edits d grows with n, so the cost grows at least
        // as n². It runs in a child process stopped after 30 s, so the limit holds whatever the
        // extrapolation says; cases predicted far beyond it are not started.
        if let estimate = stdlibEstimate, estimate > 4 * stdlibLimit {
            return (
                Row(
                    ours: ours, moves: moves, stdlib: nil,
                    note: "stdlib skipped: ~\(Measure.format3(estimate)) s predicted > 30 s"), nil
            )
        }
        switch runStdlibChild(kind, ids: ID.self == Int.self ? "Int" : "String", n: n) {
        case .finished(let seconds):
            return (Row(ours: ours, moves: moves, stdlib: seconds * 1e9, note: ""), seconds)
        case .stopped:
            return (Row(ours: ours, moves: moves, stdlib: nil, note: "stdlib stopped after 30 s"), nil)
        case .failed(let reason):
            return (Row(ours: ours, moves: moves, stdlib: nil, note: "stdlib failed: \(reason)"), nil)
        }
    }

    enum ChildResult {
        case finished(Double)
        case stopped
        case failed(String)
    }

    /// Runs `scrollsim-bench diff-stdlib CASE IDS N` and waits at most `stdlibLimit` seconds.
    static func runStdlibChild(_ kind: Case, ids: String, n: Int) -> ChildResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        process.arguments = ["diff-stdlib", kind.rawValue, ids, String(n)]
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch { return .failed("\(error)") }
        let deadline = Date().addingTimeInterval(stdlibLimit)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return .stopped
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard let seconds = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return .failed(text) }
        return .finished(seconds)
    }

    /// The child side: builds the same flat arrays and prints the seconds `difference(from:)` took.
    static func stdlibChild(_ arguments: [String]) {
        guard arguments.count == 3, let kind = Case(rawValue: arguments[0]), let n = Int(arguments[2]) else {
            print("usage: scrollsim-bench diff-stdlib CASE Int|String N")
            exit(64)
        }
        func time<ID: Hashable>(_ make: (Int) -> ID) -> Double {
            let (old, new) = sections(kind, n: n, make: make)
            let flatOld = old.flatMap { $0 }
            let flatNew = new.flatMap { $0 }
            let clock = ContinuousClock()
            let t0 = clock.now
            let difference = flatNew.difference(from: flatOld)
            let seconds = Measure.seconds(clock.now - t0)
            _ = difference.count
            return seconds
        }
        print(arguments[1] == "Int" ? time { $0 } : time(uuidString))
    }

    static func run() {
        print("== diff: Snapshot.changeset(to:) vs the standard library's difference(from:) ==")
        print("mixed = 10% deletes + 10% inserts + 5% moves; sectioned = 100 sections, mixed in each + 1% moved across sections")
        print(
            Measure.pad("case", 10, right: false) + Measure.pad("ids", 7, right: false) + Measure.pad("n", 9)
                + Measure.pad("ours", 11) + Measure.pad("ns/elem", 9) + Measure.pad("moves", 9) + Measure.pad("stdlib", 11)
                + Measure.pad("ratio", 9) + "  note")
        var intAt100k: Double = 0
        var perElement: [String: [Int: Double]] = [:]
        for kind in Case.allCases {
            for ids in ["Int", "String"] {
                var lastStdlib: (n: Int, seconds: Double)?
                for n in sizes {
                    let estimate = lastStdlib.map { $0.seconds * Double(n * n) / Double($0.n * $0.n) }
                    let (row, seconds) =
                        ids == "Int"
                        ? measure(kind, n: n, make: { $0 }, stdlibEstimate: estimate)
                        : measure(kind, n: n, make: uuidString, stdlibEstimate: estimate)
                    if let seconds { lastStdlib = (n, seconds) }
                    let nsPerElement = row.ours / Double(n)
                    perElement["\(kind.rawValue) \(ids)", default: [:]][n] = nsPerElement
                    if kind == .mixed && ids == "Int" && n == 100_000 { intAt100k = nsPerElement }
                    print(
                        Measure.pad(kind.rawValue, 10, right: false) + Measure.pad(ids, 7, right: false)
                            + Measure.pad(String(n), 9)
                            + Measure.pad(Measure.format(ns: row.ours), 11) + Measure.pad(Measure.format3(nsPerElement), 9)
                            + Measure.pad(String(row.moves), 9)
                            + Measure.pad(row.stdlib.map { Measure.format(ns: $0) } ?? "—", 11)
                            + Measure.pad(row.stdlib.map { Measure.format3($0 / row.ours) + "×" } ?? "—", 9) + "  " + row.note)
                    fflush(nil)  // rows appear as they are measured, also through a pipe
                }
            }
        }
        print("")
        print(
            "goal: ≤ 120 ns/element for 10^5 Int ids (mixed): \(Measure.format3(intAt100k)) ns "
                + (intAt100k <= 120 ? "ok" : "MISSED"))
        for (name, values) in perElement.sorted(by: { $0.key < $1.key }) {
            print("growth 10^4 → 10^6, \(name): ns/element ×\(Measure.format3(values[1_000_000]! / values[10_000]!))")
        }
    }

    /// Runs the mixed Int 10^5 case for about five seconds, for a profiler.
    static func profile() {
        let (oldSections, newSections) = sections(.mixed, n: 100_000, make: { $0 })
        let old = snapshot(oldSections)
        let new = snapshot(newSections)
        var moves = 0
        let t = Measure.median(budget: 5, maxRuns: 100_000) { moves &+= old.changeset(to: new).itemMoves.count }
        print("mixed Int 10^5: \(Measure.format(ns: t)) per diff (\(moves) moves in total)")
    }

    /// A 36-character UUID-shaped string, deterministic in `i`.
    static func uuidString(_ i: Int) -> String {
        var x = UInt64(truncatingIfNeeded: i) &* 0x9E37_79B9_7F4A_7C15 &+ 0x1234_5678
        var hex = ""
        for position in 0..<32 {
            if position == 8 || position == 12 || position == 16 || position == 20 { hex += "-" }
            x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            hex.append(String(x >> 60, radix: 16))
        }
        return hex
    }
}

/// A tiny reproducible generator for workloads.
struct Xorshift {
    var state: UInt64
    init(seed: UInt64) { state = seed == 0 ? 0x2545_F491_4F6C_DD1D : seed }
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
