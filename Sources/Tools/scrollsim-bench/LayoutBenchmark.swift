import CompositionalLayout

/// `scrollsim-bench layout`: one layout pass plus one viewport query for sections of 10^3 to 10^6
/// items, against materialising every frame (what a layout that caches all attributes does).
enum LayoutBenchmark {
    static let sizes = [1_000, 10_000, 100_000, 1_000_000]
    static let context = LayoutContext(size: Size(width: 390, height: 844))

    /// The three section shapes of the seed screens: a two-per-row grid (5f), an orthogonal row
    /// (5b), and a self-sizing list with measured rows (G1.10).
    enum Shape: String, CaseIterable {
        case grid, orthogonalRow, selfSizingList

        var section: LayoutSection {
            switch self {
            case .grid:
                let item = LayoutItem(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                return LayoutSection(
                    group: .horizontal(
                        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.3)),
                        subitem: .item(item), count: 2))
            case .orthogonalRow:
                let item = LayoutItem(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                return LayoutSection(
                    group: .horizontal(
                        layoutSize: LayoutSize(widthDimension: .absolute(350), heightDimension: .absolute(200)),
                        subitems: [.item(item)]),
                    interGroupSpacing: 10, contentInsets: DirectionalEdgeInsets(all: 10),
                    orthogonalScrollingBehavior: .continuousGroupLeadingBoundary)
            case .selfSizingList:
                let size = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44))
                return LayoutSection(group: .horizontal(layoutSize: size, subitems: [.item(LayoutItem(layoutSize: size))]))
            }
        }
    }

    /// A prepared layout of one `shape` section; the self-sizing list has 1,000 rows measured.
    static func prepared(_ shape: Shape, items: Int) -> CompositionalLayout {
        let section = shape.section
        let layout = CompositionalLayout { _, _ in section }
        _ = try! layout.prepare(context: context, itemCounts: [items])
        if shape == .selfSizingList {
            for item in measuredItems(count: 1000, of: items) {
                try! layout.setMeasuredSize(Size(width: 390, height: 60), for: ItemPath(item: item, section: 0))
            }
            _ = try! layout.prepare(context: context, itemCounts: [items])
        }
        return layout
    }

    /// Reproducible pseudo-random item indices (xorshift).
    static func measuredItems(count: Int, of n: Int) -> [Int] {
        var random = 0x2545_F491_4F6C_DD1D as UInt64
        return (0..<count).map { _ in
            random ^= random << 13
            random ^= random >> 7
            random ^= random << 17
            return Int(random % UInt64(n))
        }
    }

    /// A full layout pass (every section re-queried, as `invalidateLayout()` does) plus one viewport
    /// query in the middle of the content.
    static func passAndQuery(_ layout: inout CompositionalLayout, _ shape: Shape, items: Int) -> Int {
        layout.invalidate(.everything)
        _ = try! layout.prepare(context: context, itemCounts: [items])
        switch shape {
        case .orthogonalRow:
            let middle = layout.orthogonalContentLength(ofSection: 0)! / 2
            return layout.orthogonalItems(inSection: 0, offset: middle, viewportLength: 390).count
        default:
            let middle = layout.contentSize.height / 2
            return layout.visibleElements(in: Viewport(rect: Rect(x: 0, y: middle, width: 390, height: 844))).count
        }
    }

    static func run() {
        print("== layout: one layout pass + one viewport query (median wall time) ==")
        print(
            "grid = 5f two per row; orthogonalRow = 5b company row; selfSizingList = estimated 44-pt rows, 1,000 of them measured"
        )
        print("all frames = materialising every element, as a layout that caches all attributes would")
        var fast: [Shape: [Int: Double]] = [:]
        var measure: [Int: Double] = [:]
        var sink = 0
        for shape in Shape.allCases {
            for n in sizes {
                var layout = prepared(shape, items: n)
                fast[shape, default: [:]][n] = Measure.median { sink &+= passAndQuery(&layout, shape, items: n) }
            }
        }
        // The cost of one self-sizing measurement (a prefix-sum update) once a section is measured.
        for n in sizes {
            let layout = prepared(.selfSizingList, items: n)
            let items = measuredItems(count: 4096, of: n)
            var i = 0
            measure[n] = Measure.median {
                i += 1
                let height = 50 + Double(i % 30)
                try! layout.setMeasuredSize(
                    Size(width: 390, height: height), for: ItemPath(item: items[i % items.count], section: 0))
            }
        }
        let peakFast = Measure.peakRSS()

        // Baseline: materialise every frame (allElements), as a layout that caches all attributes would.
        var brute: [Shape: [Int: Double]] = [:]
        for shape in Shape.allCases {
            let section = shape.section
            for n in sizes {
                let layout = CompositionalLayout { _, _ in section }
                _ = try! layout.prepare(context: context, itemCounts: [n])
                brute[shape, default: [:]][n] = Measure.median(budget: 0.5, maxRuns: 50) {
                    let l = CompositionalLayout { _, _ in section }
                    _ = try! l.prepare(context: context, itemCounts: [n])
                    sink &+= l.allElements().count
                }
            }
        }

        print(
            Measure.pad("shape", 16, right: false) + Measure.pad("items", 10) + Measure.pad("pass+query", 13)
                + Measure.pad("all frames", 13) + Measure.pad("speed-up", 11))
        for shape in Shape.allCases {
            for n in sizes {
                let f = fast[shape]![n]!
                let b = brute[shape]![n]!
                print(
                    Measure.pad(shape.rawValue, 16, right: false) + Measure.pad(String(n), 10)
                        + Measure.pad(Measure.format(ns: f), 13) + Measure.pad(Measure.format(ns: b), 13)
                        + Measure.pad(Measure.format3(b / f) + "×", 11))
            }
        }
        print("")
        for shape in Shape.allCases {
            let growth = fast[shape]![1_000_000]! / fast[shape]![1_000]!
            let speedUp = brute[shape]![1_000_000]! / fast[shape]![1_000_000]!
            print(
                "\(shape.rawValue): 10^6 / 10^3 cost ratio \(Measure.format3(growth))× (goal ≤ 3×) "
                    + (growth <= 3 ? "ok" : "MISSED")
                    + " · vs all frames at 10^6: \(Measure.format3(speedUp))× faster (goal ≥ 100×) "
                    + (speedUp >= 100 ? "ok" : "MISSED"))
        }
        print(
            "one self-sizing measurement (prefix-sum update): "
                + sizes.map { "\($0): \(Measure.format(ns: measure[$0]!))" }.joined(separator: " · "))
        print(
            "peak RSS during the pass+query runs (up to 10^6 items): \(Measure.megabytes(peakFast)) (goal < 50 MB) "
                + (peakFast < 50 << 20 ? "ok" : "MISSED"))
        print("peak RSS after materialising every frame: \(Measure.megabytes(Measure.peakRSS()))")
        if sink == 42 { print("") }  // keeps the optimiser from dropping the work
    }
}
