import ScrollSimUIKit
import Testing

/// A table of built-in rows, as classic settings screens write them: `textLabel` (and in the
/// subtitle style `detailTextLabel`) set in `cellForRowAt`, no constraints of the app's own.
@MainActor
final class BuiltInRowsController: UITableViewController {
    let rows: [(text: String, detail: String?, lines: Int, switchView: Bool)]

    init(rows: [(text: String, detail: String?, lines: Int, switchView: Bool)]) {
        self.rows = rows
        super.init(style: .plain)
    }
    required init?(coder: NSCoder) { nil }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let row = rows[indexPath.row]
        let cell = UITableViewCell(style: row.detail == nil ? .default : .subtitle, reuseIdentifier: nil)
        cell.textLabel?.text = row.text
        cell.textLabel?.numberOfLines = row.lines
        if let detail = row.detail {
            cell.detailTextLabel?.text = detail
            cell.detailTextLabel?.font = .preferredFont(forTextStyle: .subheadline)
        }
        if row.switchView {
            let toggle = UISwitch()
            toggle.frame.size = CGSize(width: 51, height: 31)
            cell.accessoryView = toggle
        }
        return cell
    }
}

/// UIKit lays a table cell's built-in views out by hand, and rows with automatic heights take
/// the height their text needs, as a list content configuration of the same style would (AL8).
@MainActor
@Suite("Table cells' built-in labels size their rows (AL8)")
struct TableCellBuiltInSizeTests {
    static let line17 = AutoLayoutFittingTests.line(17)
    static let line15 = AutoLayoutFittingTests.line(15)
    static let tenWords = AutoLayoutFittingTests.tenWords

    func rowHeights(_ rows: [(text: String, detail: String?, lines: Int, switchView: Bool)]) throws -> (
        heights: [CGFloat], warnings: [String], accessoryIsSubview: Bool
    ) {
        let controller = BuiltInRowsController(rows: rows)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let table = try #require(controller.tableView)
        let heights = rows.indices.map { table.rectForRow(at: IndexPath(row: $0, section: 0)).height }
        let cells = rows.indices.compactMap { table.cellForRow(at: IndexPath(row: $0, section: 0)) }
        let accessoryIsSubview = cells.allSatisfy { cell in cell.accessoryView.map { $0.superview === cell } ?? true }
        return (heights, simulator.warnings, accessoryIsSubview)
    }

    @Test("AL8: one line keeps the 44-point row; wrapped text, a subtitle and a narrower width from an accessory view grow it; no estimate warning")
    func builtInRows() throws {
        let result = try rowHeights([
            ("Inbox", nil, 1, false),
            (Self.tenWords, nil, 0, false),
            (Self.tenWords, nil, 1, false),
            ("Inbox", "3 unread", 1, false),
            (Self.tenWords, nil, 0, true),
        ])
        #expect(result.heights[0] == 44)
        // 390 − 16 − 16 = 358 points: four nine-letter words a line, three lines.
        #expect(abs(result.heights[1] - (22 + AutoLayoutFittingTests.line(17, lines: 3))) < 0.001)
        // numberOfLines 1 (UIKit's default for textLabel) truncates: one line.
        #expect(result.heights[2] == 44)
        // The subtitle under the text, 3 points apart, in the font the app gave it.
        #expect(abs(result.heights[3] - (11 + Self.line17 + 3 + Self.line15 + 11)) < 0.001)
        // A 51-point switch leaves 307 points: three words a line, four lines.
        #expect(abs(result.heights[4] - (22 + AutoLayoutFittingTests.line(17, lines: 4))) < 0.001)
        #expect(result.accessoryIsSubview)
        #expect(!result.warnings.contains { $0.contains("laid out at the estimate") }, "\(result.warnings)")
    }

    @Test("AL8: constraints of the app's own that give the height win over the built-in labels")
    func constraintsWin() {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = Self.tenWords
        cell.textLabel?.numberOfLines = 0
        let badge = UIView()
        badge.translatesAutoresizingMaskIntoConstraints = false
        cell.contentView.addSubview(badge)
        NSLayoutConstraint.activate([
            badge.topAnchor.constraint(equalTo: cell.contentView.topAnchor),
            badge.bottomAnchor.constraint(equalTo: cell.contentView.bottomAnchor),
            badge.leadingAnchor.constraint(equalTo: cell.contentView.leadingAnchor),
            badge.heightAnchor.constraint(equalToConstant: 90),
            badge.widthAnchor.constraint(equalToConstant: 10),
        ])
        #expect(AutoLayoutFittingTests.fit(cell).height == 90)
    }
}
