import ScrollSimUIKit
import Testing

/// A list cell that measures itself: even rows are 60 pt tall, odd rows keep the 44-pt estimate.
final class MeasuredCell: UICollectionViewListCell {
    var measuredHeight: CGFloat?

    override func preferredLayoutAttributesFitting(
        _ layoutAttributes: UICollectionViewLayoutAttributes
    )
        -> UICollectionViewLayoutAttributes
    {
        guard let measuredHeight else { return layoutAttributes }
        let attributes = UICollectionViewLayoutAttributes(copying: layoutAttributes)
        attributes.frame.size.height = measuredHeight
        return attributes
    }
}

/// Self-sizing cells (UIKit model G1.10): the measured length replaces the estimate on the
/// estimated axis, later frames move, and the layout is invalidated; the next pass re-runs the
/// section provider (G1.10.3 [O], the engine's `selfSizingRequeriesProvider`, default true).
@MainActor
@Suite("Self-sizing cells in UIKit code")
struct SelfSizingTests {
    func list(measure: Bool) -> UICollectionView {
        let layout = UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .plain))
        let collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
        let registration = UICollectionView.CellRegistration<MeasuredCell, Int> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = "Row \(item)"
            cell.contentConfiguration = content
            cell.measuredHeight = measure && item.isMultiple(of: 2) ? 60 : nil
        }
        let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<100))
        dataSource.apply(snapshot, animatingDifferences: false)
        return collectionView
    }

    @Test("estimates stay when cells do not measure: one pass")
    func estimates() throws {
        let collectionView = list(measure: false)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(collectionView)
        #expect(simulator.counts.layoutPasses == 1)
        #expect(
            collectionView.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame
                == CGRect(x: 0, y: 88, width: 390, height: 44))
    }

    @Test("measured rows move the rows after them and cost a second pass with a provider call (G1.10.1, G1.10.3)")
    func measured() throws {
        let collectionView = list(measure: true)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(collectionView)
        #expect(
            collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame
                == CGRect(x: 0, y: 0, width: 390, height: 60))
        #expect(
            collectionView.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame
                == CGRect(x: 0, y: 60, width: 390, height: 44))
        #expect(
            collectionView.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame
                == CGRect(x: 0, y: 104, width: 390, height: 60))
        let counts = simulator.counts
        #expect(counts.layoutPasses == 2)
        // A list layout's sections come from UIKit, not from the app: the second pass re-resolved
        // them and no app section provider ran.
        #expect(counts.sectionProvider == 0)
        let pass = try #require(simulator.events(.layoutPass).last)
        #expect(pass.detail.hasPrefix("pass=2 reason=selfSizing"))
        #expect(pass.detail.hasSuffix("resolved=0"))
        // Rows measured taller: the viewport [−47, 797) now ends inside row 15 (y 780), so rows
        // 16 to 18, requested before the measurements, are no longer visible; they stay prepared,
        // being within half a screen (422 pt) below it (PF5), so none went back to its pool.
        #expect(collectionView.indexPathsForVisibleItems.last == IndexPath(item: 15, section: 0))
        #expect(counts.cellProvider == 19)
        #expect(counts.cellsEnded == 0)
        #expect(collectionView.visibleCells.count == 16)
    }

    @Test("scrolling on: every new row is measured as it arrives; each measurement that changes a size costs a pass")
    func scrolling() throws {
        let collectionView = list(measure: true)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(collectionView)
        try simulator.drag(by: 600, duration: 1)
        try simulator.runUntilIdle()
        let counts = simulator.counts
        #expect(counts.layoutPasses > 2)
        #expect(counts.sectionProvider == 0)
        #expect(simulator.events(.layoutPass).allSatisfy { $0.detail.contains(" resolved=") })
        // Rows 0 to 19 all came on screen: 10 even rows of 60 and 10 odd rows of 44 before row 20.
        let row20 = try #require(collectionView.layoutAttributesForItem(at: IndexPath(item: 20, section: 0))?.frame.minY)
        #expect(row20 == CGFloat(10 * 60 + 10 * 44))
        // The viewport stopped at [553, 1397) and cells are prepared (and measured) half a screen
        // ahead, to 1819 (PF3): rows up to 34 (from 1768) were measured, so row 30 starts after 15
        // rows of 60 and 15 of 44. Without prefetching rows from 28 on keep their estimate.
        let row30 = try #require(collectionView.layoutAttributesForItem(at: IndexPath(item: 30, section: 0))?.frame.minY)
        #expect(row30 == CGFloat(15 * 60 + 15 * 44))
        let row36 = try #require(collectionView.layoutAttributesForItem(at: IndexPath(item: 36, section: 0))?.frame.minY)
        #expect(row36 == CGFloat(18 * 60 + 17 * 44 + 44), "row 35 (from 1828) was never prepared: it keeps its 44-pt estimate")
    }
}
