import DiffableDataSource
import Foundation

/// What one infinite-append step costs as the data grows: `snapshot()`, append (or delete) 5
/// items in one section, `apply` — the data source's own work, with n items already in it (one
/// sideways row of n items between two small sections, as on the home screen), with the
/// identifier types the engine uses (String sections, Int items).
enum ApplyBenchmark {
    static let sizes = [1_000, 10_000, 100_000, 1_000_000]

    static func dataSource(n: Int) -> DiffableDataSource<String, Int> {
        let source = DiffableDataSource<String, Int>()
        var snapshot = Snapshot<String, Int>()
        try! snapshot.appendSections(["consult", "company", "expert"])
        try! snapshot.appendItems(Array(-20..<0), toSection: "consult")
        try! snapshot.appendItems(Array(0..<n), toSection: "company")
        try! snapshot.appendItems(Array(-40..<(-20)), toSection: "expert")
        try! source.apply(snapshot)
        return source
    }

    /// One step: `snapshot()`, `ids` appended to the row (or deleted from it), `apply`.
    static func step(_ source: DiffableDataSource<String, Int>, _ ids: [Int], delete: Bool) {
        var snapshot = source.snapshot()
        if delete {
            snapshot.deleteItems(ids)
        } else {
            try! snapshot.appendItems(ids, toSection: "company")
        }
        try! source.apply(snapshot)
    }

    /// A snapshot built from scratch, as apps that rebuild theirs on every change do.
    static func build(_ ids: [Int]) -> Snapshot<String, Int> {
        var snapshot = Snapshot<String, Int>()
        try! snapshot.appendSections(["company"])
        try! snapshot.appendItems(ids, toSection: "company")
        return snapshot
    }

    /// One size and one kind of step, measured in turns with the others: every size sees the
    /// same machine (this VM's speed moves by a third within minutes, which once made a single
    /// pass's 10^3 and 10^6 figures come from different speeds).
    ///
    /// The data is kept at n items: each timed step (+5 fresh items, or −5 from the row) is
    /// undone by an untimed one (the 5 taken out again, or put back at the end). The deleted five
    /// start in the middle of the row and walk through identifiers 0..<n, wrapping: every one of
    /// them is always in the row (put back, it is still there), so every timed delete deletes
    /// five (before, the walk ran past n after n/10 steps and the remaining samples timed deletes
    /// of absent identifiers: no-ops).
    final class Row {
        let n: Int
        let delete: Bool
        let source: DiffableDataSource<String, Int>
        var next: Int
        var victim: Int
        /// Nanoseconds per timed step, and per turn (each turn's median).
        var samples: [Double] = []
        var turnMedians: [Double] = []

        init(n: Int, delete: Bool) {
            self.n = n
            self.delete = delete
            source = ApplyBenchmark.dataSource(n: n)
            next = n
            victim = n / 2
        }

        /// Timed steps for about `seconds` (at least 5).
        func turn(seconds: Double) {
            let clock = ContinuousClock()
            var mine: [Double] = []
            let start = clock.now
            while mine.count < 5 || (mine.count < 500 && Measure.seconds(clock.now - start) < seconds) {
                let ids = delete ? Array(victim..<victim + 5) : Array(next..<next + 5)
                let t0 = clock.now
                step(source, ids, delete: delete)
                mine.append(Measure.seconds(clock.now - t0) * 1e9)
                // The step did what it says (the row's 20 + 20 neighbours besides).
                precondition(source.snapshot().numberOfItems == 40 + n + (delete ? -5 : 5))
                step(source, ids, delete: !delete)
                if delete { victim = victim + 10 <= n ? victim + 5 : 0 } else { next += 5 }
            }
            samples += mine
            turnMedians.append(Measure.middle(mine))
        }

        var median: Double { Measure.middle(samples) }
    }

    static func run() {
        print("== apply: snapshot(), +5 or −5 items in a row of n, apply (DiffableDataSource<String, Int>) ==")
        let rows = sizes.flatMap { n in [Row(n: n, delete: false), Row(n: n, delete: true)] }
        // Eight turns, every row in each: 50 ms or 500 steps of a row a turn.
        for _ in 0..<8 {
            for row in rows { row.turn(seconds: 0.05) }
        }
        print(Measure.pad("n", 10) + Measure.pad("append", 12) + Measure.pad("delete", 12))
        for n in sizes {
            let append = rows.first { $0.n == n && !$0.delete }!
            let delete = rows.first { $0.n == n && $0.delete }!
            print(
                Measure.pad(String(n), 10) + Measure.pad(Measure.format(ns: append.median), 12)
                    + Measure.pad(Measure.format(ns: delete.median), 12))
        }
        for n in [1_000, 100_000] {
            let ids = Array(0..<n)
            let ns = Measure.median(budget: 0.4, maxRuns: 200) { precondition(build(ids).numberOfItems == n) }
            print("build: a snapshot of \(n) items in \(Measure.format(ns: ns)), \(Measure.format3(ns / Double(n))) ns/item")
        }
        var verdicts: [String] = []
        for delete in [false, true] {
            let small = rows.first { $0.n == 1_000 && $0.delete == delete }!
            let large = rows.first { $0.n == 1_000_000 && $0.delete == delete }!
            let ratio = large.median / small.median
            let perTurn = zip(large.turnMedians, small.turnMedians).map { $0 / $1 }
            verdicts.append(
                "\(delete ? "delete" : "append") ×\(Measure.format3(ratio)) \(ratio <= 3 ? "ok" : "MISSED") "
                    + "(turns ×\(Measure.format3(perTurn.min()!))–\(Measure.format3(perTurn.max()!)))")
        }
        print("goal: 10^6 ≤ 3× 10^3: " + verdicts.joined(separator: ", "))
    }
}

extension ApplyBenchmark {
    /// Runs `body` for about five seconds, for a profiler; returns how many times it ran.
    static func forFiveSeconds(_ body: () -> Void) -> Int {
        let clock = ContinuousClock()
        let start = clock.now
        var runs = 0
        while clock.now - start < .seconds(5) {
            body()
            runs += 1
        }
        return runs
    }

    /// Appends, then deletes, at `n` items in a loop, each step undone untimed as in `Row` (so
    /// the data stays at n).
    static func profile(n: Int) {
        let source = dataSource(n: n)
        var next = n
        let appends = forFiveSeconds {
            let ids = Array(next..<next + 5)
            step(source, ids, delete: false)
            step(source, ids, delete: true)
            next += 5
        }
        print("\(appends) appends (each undone) at \(n)")
        var victim = 0
        let deletes = forFiveSeconds {
            let ids = Array(victim..<victim + 5)
            step(source, ids, delete: true)
            step(source, ids, delete: false)
            victim = victim + 10 <= n ? victim + 5 : 0
        }
        print("\(deletes) deletes (each undone) at \(n)")
    }

    /// Builds snapshots of 10^5 items in a loop.
    static func buildProfile() {
        let ids = Array(0..<100_000)
        print("\(forFiveSeconds { _ = build(ids) }) builds of 10^5")
    }
}
