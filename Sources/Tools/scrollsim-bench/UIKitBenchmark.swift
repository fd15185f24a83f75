import CollectionView
import ScrollSimUIKit
import ScrollSimulation

/// `scrollsim-bench uikit`: what UIKit's names cost on top of the engine. The home screen of
/// `simulate` (1,000 consult items, 50 companies, 4 experts) is built as an app builds it — a
/// section provider returning `NSCollectionLayoutSection` objects, a diffable data source whose
/// cell provider dequeues cell objects from registrations — and flung by a `ScrollSimulator`
/// with the same gestures as the engine's simulation; frames must come out equal.
@MainActor
enum UIKitBenchmark {
    final class Cell: UICollectionViewCell {
        let label = UILabel()
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.addSubview(label)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    static func section(_ index: Int) -> NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        if index == 0 {
            item.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(200)),
                subitems: [item])
            return NSCollectionLayoutSection(group: group)
        }
        let side: CGFloat = index == 1 ? 350 : 150
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .absolute(side), heightDimension: .absolute(index == 1 ? 200 : 150)),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 10
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        section.orthogonalScrollingBehavior = .continuousGroupLeadingBoundary
        return section
    }

    /// The home screen in UIKit code, shown on a 390 × 844 screen with no safe area (the
    /// engine benchmark's viewport).
    static func shownHome(simulator: ScrollSimulator) -> UICollectionViewDiffableDataSource<Int, Int> {
        let collectionView = UICollectionView(
            frame: .zero, collectionViewLayout: UICollectionViewCompositionalLayout { index, _ in section(index) })
        let registration = UICollectionView.CellRegistration<Cell, Int> { cell, _, item in cell.label.text = String(item) }
        let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0, 1, 2])
        snapshot.appendItems(Array(0..<1_000), toSection: 0)
        snapshot.appendItems(Array(1_000..<1_050), toSection: 1)
        snapshot.appendItems(Array(2_000..<2_004), toSection: 2)
        dataSource.apply(snapshot, animatingDifferences: false)
        try! simulator.show(collectionView)
        return dataSource
    }

    static let screen = ScrollSimulator.Device(
        name: "390 × 844", size: CGSize(width: 390, height: 844), safeAreaInsets: .zero, scale: 3)

    /// Nanoseconds per frame over `cycles` × 4 s of `simulate`'s script.
    static func frameCost(cycles: Int) -> (nsPerFrame: Double, frames: Int, counts: Counts) {
        let simulator = ScrollSimulator(device: screen, logCapacity: 1_000)
        _ = shownHome(simulator: simulator)
        let clock = ContinuousClock()
        let t0 = clock.now
        for _ in 0..<cycles {
            try! simulator.fling(velocity: 3000)
            try! simulator.advance(by: 0.5)
            try! simulator.fling(section: 1, velocity: 4000)
            try! simulator.advance(by: 1.5)
            try! simulator.fling(velocity: -3000)
            try! simulator.advance(by: 0.5)
            try! simulator.fling(section: 1, velocity: -4000)
            try! simulator.advance(by: 1.5)
        }
        let elapsed = Measure.seconds(clock.now - t0)
        let counts = simulator.counts
        return (elapsed * 1e9 / Double(counts.frames), counts.frames, counts)
    }

    /// The cost of one apply that appends or removes 5 companies: a layout pass that re-runs the
    /// section provider for all three sections (each call builds and converts the section
    /// objects). Appends and removals alternate, so the row stays at 50 to 55 items.
    static func appendCost() -> Double {
        let simulator = ScrollSimulator(device: screen, logCapacity: 1_000)
        let dataSource = shownHome(simulator: simulator)
        let original = dataSource.snapshot(for: 1)
        var next = 10_000
        return Measure.median {
            var companies = original
            companies.append(Array(next..<next + 5))
            next += 5
            try! UIKitException.catching {
                dataSource.apply(companies, to: 1)
                dataSource.apply(original, to: 1)
            }
        } / 2
    }

    /// The same ±5 companies through the engine's simulation (String sections, Int items).
    static func engineAppendCost() -> Double {
        let simulation = try! ScenarioSimulation(spec: SimulateBenchmark.spec(consult: 1_000), logCapacity: 1_000)
        return Measure.median {
            try! simulation.perform(.app(.apply(.appendItems(section: "company", count: 5), animatingDifferences: true)))
            try! simulation.perform(.app(.apply(.deleteItems(section: "company", count: 5), animatingDifferences: true)))
        } / 2
    }

    /// Applies in a loop, for a profiler (`perf record -g scrollsim-bench uikit-apply-profile`).
    static func applyProfile() {
        for _ in 0..<5 { print("\(Measure.format(ns: appendCost())) per apply") }
    }

    static func run() {
        print("== uikit: the simulate benchmark's home screen written with ScrollSimUIKit, same gestures ==")
        _ = frameCost(cycles: 5)  // warm up
        var best = Double.infinity
        var result = (nsPerFrame: 0.0, frames: 0, counts: Counts())
        for _ in 0..<3 {
            let run = frameCost(cycles: 100)
            if run.nsPerFrame < best {
                best = run.nsPerFrame
                result = run
            }
        }
        let engine = (0..<3).map { _ in SimulateBenchmark.frameCost(consult: 1_000, seconds: 400) }.min {
            $0.nsPerFrame < $1.nsPerFrame
        }!
        print(
            "ScrollSimUIKit: \(Measure.format(ns: best)) per frame (\(result.frames) frames, \(result.counts.cellProvider) cell-provider calls, best of 3)"
        )
        print("engine simulation: \(Measure.format(ns: engine.nsPerFrame)) per frame (\(engine.frames) frames)")
        let ratio = best / engine.nsPerFrame
        print("frames equal: \(result.frames == engine.frames ? "yes" : "NO (\(result.frames) vs \(engine.frames))")")
        print("ScrollSimUIKit / engine per frame: \(Measure.format3(ratio))× (goal ≤ 2×) " + (ratio <= 2 ? "ok" : "MISSED"))
        let append = appendCost()
        let engineAppend = engineAppendCost()
        print(
            "an apply of ±5 companies (3 section-provider calls, 1 layout pass): \(Measure.format(ns: append)) through ScrollSimUIKit, "
                + "\(Measure.format(ns: engineAppend)) through the engine's simulation (\(Measure.format3(append / engineAppend))×), medians"
        )
    }
}
