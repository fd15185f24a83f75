import ScrollSimUIKit
import Testing

/// The workspace seed screen: an outline sidebar driven by section snapshots (UIKit model 3.5).
@MainActor
@Suite("Workspace outline in UIKit code")
struct WorkspaceTests {
    typealias Row = WorkspaceViewController.Row

    func shown() throws -> (ScrollSimulator, WorkspaceViewController) {
        let simulator = ScrollSimulator(device: .iPhone13)
        let controller = WorkspaceViewController()
        try simulator.show(controller)
        return (simulator, controller)
    }

    func text(_ controller: WorkspaceViewController, _ indexPath: IndexPath) -> String? {
        ((controller.collectionView.cellForItem(at: indexPath) as? UICollectionViewListCell)?.contentConfiguration
            as? UIListContentConfiguration)?.text
    }

    @Test("first display: titles with more than one child expanded, 9 rows of the sidebar list (D5.4, D5.5, D5.10)")
    func firstDisplay() throws {
        let (simulator, controller) = try shown()
        let collectionView = controller.collectionView!
        #expect(collectionView.numberOfItems(inSection: 0) == 5)
        #expect(collectionView.numberOfItems(inSection: 1) == 3)
        #expect(collectionView.numberOfItems(inSection: 2) == 1)
        // Sidebar rows: estimated 44 pt, inset 10 at the sides, no vertical section inset [B, ListMetrics].
        #expect(
            collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame
                == CGRect(x: 10, y: 0, width: 370, height: 44))
        #expect(
            collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame
                == CGRect(x: 10, y: 220, width: 370, height: 44))
        #expect(
            collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 2))?.frame
                == CGRect(x: 10, y: 352, width: 370, height: 44))
        let counts = simulator.counts
        #expect(counts.sectionProvider == 3)
        #expect(counts.cellProvider == 9)
        #expect(text(controller, IndexPath(item: 0, section: 0)) == "Channels")
        #expect(text(controller, IndexPath(item: 4, section: 0)) == "design")
        let outline = controller.dataSource.snapshot(for: .add)
        #expect(outline.visualDescription().contains("Add teammates"))
        #expect(!outline.isExpanded(Row(title: "Add teammates", isTitle: true)))
        #expect(outline.items.count == 2)
        #expect(outline.visibleItems == [Row(title: "Add teammates", isTitle: true)])
    }

    @Test("tapping a collapsed title expands it: one insert, a layout pass over every section, one cell (D5.8, D5.9)")
    func expand() throws {
        let (simulator, controller) = try shown()
        // The initial section snapshots inserted the 9 visible rows before the first display.
        #expect(simulator.counts.inserted == 9)
        try simulator.tap(itemAt: IndexPath(item: 0, section: 2))
        let counts = simulator.counts
        #expect(counts.inserted == 10)
        #expect(counts.sectionProvider == 6)
        #expect(counts.cellProvider == 10)
        #expect(controller.selected == [IndexPath(item: 0, section: 2)])
        #expect(text(controller, IndexPath(item: 1, section: 2)) == "Invite by email")
        #expect(controller.dataSource.snapshot(for: .add).isExpanded(Row(title: "Add teammates", isTitle: true)))
        #expect(controller.dataSource.snapshot().numberOfItems == 10)
    }

    @Test("tapping an expanded title collapses it: four deletes, their cells end, no cell requested (D5.9)")
    func collapse() throws {
        let (simulator, controller) = try shown()
        try simulator.tap(itemAt: IndexPath(item: 0, section: 0))
        let counts = simulator.counts
        #expect(counts.deleted == 4)
        #expect(counts.cellsEnded == 4)
        #expect(counts.sectionProvider == 6)
        #expect(counts.cellProvider == 9)
        #expect(controller.collectionView.numberOfItems(inSection: 0) == 1)
        #expect(controller.collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame.minY == 44)
    }

    @Test("sectionSnapshotHandlers: shouldCollapseItem can refuse; willExpandItem is told (D5.8)")
    func handlers() throws {
        let (simulator, controller) = try shown()
        var expanded: [String] = []
        controller.dataSource.sectionSnapshotHandlers.shouldCollapseItem = { row in row.title != "Channels" }
        controller.dataSource.sectionSnapshotHandlers.willExpandItem = { row in expanded.append(row.title) }
        try simulator.tap(itemAt: IndexPath(item: 0, section: 0))
        #expect(controller.collectionView.numberOfItems(inSection: 0) == 5, "collapse refused")
        #expect(simulator.counts.layoutPasses == 1)
        try simulator.tap(itemAt: IndexPath(item: 0, section: 2))
        #expect(expanded == ["Add teammates"])
    }

    @Test("a child row has no disclosure: tapping it only selects")
    func tapChild() throws {
        let (simulator, controller) = try shown()
        try simulator.tap(itemAt: IndexPath(item: 2, section: 0))
        #expect(controller.selected == [IndexPath(item: 2, section: 0)])
        #expect(simulator.counts.layoutPasses == 1)
        #expect(controller.collectionView.indexPathsForSelectedItems == [])
    }
}
