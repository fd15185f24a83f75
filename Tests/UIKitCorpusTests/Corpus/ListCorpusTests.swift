import Testing
import UIKit

/// Lists, outlines and tables written as sample code and tutorials write them, run as written.
@MainActor
@Suite("Corpus: lists, outlines and tables")
struct ListCorpusTests {
    @Test("Simple list (inset grouped): rows at 18 + 44k, 16 in from each side; 17 on screen; two configurations each (C1, C2)")
    func simpleList() throws {
        let screen = SimpleListViewController()
        let simulator = try showInNavigation(screen)
        let collectionView = try #require(screen.collectionView)
        #expect(frame(collectionView, 2) == CGRect(x: 16, y: 18 + 88, width: 358, height: 44))
        // 18 + 44k < 753 for k = 0…16.
        #expect(simulator.counts.cellProvider == 17)
        #expect(simulator.counts.contentViewsCreated == 17)
        #expect(simulator.counts.contentConfigurationsApplied == 34)
    }

    @Test("List appearances: outline headers as first items; the bar menu's choice re-queries every section once (B1.1)")
    func listAppearances() throws {
        let screen = ListAppearancesViewController()
        let simulator = try showInNavigation(screen)
        let collectionView = try #require(screen.collectionView)
        // Plain: five sections of 1 + 3 rows, 44 each, no insets: rows at 44k < 753 → 18 cells.
        #expect(simulator.counts.cellProvider == 18)
        #expect(frame(collectionView, 0, 1)?.minY == 176)
        let providerCalls = simulator.counts.sectionProvider
        // The bar button's menu: its first action is "Inset Grouped".
        try simulator.tap(try #require(screen.navigationItem.rightBarButtonItem))
        try simulator.advance(by: 0.1)
        #expect(screen.navigationItem.rightBarButtonItem?.title == "Inset Grouped")
        #expect(simulator.counts.sectionProvider == providerCalls + 5)
        #expect(frame(collectionView, 0, 0) == CGRect(x: 16, y: 18, width: 358, height: 44))
        // Collapsing section 0's header hides its three rows (D5.8): an apply deleting them.
        try simulator.tap(itemAt: IndexPath(item: 0, section: 0))
        #expect(screen.dataSource.snapshot(for: 0).visibleItems.count == 1)
        #expect(simulator.counts.deleted == 3)
    }

    @Test("Custom cells configure themselves from a custom state key, once per request; their content view is made once per cell")
    func customCells() throws {
        CustomListCell.listContentViewsMade = 0
        let screen = CustomCellListViewController()
        let simulator = try showInNavigation(screen)
        let collectionView = try #require(screen.collectionView)
        // Plain list, rows estimated at 44: 18 cells (44k < 753) are asked for; each then measures
        // its subtitle row, 11 + 17-pt line + 3 + 15-pt line + 11 (AL7, G1.10).
        #expect(simulator.counts.cellProvider == 18)
        let row = try #require(frame(collectionView, 0, 0))
        #expect(abs(row.height - (11 + 61.0 / 3 + 3 + 18 + 11)) < 0.01, "\(row)")
        #expect(frame(collectionView, 1, 0)?.minY == row.maxY)
        #expect(CustomListCell.listContentViewsMade == 18)
        let cell = try #require(collectionView.cellForItem(at: IndexPath(item: 3, section: 0)) as? CustomListCell)
        #expect(cell.configurationState.item?.text == "Thing 3")
        #expect(cell.accessories.count == 1)
        try simulator.drag(by: 600)
        try simulator.runUntilIdle()
        // Reused cells keep their views: only created cells made one.
        #expect(CustomListCell.listContentViewsMade == simulator.counts.cellsCreated)
        #expect(simulator.counts.cellsReused > 0)
    }

    @Test(
        "Reorderable list: Edit from the bar, then a drag; the backing store follows the transaction; no cell is asked for (E2)")
    func reorderableList() throws {
        let screen = ReorderableListViewController()
        let simulator = try showInNavigation(screen)
        let cells = simulator.counts.cellProvider
        #expect(cells == 17)  // inset grouped, 18 + 44k < 753
        try simulator.tap(try #require(screen.navigationItem.rightBarButtonItem))
        #expect(screen.collectionView.isEditing)
        try simulator.reorder(itemAt: IndexPath(item: 0, section: 0), to: IndexPath(item: 5, section: 0))
        #expect(screen.backingStore.prefix(6).map(\.title) == ["Item 1", "Item 2", "Item 3", "Item 4", "Item 5", "Item 0"])
        #expect(screen.dataSource.snapshot().itemIdentifiers == screen.backingStore)
        #expect(simulator.counts.moved == 1)
        #expect(simulator.counts.cellProvider == cells)
    }

    @Test("Outline with a search bar: 52 pt more under the bar; each keystroke filters and applies the outline (N1)")
    func outlineSearch() throws {
        let screen = OutlineSearchViewController()
        let simulator = try showInNavigation(screen)
        let collectionView = try #require(screen.collectionView)
        #expect(collectionView.contentOffset.y == CGFloat(-(47 + 44 + 52)))
        // Six collapsed ranges.
        #expect(simulator.counts.cellProvider == 6)
        let applies = simulator.counts.applies
        try simulator.type("mo")
        // Focus tells the updater once (empty text), then one apply per keystroke.
        #expect(screen.queries == ["", "m", "mo"])
        #expect(simulator.counts.applies == applies + 3)
        // "mo": Mont Blanc and Monte Rosa (Alps), three Mounts in the Rockies, two in Alaska;
        // the ranges expand to show them.
        #expect(
            screen.dataSource.snapshot(for: .main).visibleItems == [
                "Alps", "Mont Blanc", "Monte Rosa", "Rockies", "Mount Elbert", "Mount Massive", "Mount Robson",
                "Alaska Range", "Mount Foraker", "Mount Hunter",
            ])
        try simulator.cancelSearch()
        #expect(screen.dataSource.snapshot(for: .main).visibleItems.count == 6)
    }

    @Test("Emoji explorer: a sideways row, an outline, a list with a leading star action; 19 cells at rest (E1)")
    func emojiExplorer() throws {
        let screen = EmojiExplorerViewController()
        let simulator = try showInNavigation(screen)
        let collectionView = try #require(screen.collectionView)
        // Recents: groups 0.28 × 370 = 103.6 wide, 0.2 × 370 = 74 high, 10 apart from x 10:
        // four start inside 390. Outline: seven collapsed categories, 44 each from 104. The list
        // starts at 422 (94 + 10 + 308 + 10); inset grouped rows at 440 + 44k < 753: eight.
        #expect(close(frame(collectionView, 1, 0), CGRect(x: 10 + 103.6 + 10, y: 10, width: 103.6, height: 74)))
        #expect(simulator.counts(forSectionAt: 0).cellProvider == 4)
        #expect(simulator.counts(forSectionAt: 1).cellProvider == 7)
        #expect(simulator.counts(forSectionAt: 2).cellProvider == 8)
        #expect(frame(collectionView, 0, 2)?.minY == 440)
        // Swipe the first list row right and star it: the handler swaps the row's accessories.
        let row = IndexPath(item: 0, section: 2)
        #expect(try simulator.swipe(itemAt: row, edge: .leading) == [""])
        try simulator.swipe(itemAt: row, edge: .leading, choosing: 0)
        #expect(screen.starredEmojis.count == 1)
        #expect((collectionView.cellForItem(at: row) as? UICollectionViewListCell)?.accessories.count == 2)
        // Tapping a category expands its six emoji (D5.8): six cells for the new rows on screen.
        let before = simulator.counts.cellProvider
        try simulator.tap(itemAt: IndexPath(item: 0, section: 1))
        #expect(screen.dataSource.snapshot(for: .outline).visibleItems.count == 13)
        #expect(simulator.counts.cellProvider >= before + 6)
    }

    @Test(
        "Settings on an inset-grouped table: large title (143), titled sections 38 + 18 + rows + 18; value rows measure their two lines; switches and rows work (T1, T3, AL7)"
    )
    func settingsTable() throws {
        let screen = SettingsTableViewController()
        let simulator = try showInNavigation(screen)
        let tableView = try #require(screen.tableView)
        #expect(tableView.contentOffset.y == CGFloat(-143))
        // A row with secondary text (`.cell()`) measures 11 + 17-pt line + 3 + 15-pt line + 11;
        // General has one (Language), Notifications one (Summary).
        let valueRow: CGFloat = 11 + 61.0 / 3 + 3 + 18 + 11
        let section1 = try #require(tableView.rect(forSection: 1) as CGRect?)
        #expect(abs(section1.minY - (206 + valueRow - 44)) < 0.01, "\(section1)")
        #expect(abs(section1.height - (38 + 18 + 3 * 44 + valueRow + 18)) < 0.01, "\(section1)")
        #expect(tableView.rectForRow(at: IndexPath(row: 0, section: 0)) == CGRect(x: 16, y: 56, width: 358, height: 44))
        // [−143, 701): General, Notifications and Privacy whole; About's header (662 + 2 × 19.33) only.
        #expect(simulator.counts.cellProvider == 10)
        #expect(simulator.counts.supplementaryProvider == 4)
        #expect(tableView.headerView(forSection: 2)?.textLabel?.text == "Privacy")
        // Flip the first switch as a user would; tap a value row.
        let toggle = try #require(tableView.cellForRow(at: IndexPath(row: 0, section: 0))?.accessoryView as? UISwitch)
        toggle.setOn(true, animated: true)
        toggle.sendActions(for: .valueChanged)
        #expect(screen.toggled == ["Dark Mode"])
        try simulator.tap(itemAt: IndexPath(row: 1, section: 0))
        #expect(screen.opened == ["Language"])
        #expect(tableView.indexPathForSelectedRow == nil)  // deselected in didSelectRowAt
    }

    @Test("Editable table: add from the bar, Edit, delete control, swipe-to-delete, reorder — each one update (T5, T6)")
    func editableTable() throws {
        let screen = EditableTableViewController(style: .plain)
        let simulator = try showInNavigation(screen)
        let tableView = try #require(screen.tableView)
        // 52-pt rows (rowHeight): 52k < 753 for k = 0…14.
        #expect(simulator.counts.cellProvider == 15)
        #expect(tableView.rectForRow(at: IndexPath(row: 3, section: 0)).minY == 156)
        let applies = simulator.counts.applies
        try simulator.tap(try #require(screen.navigationItem.leftBarButtonItem))
        #expect(simulator.counts.applies == applies + 1)
        #expect(simulator.counts.inserted == 1)
        #expect(tableView.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text == "New task 1")

        try simulator.tap(screen.editButtonItem)
        #expect(tableView.isEditing)
        #expect(try simulator.tapDeleteAccessory(at: IndexPath(row: 1, section: 0)) == ["Delete"])
        try simulator.swipe(itemAt: IndexPath(row: 1, section: 0), choosing: 0)
        #expect(screen.tasks.count == 25)
        #expect(simulator.counts.deleted == 1)
        try simulator.reorder(itemAt: IndexPath(row: 0, section: 0), to: IndexPath(row: 3, section: 0))
        #expect(Array(screen.tasks.prefix(4)) == ["Task 2", "Task 3", "Task 4", "New task 1"])
        #expect(tableView.cellForRow(at: IndexPath(row: 3, section: 0))?.textLabel?.text == "New task 1")
        #expect(simulator.counts.moved == 1)
    }
}
