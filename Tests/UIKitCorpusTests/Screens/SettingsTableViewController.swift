// A settings screen on an inset-grouped UITableView with a diffable data source: titled sections,
// switch rows, value rows, disclosure rows — the way settings screens are written in tutorials.
import UIKit

class SettingsTableViewController: UIViewController, UITableViewDelegate {
    enum Section: Int, CaseIterable {
        case general, notifications, privacy, about
        var title: String {
            switch self {
            case .general: return "General"
            case .notifications: return "Notifications"
            case .privacy: return "Privacy"
            case .about: return "About"
            }
        }
    }

    enum Kind: Hashable {
        case toggle(Bool)
        case value(String)
        case link
    }

    struct Setting: Hashable {
        let title: String
        let kind: Kind
    }

    class DataSource: UITableViewDiffableDataSource<Section, Setting> {
        override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
            return Section(rawValue: section)?.title
        }
    }

    static let cellIdentifier = "SettingCell"
    var tableView: UITableView!
    var dataSource: DataSource!
    var toggled: [String] = []
    var opened: [String] = []

    let settings: [Section: [Setting]] = [
        .general: [
            Setting(title: "Dark Mode", kind: .toggle(false)),
            Setting(title: "Language", kind: .value("English")),
            Setting(title: "Text Size", kind: .link),
        ],
        .notifications: [
            Setting(title: "Allow Notifications", kind: .toggle(true)),
            Setting(title: "Sounds", kind: .toggle(true)),
            Setting(title: "Badges", kind: .toggle(false)),
            Setting(title: "Summary", kind: .value("Daily")),
        ],
        .privacy: [
            Setting(title: "Location", kind: .link),
            Setting(title: "Contacts", kind: .link),
            Setting(title: "Analytics", kind: .toggle(false)),
        ],
        .about: [
            Setting(title: "Version", kind: .value("2.4.1")),
            Setting(title: "Licenses", kind: .link),
        ],
    ]

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Settings"
        navigationController?.navigationBar.prefersLargeTitles = true
        tableView = UITableView(frame: view.bounds, style: .insetGrouped)
        tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: SettingsTableViewController.cellIdentifier)
        tableView.delegate = self
        view.addSubview(tableView)

        dataSource = DataSource(tableView: tableView) { [weak self] tableView, indexPath, setting in
            let cell = tableView.dequeueReusableCell(withIdentifier: SettingsTableViewController.cellIdentifier, for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = setting.title
            cell.accessoryView = nil
            cell.accessoryType = .none
            switch setting.kind {
            case .toggle(let isOn):
                let toggle = UISwitch()
                toggle.isOn = isOn
                toggle.addAction(UIAction { _ in self?.toggled.append(setting.title) }, for: .valueChanged)
                cell.accessoryView = toggle
                cell.selectionStyle = .none
            case .value(let value):
                content.secondaryText = value
                cell.accessoryType = .disclosureIndicator
            case .link:
                cell.accessoryType = .disclosureIndicator
            }
            cell.contentConfiguration = content
            return cell
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, Setting>()
        snapshot.appendSections(Section.allCases)
        for section in Section.allCases {
            snapshot.appendItems(settings[section] ?? [], toSection: section)
        }
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        guard let setting = dataSource.itemIdentifier(for: indexPath) else { return }
        opened.append(setting.title)
    }
}
