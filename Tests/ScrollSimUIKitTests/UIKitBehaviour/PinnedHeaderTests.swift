import ScrollSimUIKit
import Testing

/// Pinned section headers report where they are shown, not where they rest (G1.8.4): attribute
/// queries and rectangle queries follow the current content offset.
@MainActor
@Suite("Pinned headers in UIKit code")
struct PinnedHeaderTests {
    /// Three sections of ten 100-pt rows under a 44-pt pinned header: each section is 44 + 1000 =
    /// 1044 long, starting at 0, 1044, 2088 (G1.6.3, G1.8.3).
    /// The data source is returned too: as in an app, someone must keep it (the view holds it
    /// weakly).
    func shown() throws -> (ScrollSimulator, UICollectionView, AnyObject) {
        let layout = UICollectionViewCompositionalLayout { _, _ in
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.vertical(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
                subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            let header = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            header.pinToVisibleBounds = true
            header.zIndex = 2
            section.boundarySupplementaryItems = [header]
            return section
        }
        let collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
        let cell = UICollectionView.CellRegistration<UICollectionViewListCell, Int> { _, _, _ in }
        let header = UICollectionView.SupplementaryRegistration<UICollectionReusableView>(
            elementKind: UICollectionView.elementKindSectionHeader
        ) { _, _, _ in }
        let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) {
            collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: item)
        }
        dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
            collectionView.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0, 1, 2])
        for section in 0..<3 { snapshot.appendItems(Array(section * 10..<section * 10 + 10), toSection: section) }
        dataSource.apply(snapshot, animatingDifferences: false)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(collectionView)
        return (simulator, collectionView, dataSource)
    }

    func headerFrame(_ collectionView: UICollectionView, section: Int) -> CGRect? {
        collectionView.layoutAttributesForSupplementaryElement(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: section))?.frame
    }

    @Test("at rest (offset −47) every header is at its resting place: y 0, 1044, 2088")
    func atRest() throws {
        let (simulator, collectionView, dataSource) = try shown()
        defer { withExtendedLifetime((simulator, dataSource)) {} }
        #expect(collectionView.contentOffset.y == -47)
        #expect(headerFrame(collectionView, section: 0)?.minY == 0)
        #expect(headerFrame(collectionView, section: 1)?.minY == 1044)
    }

    @Test(
        "scrolled to 500: header 0 at the visible top, offset + safe-area top = 547; a rectangle there finds it; header 1 rests at 1044"
    )
    func pinnedAtVisibleTop() throws {
        let (simulator, collectionView, dataSource) = try shown()
        defer { withExtendedLifetime((simulator, dataSource)) {} }
        collectionView.contentOffset = CGPoint(x: 0, y: 500)
        #expect(headerFrame(collectionView, section: 0) == CGRect(x: 0, y: 547, width: 390, height: 44))
        #expect(headerFrame(collectionView, section: 1)?.minY == 1044)
        let found = collectionView.collectionViewLayout.layoutAttributesForElements(
            in: CGRect(x: 0, y: 550, width: 390, height: 10))
        let header = try #require(found?.first { $0.representedElementKind == UICollectionView.elementKindSectionHeader })
        #expect(header.frame.minY == 547)
        #expect(header.zIndex == 2)
        // Its resting place no longer holds it.
        let atRest = collectionView.collectionViewLayout.layoutAttributesForElements(
            in: CGRect(x: 0, y: 0, width: 390, height: 10))
        #expect(atRest?.contains { $0.representedElementKind == UICollectionView.elementKindSectionHeader } == false)
    }

    @Test(
        "near its section's end the header is pushed up: offset 980 → boundary 1027, header 0 clamped at 1044 − 44 = 1000; header 1 at 1044"
    )
    func pushedBySectionEnd() throws {
        let (simulator, collectionView, dataSource) = try shown()
        defer { withExtendedLifetime((simulator, dataSource)) {} }
        collectionView.contentOffset = CGPoint(x: 0, y: 980)
        #expect(headerFrame(collectionView, section: 0)?.minY == 1000)
        #expect(headerFrame(collectionView, section: 1)?.minY == 1044)
        collectionView.contentOffset = CGPoint(x: 0, y: 1100)
        #expect(headerFrame(collectionView, section: 1)?.minY == 1147)
    }
}
