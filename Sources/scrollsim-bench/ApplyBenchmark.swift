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

    /// The median time of one step, the data kept at n items: each timed step (+5 fresh items,
    /// or −5 from the row) is undone by an untimed one (the 5 taken out again, or put back at the
    /// end). The deleted five start in the middle of the row and walk through identifiers 0..<n,
    /// wrapping: every one of them is always in the row (put back, it is still there), so every
    /// timed delete deletes five (before, the walk ran past n after n/10 steps and the remaining
    /// samples timed deletes of absent identifiers: no-ops).
    static func measure(n: Int, delete: Bool) -> Double {
        let source = dataSource(n: n)
        var next = n
        var victim = n / 2
        let clock = ContinuousClock()
        var samples: [Double] = []
        let start = clock.now
        while samples.count < 5 || (samples.count < 2_000 && Measure.seconds(clock.now - start) < 0.4) {
            let ids = delete ? Array(victim..<victim + 5) : Array(next..<next + 5)
            let t0 = clock.now
            step(source, ids, delete: delete)
            samples.append(Measure.seconds(clock.now - t0) * 1e9)
            // The step did what it says (the row's 20 + 20 neighbours besides).
            precondition(source.snapshot().numberOfItems == 40 + n + (delete ? -5 : 5))
            step(source, ids, delete: !delete)
            if delete { victim = victim + 10 <= n ? victim + 5 : 0 } else { next += 5 }
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    static func run() {
        print("== apply: snapshot(), +5 or −5 items in a row of n, apply (DiffableDataSource<String, Int>) ==")
        print(Measure.pad("n", 10) + Measure.pad("append", 12) + Measure.pad("delete", 12))
        var append: [Int: Double] = [:]
        var delete: [Int: Double] = [:]
        for n in sizes {
            append[n] = measure(n: n, delete: false)
            delete[n] = measure(n: n, delete: true)
            print(
                Measure.pad(String(n), 10) + Measure.pad(Measure.format(ns: append[n]!), 12)
                    + Measure.pad(Measure.format(ns: delete[n]!), 12))
            fflush(nil)
        }
        for n in [1_000, 100_000] {
            let ids = Array(0..<n)
            let ns = Measure.median(budget: 0.4, maxRuns: 200) { precondition(build(ids).numberOfItems == n) }
            print("build: a snapshot of \(n) items in \(Measure.format(ns: ns)), \(Measure.format3(ns / Double(n))) ns/item")
        }
        let appendRatio = append[1_000_000]! / append[1_000]!
        let deleteRatio = delete[1_000_000]! / delete[1_000]!
        print(
            "goal: 10^6 ≤ 3× 10^3: append ×\(Measure.format3(appendRatio)) \(appendRatio <= 3 ? "ok" : "MISSED"), "
                + "delete ×\(Measure.format3(deleteRatio)) \(deleteRatio <= 3 ? "ok" : "MISSED")")
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

    /// Appends, then deletes, at 10^6 in a loop.
    static func profile() {
        let source = dataSource(n: 1_000_000)
        var next = 1_000_000
        let appends = forFiveSeconds {
            step(source, Array(next..<next + 5), delete: false)
            next += 5
        }
        print("\(appends) appends at 10^6")
        var victim = 0
        let deletes = forFiveSeconds {
            precondition(victim + 5 <= next, "the profile deleted every item")
            step(source, Array(victim..<victim + 5), delete: true)
            victim += 5
        }
        print("\(deletes) deletes at 10^6")
    }

    /// Builds snapshots of 10^5 items in a loop.
    static func buildProfile() {
        let ids = Array(0..<100_000)
        print("\(forFiveSeconds { _ = build(ids) }) builds of 10^5")
    }
}
