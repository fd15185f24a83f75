import ScrollSimUIKit
import Testing

/// Devices, rotation, programmatic scrolling and visible-items handlers, on the home screen.
@MainActor
@Suite("Scrolling and devices in UIKit code")
struct ScrollingTests {
    func home(on device: ScrollSimulator.Device) throws -> (ScrollSimulator, HomeViewController) {
        let simulator = ScrollSimulator(device: device)
        let controller = HomeViewController(feed: try HomeFeed.load(), pager: nil)
        try simulator.show(controller)
        return (simulator, controller)
    }

    @Test(
        "first display per device: the viewport below the safe area decides the cells (5d, G1.9.5, B3.2)",
        arguments: [
            (ScrollSimulator.Device.iPhoneSE, 5), (.iPhone13, 5), (.iPhone15ProMax, 8), (.iPad, 10),
        ])
    func devices(device: ScrollSimulator.Device, cells: Int) throws {
        let (simulator, controller) = try home(on: device)
        #expect(simulator.counts.cellProvider == cells)
        #expect(simulator.counts.sectionProvider == 3)
        #expect(controller.collectionView.bounds.size == device.size)
        #expect(controller.collectionView.contentOffset.y == -device.safeAreaInsets.top)
        #expect(
            controller.collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.width == device.size
                .width - 4)
    }

    @Test(
        "rotation is a bounds-size change: every section re-queried; the safe area's sides inset the container (UIKit model 2.2, G1.1.2)"
    )
    func rotation() throws {
        let (simulator, controller) = try home(on: .iPhone13)
        try simulator.rotate()
        let counts = simulator.counts
        #expect(counts.sectionProvider == 6)
        #expect(counts.layoutPasses == 2)
        #expect(controller.collectionView.bounds.size == CGSize(width: 844, height: 390))
        // Landscape safe area 47 on each side: the consult group is 844 − 94 = 750 wide, from x = 47.
        #expect(
            controller.collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame
                == CGRect(x: 49, y: 2, width: 746, height: 196))
        try simulator.rotate()
        #expect(simulator.counts.sectionProvider == 9)
        #expect(
            controller.collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame
                == CGRect(x: 2, y: 2, width: 386, height: 196))
    }

    @Test("scrollToItem in an orthogonal row scrolls the page to the row and the row to the item's group")
    func scrollToItem() throws {
        let (simulator, controller) = try home(on: .iPhone13)
        let collectionView = controller.collectionView!
        try UIKitException.catching { collectionView.scrollToItem(at: IndexPath(item: 2, section: 2), at: .top, animated: false) }
        // The expert row (section top 820) would go to 820 − 47, but the content ends first:
        // 990 + 34 − 844 = 180 (no bounce, P1.6). The row moves to group 2: 330 − 10 = 320 → clamped.
        #expect(collectionView.contentOffset.y == 180)
        #expect(collectionView.orthogonalContentOffset(inSection: 2) == 260, "clamped to the row's end: C 650 − W 390")
        #expect(simulator.counts.sectionProvider == 3)
    }

    @Test("setContentOffset animated: true runs frames and realises the cells on the way; animated: false jumps")
    func animatedOffset() throws {
        let (simulator, controller) = try home(on: .iPhone13)
        let collectionView = controller.collectionView!
        collectionView.setContentOffset(CGPoint(x: 0, y: 180), animated: true)
        #expect(collectionView.contentOffset.y == -47)
        try simulator.runUntilIdle()
        #expect(collectionView.contentOffset.y == 180)
        #expect(simulator.counts.frames > 10)
        #expect(collectionView.indexPathsForVisibleItems.contains(IndexPath(item: 0, section: 2)))
        try UIKitException.catching { collectionView.setContentOffset(CGPoint(x: 0, y: -47), animated: false) }
        #expect(collectionView.contentOffset.y == -47)
    }

    @Test(
        "a visibleItemsInvalidationHandler runs as its row scrolls, with the row's own offset (G1.9.6), and can drive an append")
    func visibleItemsHandler() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        var offsets: [CGFloat] = []
        var visibleAtEnd: [Int] = []
        var dataSource: UICollectionViewDiffableDataSource<Int, Int>!
        var appended = false
        let layout = UICollectionViewCompositionalLayout { _, _ in
            let section = HomeViewController.rowSection(width: 350, height: 200)
            section.visibleItemsInvalidationHandler = { items, offset, environment in
                offsets.append(offset.x)
                visibleAtEnd = items.map(\.indexPath.item)
                // The usual app trigger: near the end of the row, append a page.
                let contentWidth = CGFloat(dataSource.snapshot().numberOfItems) * 360 + 10
                if !appended, offset.x + environment.container.contentSize.width > contentWidth - 400 {
                    appended = true
                    simulator.schedule(after: 0.2) {
                        var snapshot = dataSource.snapshot()
                        snapshot.appendItems(Array(5..<10))
                        dataSource.apply(snapshot)
                    }
                }
            }
            return section
        }
        let collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
        let registration = UICollectionView.CellRegistration<UICollectionViewCell, Int> { _, _, _ in }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<5))
        dataSource.apply(snapshot)
        try simulator.show(collectionView)
        try simulator.fling(section: 0, velocity: 2000)
        try simulator.runUntilIdle()
        #expect(offsets.last == 1080)
        #expect(offsets.count == simulator.counts.visibleItemsInvalidations)
        #expect(visibleAtEnd == [3, 4])
        #expect(appended)
        #expect(collectionView.numberOfItems(inSection: 0) == 10)
        #expect(simulator.counts.sectionProvider == 2)
    }

    @Test("a collection view the app sized itself keeps its size and gets no safe area")
    func partialScreen() throws {
        let registration = UICollectionView.CellRegistration<UICollectionViewCell, Int> { _, _, _ in }
        let (collectionView, _) = listScreen(items: 30) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        collectionView.frame = CGRect(x: 0, y: 100, width: 390, height: 300)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(collectionView)
        #expect(collectionView.bounds.size == CGSize(width: 390, height: 300))
        #expect(collectionView.contentOffset.y == 0)
        #expect(simulator.counts.cellProvider == 6)
    }
}
