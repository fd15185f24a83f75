import DiffableDataSource
import Foundation

/// What one infinite-append step costs as the data grows: `snapshot()`, append (or delete) 5
/// items in one section, `apply` — the data source's own work, with n items already in it (one
/// sideways row of n items between two small sections, as on the home screen).
enum ApplyBenchmark {
    static let sizes = [1_000, 10_000, 100_000, 1_000_000]

    static func dataSource(n: Int) -> DiffableDataSource<Int, Int> {
        let source = DiffableDataSource<Int, Int>()
        var snapshot = Snapshot<Int, Int>()
        try! snapshot.appendSections([0, 1, 2])
        try! snapshot.appendItems(Array(10_000_000..<10_000_020), toSection: 0)
        try! snapshot.appendItems(Array(0..<n), toSection: 1)
        try! snapshot.appendItems(Array(20_000_000..<20_000_020), toSection: 2)
        try! source.apply(snapshot)
        return source
    }

    /// The median time of one step; each step's edit is undone outside the timed part only by
    /// the next step choosing fresh identifiers (appends) or the next ones (deletes).
    static func measure(n: Int, delete: Bool) -> Double {
        let source = dataSource(n: n)
        var next = n
        var victim = 0
        return Measure.median(budget: 0.4, maxRuns: 400) {
            var snapshot = source.snapshot()
            if delete {
                snapshot.deleteItems(Array(victim..<victim + 5))
                victim += 5
            } else {
                try! snapshot.appendItems(Array(next..<next + 5), toSection: 1)
                next += 5
            }
            try! source.apply(snapshot)
        }
    }

    static func run() {
        print("== apply: snapshot(), +5 or −5 items in a row of n, apply (DiffableDataSource<Int, Int>) ==")
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
        let appendRatio = append[1_000_000]! / append[1_000]!
        let deleteRatio = delete[1_000_000]! / delete[1_000]!
        print(
            "goal: 10^6 ≤ 3× 10^3: append ×\(Measure.format3(appendRatio)) \(appendRatio <= 3 ? "ok" : "MISSED"), "
                + "delete ×\(Measure.format3(deleteRatio)) \(deleteRatio <= 3 ? "ok" : "MISSED")")
    }
}
