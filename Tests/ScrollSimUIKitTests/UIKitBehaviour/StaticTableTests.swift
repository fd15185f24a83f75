import ScrollSimUIKit
import Testing

/// A settings screen as a storyboard's static table: outlets into static cells, and a subclass
/// that overrides one data source method and calls `super`, as apps do to hide a row.
@MainActor
final class StaticSettingsController: UITableViewController {
    var hidesLastRow = false
    var toggle: UISwitch!

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        let rows = super.tableView(tableView, numberOfRowsInSection: section)
        return hidesLastRow && section == 1 ? rows - 1 : rows
    }
}

@MainActor
@Suite("Static tables: a storyboard's static content, declared by the test (T1, T3)")
struct StaticTableTests {
    static func cell(_ text: String) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = text
        return cell
    }

    @Test("static sections give the counts, titles and the very cells; scrolled away and back, the same cells return; super answers overrides")
    func staticContent() throws {
        let controller = StaticSettingsController(style: .grouped)
        let switchCell = Self.cell("Show thumbnails")
        controller.toggle = UISwitch()
        switchCell.accessoryView = controller.toggle
        controller.staticSections = [
            .init(header: "Display", cells: [switchCell, Self.cell("Theme")]),
            .init(header: "About", footer: "Made with care", cells: (1...30).map { Self.cell("Row \($0)") }),
        ]
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let table = try #require(controller.tableView)
        #expect(table.numberOfSections == 2)
        #expect(table.numberOfRows(inSection: 1) == 30)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) === switchCell)
        #expect(table.headerView(forSection: 0)?.textLabel?.text == "Display")

        try simulator.drag(by: 1500)
        try simulator.drag(by: -3000)
        try simulator.runUntilIdle()
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) === switchCell)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.textLabel?.text == "Theme")

        controller.hidesLastRow = true
        try simulator.perform { table.reloadData() }
        #expect(table.numberOfRows(inSection: 1) == 29)
    }
}
