import ScrollSimUIKit
import Testing

/// A classic table view controller, as written before diffable data sources: an array, counts,
/// `cellForRowAt` with the pre-registration dequeue pattern, titles, editing and moving.
@MainActor
final class ClassicTableViewController: UITableViewController {
    var sections: [(title: String?, rows: [String])]
    var registered = false
    var selected: [IndexPath] = []
    var fixedHeights: [IndexPath: CGFloat] = [:]
    var returnsNil = false

    init(style: UITableView.Style = .plain, sections: [(title: String?, rows: [String])]) {
        self.sections = sections
        super.init(style: style)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Classic"
        if registered { tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell") }
    }

    override func numberOfSections(in tableView: UITableView) -> Int { sections.count }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].rows.count }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell =
            tableView.dequeueReusableCell(withIdentifier: "Cell") ?? UITableViewCell(style: .subtitle, reuseIdentifier: "Cell")
        cell.textLabel?.text = sections[indexPath.section].rows[indexPath.row]
        cell.accessoryType = .disclosureIndicator
        return cell
    }
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { sections[section].title }
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath) }
    override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        fixedHeights[indexPath] ?? UITableView.automaticDimension
    }
    override func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {
        guard editingStyle == .delete else { return }
        sections[indexPath.section].rows.remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .automatic)
    }
    override func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
    override func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        let row = sections[sourceIndexPath.section].rows.remove(at: sourceIndexPath.row)
        sections[destinationIndexPath.section].rows.insert(row, at: destinationIndexPath.row)
    }
}

@MainActor
@Suite("UITableView: styles, row heights, headers, counts, updates and editing (T1 to T6)")
struct TableViewTests {
    static func rows(_ n: Int, _ prefix: String = "Row") -> [String] { (0..<n).map { "\(prefix) \($0)" } }

    @Test("plain: 44-pt rows from −47; 19 rows on screen cost 19 cellForRowAt calls; rectForRow (T1, T2, T4)")
    func plainRows() throws {
        let controller = ClassicTableViewController(sections: [(nil, Self.rows(100))])
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let table = try #require(controller.tableView)
        // Viewport [−47, 797): rows 0…18 (row 18 starts at 792).
        #expect(table.indexPathsForVisibleRows?.count == 19)
        #expect(simulator.counts.cellProvider == 19)
        #expect(simulator.counts.cellsCreated == 19)
        #expect(table.rectForRow(at: IndexPath(row: 5, section: 0)) == CGRect(x: 0, y: 220, width: 390, height: 44))
        #expect(table.contentOffset.y == -47)
        #expect(table.numberOfRows(inSection: 0) == 100)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text == "Row 0")
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.detailTextLabel != nil)  // the app's .subtitle cell
    }

    @Test("a table the app sized with constraints only (frame zero) takes the screen's size, as Auto Layout would give it")
    func tableFrame() throws {
        let controller = UIViewController()
        let table = UITableView(frame: .zero, style: .plain)
        table.translatesAutoresizingMaskIntoConstraints = false
        controller.view.addSubview(table)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        #expect(table.frame.size == CGSize(width: 390, height: 844))
        #expect(table.contentSize.height <= table.frame.height)
    }

    @Test("the pre-registration pattern: the app's own cells are new cells, then reused by identifier (B4.1)")
    func ownCellsThenReuse() throws {
        let controller = ClassicTableViewController(sections: [(nil, Self.rows(200))])
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        try simulator.drag(by: 2000, duration: 1)
        try simulator.runUntilIdle()
        #expect(simulator.counts.cellsReused > 0)
        #expect(simulator.counts.cellsCreated + simulator.counts.cellsReused == simulator.counts.cellProvider)
        // Far fewer cells than rows shown: a screen (19 rows) and the rows kept prepared half a
        // screen either side (PF3, PF5: about 2 × 9.6), plus one frame's movement.
        #expect(simulator.counts.cellsCreated <= 45)
        #expect(simulator.counts.cellProvider > 60)
    }

    @Test("registered class: dequeue makes cells of it; an unregistered identifier with an index path is UIKit's crash")
    func registration() throws {
        let controller = ClassicTableViewController(sections: [(nil, Self.rows(10))])
        controller.registered = true
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let cell = try #require(controller.tableView.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(cell.style == .default)  // a registered class is made with the default style, as in UIKit
        #expect(cell.detailTextLabel == nil)

        final class Broken: UITableViewController {
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                tableView.dequeueReusableCell(withIdentifier: "Missing", for: indexPath)
            }
        }
        let exception = uikitException { try ScrollSimulator(device: .iPhone13).show(Broken(style: .plain)) }
        #expect(
            exception?.reason
                == "unable to dequeue a cell with identifier Missing - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
        )
    }

    @Test("a diffable table's cell provider returning nil is UIKit's crash")
    func nilCell() throws {
        let table = UITableView(frame: .zero, style: .plain)
        let dataSource = UITableViewDiffableDataSource<Int, Int>(tableView: table) { _, _, _ in nil }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems([1, 2, 3])
        dataSource.apply(snapshot, animatingDifferences: false)
        let exception = uikitException { try ScrollSimulator(device: .iPhone13).show(table) }
        #expect(exception?.reason.hasPrefix("UITableView (") == true)
        #expect(exception?.reason.contains("failed to obtain a cell from its dataSource") == true)
    }

    @Test("grouped with titles: each section is 38 header + 18 + rows + 18 (T1, T3 [B])")
    func groupedHeaders() throws {
        let controller = ClassicTableViewController(
            style: .grouped, sections: [("General", Self.rows(3)), (nil, Self.rows(2)), ("About", Self.rows(1))])
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let table = try #require(controller.tableView)
        #expect(table.rect(forSection: 0) == CGRect(x: 0, y: 0, width: 390, height: 38 + 18 + 3 * 44 + 18))
        #expect(table.rect(forSection: 1).height == CGFloat(18 + 2 * 44 + 18))  // no title: no header
        #expect(table.rectForHeader(inSection: 0).height == 38)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 56)
        #expect(table.headerView(forSection: 0)?.textLabel?.text == "General")
        #expect(simulator.counts.supplementaryProvider == 2)
    }

    @Test("insetGrouped rows are inset by 16 at 390 wide (T1, D5.10 [B])")
    func insetGrouped() throws {
        let controller = ClassicTableViewController(style: .insetGrouped, sections: [(nil, Self.rows(3))])
        try ScrollSimulator(device: .iPhone13).show(controller)
        #expect(
            controller.tableView.rectForRow(at: IndexPath(row: 0, section: 0)) == CGRect(x: 16, y: 18, width: 358, height: 44))
    }

    @Test("row heights: a fixed rowHeight, and heightForRowAt for one row, win over the cell's size (T2)")
    func rowHeights() throws {
        let controller = ClassicTableViewController(sections: [(nil, Self.rows(30))])
        controller.loadViewIfNeeded()
        controller.tableView.rowHeight = 80
        controller.fixedHeights[IndexPath(row: 1, section: 0)] = 120
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let table = try #require(controller.tableView)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).height == 80)
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)) == CGRect(x: 0, y: 80, width: 390, height: 120))
        #expect(table.rectForRow(at: IndexPath(row: 2, section: 0)).minY == 200)
    }

    @Test("batch updates: one apply per update; a count that does not add up is UIKit's crash (T6)")
    func batchUpdates() throws {
        let controller = ClassicTableViewController(sections: [(nil, Self.rows(5))])
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let table = try #require(controller.tableView)
        let applies = simulator.counts.applies
        table.performBatchUpdates {
            controller.sections[0].rows.insert("New", at: 0)
            controller.sections[0].rows.append("Last")
            table.insertRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 6, section: 0)], with: .automatic)
        }
        #expect(simulator.counts.applies == applies + 1)
        #expect(simulator.counts.inserted == 2)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text == "New")
        let exception = uikitException {
            controller.sections[0].rows.append("Unannounced")
            table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        }
        #expect(
            exception?.reason.hasPrefix(
                "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (8) must be equal to the number of rows contained in that section before the update (7), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted)"
            ) == true)
    }

    @Test("reloadData reads the counts again and requests every visible row again (D3.2)")
    func reloadData() throws {
        let controller = ClassicTableViewController(sections: [(nil, Self.rows(50))])
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let before = simulator.counts.cellProvider
        controller.sections[0].rows = Self.rows(3, "Fresh")
        controller.tableView.reloadData()
        #expect(simulator.counts.cellProvider == before + 3)
        #expect(controller.tableView.numberOfRows(inSection: 0) == 3)
        #expect(controller.tableView.cellForRow(at: IndexPath(row: 2, section: 0))?.textLabel?.text == "Fresh 2")
    }

    @Test("editing: swipe-to-delete commits to the data source; editing mode shows delete controls; rows move (T5, E1, E2)")
    func editing() throws {
        let controller = ClassicTableViewController(sections: [(nil, Self.rows(10))])
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        #expect(try simulator.swipe(itemAt: IndexPath(row: 1, section: 0)) == ["Delete"])
        try simulator.swipe(itemAt: IndexPath(row: 1, section: 0), choosing: 0)
        #expect(controller.sections[0].rows.count == 9)
        #expect(controller.tableView.cellForRow(at: IndexPath(row: 1, section: 0))?.textLabel?.text == "Row 2")
        #expect(simulator.counts.deleted == 1)

        try simulator.tap(controller.editButtonItem)
        #expect(controller.tableView.isEditing)
        #expect(try simulator.tapDeleteAccessory(at: IndexPath(row: 0, section: 0)) == ["Delete"])
        try simulator.reorder(itemAt: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))
        #expect(Array(controller.sections[0].rows.prefix(3)) == ["Row 2", "Row 3", "Row 0"])
        #expect(controller.tableView.cellForRow(at: IndexPath(row: 2, section: 0))?.textLabel?.text == "Row 0")
        #expect(simulator.counts.moved == 1)
    }

    @Test("a tap selects the row and tells the delegate")
    func selection() throws {
        let controller = ClassicTableViewController(sections: [(nil, Self.rows(10))])
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        try simulator.tap(itemAt: IndexPath(row: 3, section: 0))
        #expect(controller.selected == [IndexPath(row: 3, section: 0)])
        #expect(controller.tableView.indexPathForSelectedRow == IndexPath(row: 3, section: 0))
    }
}
