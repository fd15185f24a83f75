import ScrollSimUIKit
import Testing

/// The shop-home seed screen in UIKit code: UIKit model 5e frames inside the stacked screen.
@MainActor
@Suite("Shop home in UIKit code")
struct ShopHomeTests {
    func shown() throws -> (ScrollSimulator, ShopHomeViewController) {
        let simulator = ScrollSimulator(device: .iPhone13)
        let controller = ShopHomeViewController()
        try simulator.show(controller)
        return (simulator, controller)
    }

    @Test(
        "banner, 5e grid with its header, list: frames and a height that is the sum of the sections (UIKit model 5e, G1.8, G1.7.3)"
    )
    func frames() throws {
        let collectionView = try shown().1.collectionView!
        let header = UICollectionView.elementKindSectionHeader
        // Banner: item and group 1 × 0.8 of the width (G1.2 fractionalWidth on the height axis).
        #expect(
            collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame
                == CGRect(x: 0, y: 0, width: 390, height: 312))
        #expect(
            collectionView.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame
                == CGRect(x: 390, y: 0, width: 390, height: 312))
        // 5e, moved down by the banner's 312.
        #expect(
            collectionView.layoutAttributesForSupplementaryElement(ofKind: header, at: IndexPath(item: 0, section: 1))?.frame
                == CGRect(x: 15, y: 312, width: 360, height: 60))
        let grid: [CGRect] = [
            CGRect(x: 20, y: 372, width: 170, height: 164), CGRect(x: 200, y: 372, width: 170, height: 164),
            CGRect(x: 20, y: 552, width: 170, height: 164), CGRect(x: 200, y: 552, width: 170, height: 164),
            CGRect(x: 20, y: 732, width: 170, height: 164), CGRect(x: 200, y: 732, width: 170, height: 164),
        ]
        for (item, frame) in grid.enumerated() {
            #expect(collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: 1))?.frame == frame)
        }
        // List: header 50, rows 0.3 × 390 = 117 inset by 5 / 20.
        #expect(
            collectionView.layoutAttributesForSupplementaryElement(ofKind: header, at: IndexPath(item: 0, section: 2))?.frame
                == CGRect(x: 0, y: 912, width: 390, height: 50))
        #expect(
            collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 2))?.frame
                == CGRect(x: 20, y: 967, width: 350, height: 107))
        #expect(
            collectionView.layoutAttributesForItem(at: IndexPath(item: 2, section: 2))?.frame
                == CGRect(x: 20, y: 1201, width: 350, height: 107))
        #expect(collectionView.contentSize == CGSize(width: 390, height: 312 + 600 + 401))
    }

    @Test(
        "first display on an iPhone 13: one banner, six products, the grid header; scrolling down adds the list and its header without a provider call (B1.4)"
    )
    func scrolling() throws {
        let (simulator, controller) = try shown()
        var counts = simulator.counts
        #expect(counts.sectionProvider == 3)
        #expect(counts.cellProvider == 7)
        #expect(counts.supplementaryProvider == 1)
        #expect(controller.configuredHeaders == ["Popular"])
        let rows = try #require(
            controller.collectionView.cellForItem(at: IndexPath(item: 0, section: 1)) as? ShopHomeViewController.ProductCell)
        #expect(rows.titleLabel.text == "Product 10")

        try simulator.fling(velocity: 3000)
        try simulator.runUntilIdle()
        // The content is 1313 tall; the offset stops at 1313 + 34 − 844 = 503.
        #expect(controller.collectionView.contentOffset.y == 503)
        counts = simulator.counts
        #expect(counts.sectionProvider == 3, "scrolling does not re-run the section provider (B1.4)")
        #expect(counts.cellProvider == 10)
        #expect(counts.supplementaryProvider == 2)
        #expect(controller.configuredHeaders == ["Popular", "Recently viewed"])
        let row = try #require(
            controller.collectionView.cellForItem(at: IndexPath(item: 1, section: 2)) as? UICollectionViewListCell)
        #expect((row.contentConfiguration as? UIListContentConfiguration)?.text == "Viewed 21")
        // The viewport is y ∈ [503, 1347): the grid header (312–372) has left, the list's is shown.
        let headers = controller.collectionView.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionHeader)
        #expect(headers.compactMap { ($0 as? ShopHomeViewController.TitleSupplementaryView)?.label.text } == ["Recently viewed"])
    }

    @Test("headers are reused from their registration's pool after scrolling off and back (B4.1)")
    func headerReuse() throws {
        let (simulator, controller) = try shown()
        try simulator.fling(velocity: 3000)
        try simulator.runUntilIdle()
        try simulator.fling(velocity: -3000)
        try simulator.runUntilIdle()
        #expect(controller.collectionView.contentOffset.y == -47)
        let headers = controller.collectionView.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionHeader)
        let grid = try #require(headers.first as? ShopHomeViewController.TitleSupplementaryView)
        #expect(grid.label.text == "Popular")
        // The grid header left (offset 503 shows y ≥ 503: header at 312–372 is off) and came back reused.
        #expect(simulator.counts.supplementaryProvider == 3)
        #expect(grid.reuses == 1)
    }

    @Test("groupPaging banner: a flick moves one page whatever its speed (P2.4)", arguments: [500.0, 8000.0])
    func bannerPaging(velocity: Double) throws {
        let (simulator, controller) = try shown()
        try simulator.fling(section: 0, velocity: CGFloat(velocity))
        try simulator.runUntilIdle()
        #expect(controller.collectionView.orthogonalContentOffset(inSection: 0) == 390)
        #expect(
            controller.collectionView.indexPathsForVisibleItems.filter { $0.section == 0 } == [IndexPath(item: 1, section: 0)])
    }
}
