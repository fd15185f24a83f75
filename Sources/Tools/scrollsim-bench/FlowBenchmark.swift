import ScrollSimUIKit

/// `scrollsim-bench flow`: a flow layout's costs. A viewport query with one item size at 10^3 to
/// 10^6 items (the lines repeat, so it should not grow with n), and with a delegate that sizes
/// every item: what one invalidation costs (the delegate is asked for every item, as UIKit asks
/// it) and what a viewport query costs then.
@MainActor
enum FlowBenchmark {
    /// A classic data source of `count` items, and a delegate that sizes them when asked to.
    final class Source: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
        let count: Int
        let sized: Bool
        init(count: Int, sized: Bool) {
            self.count = count
            self.sized = sized
        }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
        }
        func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            sizeForItemAt indexPath: IndexPath
        ) -> CGSize {
            // Three widths, so lines hold different numbers of items (the general path).
            sized
                ? CGSize(width: [90, 120, 150][indexPath.item % 3], height: 100)
                : (collectionViewLayout as! UICollectionViewFlowLayout).itemSize
        }
    }

    struct Shown {
        let simulator: ScrollSimulator
        let view: UICollectionView
        let layout: UICollectionViewFlowLayout
        let source: Source
    }

    static func shown(count: Int, sized: Bool) -> Shown {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 120, height: 120)
        let view = UICollectionView(frame: .zero, collectionViewLayout: layout)
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Cell")
        let source = Source(count: count, sized: sized)
        view.dataSource = source
        // Without a delegate the layout's itemSize applies and nothing of the app's is asked.
        if sized { view.delegate = source }
        let simulator = ScrollSimulator(device: UIKitBenchmark.screen, logCapacity: 1_000)
        try! simulator.show(view)
        return Shown(simulator: simulator, view: view, layout: layout, source: source)
    }

    /// The median cost of the elements in a screen-sized rect halfway down the content.
    static func queryCost(_ shown: Shown) -> Double {
        let height = shown.layout.collectionViewContentSize.height
        let rect = CGRect(x: 0, y: height / 2, width: 390, height: 844)
        var found = 0
        let cost = Measure.median { found &+= shown.layout.layoutAttributesForElements(in: rect)?.count ?? 0 }
        precondition(found > 0)
        return cost
    }

    static func run() {
        print("== flow: UICollectionViewFlowLayout, one item size (no delegate) and delegate-sized items ==")
        var uniform: [Int: Double] = [:]
        for n in [1_000, 10_000, 100_000, 1_000_000] {
            let shown = shown(count: n, sized: false)
            uniform[n] = queryCost(shown)
            print(
                "one size, \(n) items: viewport query \(Measure.format(ns: uniform[n]!)), delegate calls \(shown.layout.counts.delegateCalls)"
            )
        }
        let ratio = uniform[1_000_000]! / uniform[1_000]!
        print("one size, viewport query 10^6 / 10^3: \(Measure.format3(ratio))× (goal ≤ 3×) " + (ratio <= 3 ? "ok" : "MISSED"))
        for n in [1_000, 100_000, 1_000_000] {
            let shown = shown(count: n, sized: true)
            let before = shown.layout.counts.sizeForItem
            let clock = ContinuousClock()
            let t0 = clock.now
            shown.layout.invalidateLayout()
            shown.view.layoutIfNeeded()
            let invalidation = Measure.seconds(clock.now - t0) * 1e9
            let calls = shown.layout.counts.sizeForItem - before
            print(
                "delegate-sized, \(n) items: one invalidation \(Measure.format(ns: invalidation)) (\(calls) sizeForItemAt calls, \(Measure.format(ns: invalidation / Double(calls))) per item), viewport query \(Measure.format(ns: queryCost(shown)))"
            )
        }
    }
}
