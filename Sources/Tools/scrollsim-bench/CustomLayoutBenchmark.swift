import ScrollSimUIKit

/// `scrollsim-bench custom`: what laying out a layout of the app's own costs. One preparation
/// (the app's `prepare()` and whole-content query, then the engine's sections built from the
/// answer) at 10^3 to 10^5 items, next to the app's own work alone in the same run; and a
/// one-screen scroll afterwards, which should not grow with n.
@MainActor
enum CustomLayoutBenchmark {
    /// A list of 60-point rows whose attributes are computed in `prepare()` and cached, as custom
    /// layouts are written.
    final class ListLayout: UICollectionViewLayout {
        private var cache: [UICollectionViewLayoutAttributes] = []

        override func prepare() {
            guard let collectionView else { return }
            let width = collectionView.bounds.width
            cache = (0..<collectionView.numberOfItems(inSection: 0)).map { item in
                let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
                attributes.frame = CGRect(x: 0, y: CGFloat(item) * 60, width: width, height: 60)
                return attributes
            }
        }

        override var collectionViewContentSize: CGSize {
            CGSize(width: collectionView?.bounds.width ?? 0, height: CGFloat(cache.count) * 60)
        }

        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            cache.filter { $0.frame.intersects(rect) }
        }
    }

    final class Source: NSObject, UICollectionViewDataSource {
        let count: Int
        init(count: Int) { self.count = count }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
        }
    }

    static func run() {
        print("== custom: a layout of the app's own, one preparation and a one-screen scroll ==")
        var scrolls: [Int: Double] = [:]
        for n in [1_000, 10_000, 100_000] {
            let layout = ListLayout()
            let view = UICollectionView(frame: .zero, collectionViewLayout: layout)
            view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Cell")
            let source = Source(count: n)
            view.dataSource = source
            let simulator = ScrollSimulator(device: UIKitBenchmark.screen, logCapacity: 1_000)
            try! simulator.show(view)
            let runs = n >= 100_000 ? 5 : 30
            var preparation: [Double] = []
            var appsOwn: [Double] = []
            let whole = CGRect(origin: .zero, size: layout.collectionViewContentSize)
            for _ in 0..<3 {  // alternating, so both see the same machine
                preparation.append(
                    Measure.median(budget: 0.5, maxRuns: runs) {
                        layout.invalidateLayout()
                        view.layoutIfNeeded()
                    })
                appsOwn.append(
                    Measure.median(budget: 0.5, maxRuns: runs) {
                        layout.prepare()
                        precondition(layout.layoutAttributesForElements(in: whole)?.count == n)
                    })
            }
            let prepared = Measure.middle(preparation)
            let own = Measure.middle(appsOwn)
            // A jump of one screen and back, from the middle of the content: the cells of both
            // screens found through the prepared sections (which should not grow with n).
            var low = true
            scrolls[n] = Measure.median {
                view.contentOffset = CGPoint(x: 0, y: whole.height / 2 + (low ? 0 : 844))
                low.toggle()
            }
            precondition(!view.indexPathsForVisibleItems.isEmpty)
            print(
                "\(n) items: one preparation \(Measure.format(ns: prepared)), the app's prepare() and query alone \(Measure.format(ns: own)) (\(Measure.format3(prepared / own))×, \(Measure.format(ns: (prepared - own) / Double(n))) an item on top); a one-screen scroll \(Measure.format(ns: scrolls[n]!))"
            )
        }
        let ratio = scrolls[100_000]! / scrolls[1_000]!
        print("a one-screen scroll, 10^5 / 10^3 items: \(Measure.format3(ratio))× (goal ≤ 3×) " + (ratio <= 3 ? "ok" : "MISSED"))
    }
}
