import ScrollSimUIKit
import Testing

/// A cell class that counts what UIKit does to it.
final class CountingCell: UICollectionViewCell {
    private(set) var reuses = 0
    private(set) var configurations: [Int] = []

    override func prepareForReuse() {
        super.prepareForReuse()
        reuses += 1
    }

    func configure(_ item: Int) { configurations.append(item) }
}

/// Records the delegate callbacks.
@MainActor
final class RecordingDelegate: UICollectionViewDelegate {
    var displayed: [Int] = []
    var ended: [Int] = []
    var scrolls = 0

    func collectionView(
        _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
        displayed.append(indexPath.item)
    }

    func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
        ended.append(indexPath.item)
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolls += 1 }
}

/// Cell requests, reuse, reload and reconfigure through UIKit's API (UIKit model 2.3, 2.4).
@MainActor
@Suite("Cell life cycle in UIKit code")
struct CellLifecycleTests {
    func screen(items: Int = 200) -> (UICollectionView, UICollectionViewDiffableDataSource<Int, Int>) {
        let registration = UICollectionView.CellRegistration<CountingCell, Int> { cell, _, item in cell.configure(item) }
        return listScreen(items: items) { collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
    }

    @Test(
        "steady scrolling without prefetching: cells created plateau at the most rows the viewport can cut while cell-provider calls keep growing (B4.3)"
    )
    func reusePlateau() throws {
        let (collectionView, _) = screen()
        collectionView.isPrefetchingEnabled = false
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(collectionView)
        // Viewport 844 over 50-pt rows starting at −47: rows 0 to 15 (16 cells).
        #expect(simulator.counts.cellsCreated == 16)
        try simulator.drag(by: 4000, duration: 4)
        try simulator.runUntilIdle()
        let counts = simulator.counts
        // An 844-pt viewport cuts at most ⌈844 / 50⌉ + 1 = 18 rows of 50 pt at once.
        #expect(counts.cellsCreated == 18)
        #expect(counts.cellProvider == 16 + 80)
        #expect(counts.prefetched == 0)
        #expect(counts.cellsReused == counts.cellProvider - counts.cellsCreated)
        let reuses = collectionView.visibleCells.compactMap { $0 as? CountingCell }.map(\.reuses).reduce(0, +)
        #expect(reuses > 0)
        #expect(counts.sectionProvider == 1, "scrolling never re-runs the provider (B1.4)")
    }

    @Test(
        "steady scrolling with prefetching (UIKit's default): the plateau grows by the rows kept half a screen on each side, and the rows half a screen past the end are prepared after the drag (PF3 to PF5)"
    )
    func reusePlateauWithPrefetching() throws {
        let (collectionView, _) = screen()
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(collectionView)
        #expect(simulator.counts.cellsCreated == 16, "nothing is prepared ahead before the first scroll (PF2)")
        try simulator.drag(by: 4000, duration: 4)
        try simulator.runUntilIdle()
        let counts = simulator.counts
        // The drag ends at offset 3953: the viewport [3953, 4797) shows rows 79 to 95; cells stay
        // prepared from 422 pt above it to 422 pt below it, [3531, 5219): rows 70 to 104, 35 cells,
        // the most alive at once, hence created. Rows 16 to 95 came on screen (80 calls) and rows 96
        // to 104 were prepared ahead, one per frame, after the finger lifted (9 calls).
        #expect(counts.cellsCreated == 35)
        #expect(counts.cellProvider == 16 + 80 + 9)
        // Every later cell was asked for ahead but row 16 (from y 800): the drag's first frame (8.3 pt)
        // brought it on screen before anything had been prepared (PF2).
        #expect(counts.prefetched == counts.cellProvider - 16 - 1)
        #expect(collectionView.indexPathsForVisibleItems.count == 17)
        #expect(collectionView.visibleCells.count == 17)
    }

    @Test("delegate: willDisplay for each requested cell, didEndDisplaying when it leaves, scrollViewDidScroll per moving frame")
    func delegate() throws {
        let (collectionView, _) = screen()
        let delegate = RecordingDelegate()
        collectionView.delegate = delegate
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(collectionView)
        #expect(delegate.displayed == Array(0..<16))
        try simulator.drag(by: 100, duration: 0.25)
        try simulator.runUntilIdle()
        #expect(delegate.displayed == Array(0..<18))
        // The viewport is now y ∈ [53, 897): row 0 left, rows 16 and 17 entered.
        #expect(delegate.ended == [0])
        #expect(delegate.scrolls == 30, "0.25 s at 120 Hz")
        #expect(simulator.counts.frames == 30)
    }

    @Test("reconfigure: the same cell, configured again, no prepareForReuse; reload: a new cell (UIKit model 2.3, B4.2)")
    func reconfigureAndReload() throws {
        let (collectionView, dataSource) = screen()
        try UIKitException.catching { collectionView.layoutIfNeeded() }
        let before = try #require(collectionView.cellForItem(at: IndexPath(item: 3, section: 0)) as? CountingCell)

        var snapshot = dataSource.snapshot()
        snapshot.reconfigureItems([3])
        try UIKitException.catching { dataSource.apply(snapshot) }
        let reconfigured = try #require(collectionView.cellForItem(at: IndexPath(item: 3, section: 0)) as? CountingCell)
        #expect(reconfigured === before)
        #expect(reconfigured.configurations == [3, 3])
        #expect(reconfigured.reuses == 0)

        snapshot = dataSource.snapshot()
        snapshot.reloadItems([3])
        try UIKitException.catching { dataSource.apply(snapshot) }
        let reloaded = try #require(collectionView.cellForItem(at: IndexPath(item: 3, section: 0)) as? CountingCell)
        #expect(reloaded !== before)
        #expect(reloaded.configurations == [3])
    }

    @Test("reconfiguring an off-screen item is a no-op (UIKit model 2.3)")
    func reconfigureOffScreen() throws {
        let (collectionView, dataSource) = screen()
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(collectionView)
        let before = simulator.counts
        var snapshot = dataSource.snapshot()
        snapshot.reconfigureItems([150])
        try UIKitException.catching { dataSource.apply(snapshot) }
        #expect(simulator.counts.cellProvider == before.cellProvider)
        #expect(simulator.counts.reconfigured == 1)
    }

    @Test(
        "invalidation policies: a non-animated apply is reloadData under uikit14 (every visible cell again) and a diff under uikit (D3.2)",
        arguments: [InvalidationPolicy.uikit, .uikit14])
    func policies(policy: InvalidationPolicy) throws {
        let previous = UICollectionView.invalidationPolicy
        UICollectionView.invalidationPolicy = policy
        defer { UICollectionView.invalidationPolicy = previous }
        let (collectionView, dataSource) = screen()
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(collectionView)
        var snapshot = dataSource.snapshot()
        snapshot.appendItems([1000])
        try UIKitException.catching { dataSource.apply(snapshot, animatingDifferences: false) }
        #expect(simulator.counts.sectionProvider == 2)
        #expect(simulator.counts.cellProvider == (policy == .uikit14 ? 32 : 16))
    }

    @Test("reloadData re-requests every visible cell and re-runs the provider")
    func reloadData() throws {
        let (collectionView, _) = screen()
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(collectionView)
        try UIKitException.catching { collectionView.reloadData() }
        #expect(simulator.counts.cellProvider == 32)
        #expect(simulator.counts.sectionProvider == 2)
    }
}
