import ScrollSimUIKit
import Testing

/// A header-footer view the app registers and dequeues in `viewForHeaderInSection`.
final class MenuHeaderView: UITableViewHeaderFooterView {}

/// A table whose delegate gives header views, and a height for them only when `givesHeight`.
@MainActor
final class HeaderViewsController: UITableViewController {
    let givesHeight: Bool
    init(givesHeight: Bool) {
        self.givesHeight = givesHeight
        super.init(style: .plain)
    }
    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(MenuHeaderView.self, forHeaderFooterViewReuseIdentifier: "MenuHeader")
    }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: "Row")
        cell.textLabel?.text = "Row \(indexPath.row)"
        return cell
    }
    override func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
        tableView.dequeueReusableHeaderFooterView(withIdentifier: "MenuHeader")
    }
    override func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
        givesHeight ? 56 : UITableView.automaticDimension
    }
}

@MainActor
@Suite("Header-footer views a table registers but cannot show are said so (T3)")
struct TableHeaderWarningTests {
    @Test("T3 [B]: registered header views with no height for any section: no header, and one warning naming the views; with a height, the header and no warning")
    func registeredButUnshown() throws {
        for givesHeight in [false, true] {
            let controller = HeaderViewsController(givesHeight: givesHeight)
            let simulator = ScrollSimulator(device: .iPhone13)
            try simulator.show(controller)
            let table = try #require(controller.tableView)
            let warned = simulator.warnings.filter { $0.contains("registered header-footer views ('MenuHeader')") }
            if givesHeight {
                #expect(table.headerView(forSection: 0) is MenuHeaderView)
                #expect(warned.isEmpty)
            } else {
                #expect(table.headerView(forSection: 0) == nil)
                #expect(warned.count == 1, "\(simulator.warnings)")
            }
        }
    }
}
