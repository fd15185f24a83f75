import DiffableDataSource
import ScrollSimUIKit

/// `scrollsim-bench facade`: what ScrollSimUIKit's snapshot and apply cost next to the engine's
/// own, in one run: building an `NSDiffableDataSourceSnapshot<Int, Int>` of 10^5 items, and one
/// infinite-append step (`snapshot()`, +5 items, `apply`) on a collection view's data source.
@MainActor
enum FacadeBenchmark {
    static let buildSize = 100_000

    /// ns per item of a snapshot of `buildSize` items built through ScrollSimUIKit.
    static func facadeBuild(_ ids: [Int]) -> Double {
        Measure.median(budget: 0.6, maxRuns: 100) {
            var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
            snapshot.appendSections([0])
            snapshot.appendItems(ids, toSection: 0)
            precondition(snapshot.numberOfItems == ids.count)
        } / Double(ids.count)
    }

    /// The same through the engine's snapshot with the same identifier types.
    static func engineBuild(_ ids: [Int]) -> Double {
        Measure.median(budget: 0.6, maxRuns: 100) {
            var snapshot = Snapshot<Int, Int>()
            try! snapshot.appendSections([0])
            try! snapshot.appendItems(ids, toSection: 0)
            precondition(snapshot.numberOfItems == ids.count)
        } / Double(ids.count)
    }

    /// One step through ScrollSimUIKit: a collection view's diffable data source of n items (not
    /// on screen, so no layout runs, as for the engine's data source below).
    static func facadeStep(n: Int) -> Double {
        let view = UICollectionView(
            frame: .zero, collectionViewLayout: UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain)))
        let source = UICollectionViewDiffableDataSource<Int, Int>(collectionView: view) { _, _, _ in nil }
        var initial = NSDiffableDataSourceSnapshot<Int, Int>()
        initial.appendSections([0, 1, 2])
        initial.appendItems(Array(-20..<0), toSection: 0)
        initial.appendItems(Array(0..<n), toSection: 1)
        initial.appendItems(Array(-40..<(-20)), toSection: 2)
        source.apply(initial)
        var next = n
        return Measure.median(budget: 0.5, maxRuns: 2_000) {
            var snapshot = source.snapshot()
            snapshot.appendItems(Array(next..<next + 5), toSection: 1)
            source.apply(snapshot)
            next += 5
        }
    }

    /// One step through the engine's data source with the same identifier types.
    static func engineStep(n: Int) -> Double {
        let source = DiffableDataSource<Int, Int>()
        var initial = Snapshot<Int, Int>()
        try! initial.appendSections([0, 1, 2])
        try! initial.appendItems(Array(-20..<0), toSection: 0)
        try! initial.appendItems(Array(0..<n), toSection: 1)
        try! initial.appendItems(Array(-40..<(-20)), toSection: 2)
        try! source.apply(initial)
        var next = n
        return Measure.median(budget: 0.5, maxRuns: 2_000) {
            var snapshot = source.snapshot()
            try! snapshot.appendItems(Array(next..<next + 5), toSection: 1)
            try! source.apply(snapshot)
            next += 5
        }
    }

    static func run() {
        print("== facade: ScrollSimUIKit's snapshots and applies next to the engine's (Int sections and items) ==")
        let ids = Array(0..<buildSize)
        _ = facadeBuild(ids)  // warm up
        var facade: [Double] = []
        var engine: [Double] = []
        for _ in 0..<3 {  // alternating, so both see the same machine
            facade.append(facadeBuild(ids))
            engine.append(engineBuild(ids))
        }
        let facadeItem = Measure.middle(facade)
        let engineItem = Measure.middle(engine)
        print(
            "snapshot of 10^5 items: \(Measure.format3(facadeItem)) ns an item through ScrollSimUIKit (goal ≤ 60) "
                + (facadeItem <= 60 ? "ok" : "MISSED") + ", \(Measure.format3(engineItem)) through the engine ("
                + "\(Measure.format3(facadeItem / engineItem))×)")
        for n in [1_000, 100_000] {
            var facadeSteps: [Double] = []
            var engineSteps: [Double] = []
            for _ in 0..<3 {
                facadeSteps.append(facadeStep(n: n))
                engineSteps.append(engineStep(n: n))
            }
            let ratio = Measure.middle(facadeSteps) / Measure.middle(engineSteps)
            print(
                "snapshot() + 5 items + apply with \(n) items: \(Measure.format(ns: Measure.middle(facadeSteps))) through ScrollSimUIKit, "
                    + "\(Measure.format(ns: Measure.middle(engineSteps))) through the engine: \(Measure.format3(ratio))× (goal ≤ 2×) "
                    + (ratio <= 2 ? "ok" : "MISSED"))
        }
    }
}
