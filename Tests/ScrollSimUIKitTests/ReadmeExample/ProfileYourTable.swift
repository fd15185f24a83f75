import ScrollSimUIKit  // was: import UIKit
import Testing

// ---- A table view screen, as it is in the app ----

final class ContactsViewController: UITableViewController {
    var contacts = (1...500).map { "Contact \($0)" }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Contacts"
        navigationItem.rightBarButtonItem = editButtonItem
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Contact")
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { contacts.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Contact", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = contacts[indexPath.row]
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    override func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {
        contacts.remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .automatic)
    }
}

// ---- The profile ----

@MainActor
@Test func contactsScrollCost() throws {
    let simulator = ScrollSimulator(device: .iPhone13)
    try simulator.show(UINavigationController(rootViewController: ContactsViewController()))
    // 44-pt rows under the status and navigation bars (offset −91): rows at 44k below 753 — 18.
    #expect(simulator.counts.cellProvider == 18)

    try simulator.fling(velocity: 2500)
    try simulator.runUntilIdle()
    let counts = simulator.counts
    print("cellForRowAt \(counts.cellProvider), cells made \(counts.cellsCreated), reused \(counts.cellsReused)")
    // Scrolling asks for rows, never re-runs the layout; a screenful of cells serves them all.
    #expect(counts.layoutPasses == 1)
    #expect(counts.cellsCreated + counts.cellsReused == counts.cellProvider)
    #expect(counts.cellsCreated < 45)

    // Swipe to delete: the data source commits, the table applies one deletion.
    try simulator.swipe(itemAt: IndexPath(row: 30, section: 0), choosing: 0)
    #expect(simulator.counts.deleted == 1)
}
