import ScrollSimUIKit
import Testing

/// Item supplementary items, written like Apple's "Badges" sample (UIKit model G1.2, G1.8.6).
@MainActor
@Suite("Badges in UIKit code")
struct BadgeTests {
    static let badgeKind = "badge-element-kind"

    final class BadgeView: UICollectionReusableView {
        let label = UILabel()
        override init(frame: CGRect) {
            super.init(frame: frame)
            addSubview(label)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    func screen() -> (UICollectionView, UICollectionViewDiffableDataSource<Int, Int>, Counter) {
        let layout = UICollectionViewCompositionalLayout { _, _ in
            let badgeAnchor = NSCollectionLayoutAnchor(edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.3, y: -0.3))
            let badgeSize = NSCollectionLayoutSize(widthDimension: .absolute(20), heightDimension: .absolute(20))
            let badge = NSCollectionLayoutSupplementaryItem(
                layoutSize: badgeSize, elementKind: Self.badgeKind, containerAnchor: badgeAnchor)
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalHeight(1)),
                supplementaryItems: [badge])
            item.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(0.2)),
                subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.contentInsets = NSDirectionalEdgeInsets(top: 20, leading: 20, bottom: 20, trailing: 20)
            return section
        }
        let collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
        let cell = UICollectionView.CellRegistration<UICollectionViewCell, Int> { _, _, _ in }
        let counter = Counter()
        let badge = UICollectionView.SupplementaryRegistration<BadgeView>(elementKind: Self.badgeKind) { view, _, indexPath in
            view.label.text = "\(indexPath.item)"
            counter.value += 1
        }
        let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) {
            collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: item)
        }
        dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
            collectionView.dequeueConfiguredReusableSupplementary(using: badge, for: indexPath)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<100))
        dataSource.apply(snapshot, animatingDifferences: false)
        return (collectionView, dataSource, counter)
    }

    @MainActor
    final class Counter {
        var value = 0
    }

    @Test("a badge per visible cell, at the cell's top-trailing corner pushed out by 30 % of its size")
    func badges() throws {
        let (collectionView, _, counter) = screen()
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(collectionView)
        // Content width 350: items 87.5 wide (cells 77.5 after insets), groups 70 tall (cells 60).
        let cell = try #require(collectionView.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame)
        #expect(cell == CGRect(x: 112.5, y: 25, width: 77.5, height: 60))
        let badge = try #require(
            collectionView.layoutAttributesForSupplementaryElement(ofKind: Self.badgeKind, at: IndexPath(item: 1, section: 0))?
                .frame)
        #expect(badge == CGRect(x: 176, y: 19, width: 20, height: 20))
        // Viewport y ∈ [−47, 797): group rows start at 20 + 70k; rows 0 to 11 (row 11 at 790).
        #expect(simulator.counts.cellProvider == 48)
        #expect(simulator.counts.supplementaryProvider == 48)
        #expect(counter.value == 48)
        let shown = collectionView.visibleSupplementaryViews(ofKind: Self.badgeKind).compactMap { ($0 as? BadgeView)?.label.text }
        #expect(shown.count == 48)
        #expect(shown.first == "0")
        #expect(simulator.warnings.isEmpty)
    }

    @Test("scrolling reuses badges like cells; no section-provider call (B1.4)")
    func scrolling() throws {
        let (collectionView, _, _) = screen()
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(collectionView)
        try simulator.fling(velocity: 2000)
        try simulator.runUntilIdle()
        let counts = simulator.counts
        #expect(counts.sectionProvider == 1)
        #expect(counts.supplementaryProvider > 48)
        // A badge is realised on its own frame, which sticks out 6 pt above its cell: the shown
        // badges are exactly those whose frames meet the viewport, not one per visible cell.
        let viewport = CGRect(origin: collectionView.contentOffset, size: collectionView.bounds.size)
        let inViewport = collectionView.collectionViewLayout.layoutAttributesForElements(in: viewport)?
            .filter { $0.representedElementKind == Self.badgeKind }.map(\.indexPath)
        let shown = collectionView.visibleSupplementaryViews(ofKind: Self.badgeKind).compactMap { view in
            (view as? BadgeView)?.label.text.flatMap(Int.init)
        }
        #expect(shown.map { IndexPath(item: $0, section: 0) } == inViewport)
        #expect(shown.count != collectionView.visibleCells.count)
    }
}
