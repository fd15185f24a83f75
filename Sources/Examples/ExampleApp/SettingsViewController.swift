import UIKit

/// Settings as an outline: groups that expand to their options.
public final class SettingsViewController: UIViewController {
    struct Row: Hashable {
        var title: String
        var isGroup: Bool
    }

    // As app code declares its views.

    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    private var collectionView: UICollectionView!
    // As app code declares its views.
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    private var dataSource: UICollectionViewDiffableDataSource<String, Row>!

    static let groups: [(String, [String])] = [
        ("Account", ["Name", "Email", "Password", "Two-factor authentication"]),
        ("Notifications", ["Mentions", "Replies", "Follows", "Digest", "Sounds"]),
        ("Appearance", ["Theme", "Text size", "App icon"]),
        ("Privacy", ["Blocked accounts", "Muted words", "Analytics", "Location"]),
        ("About", ["Version", "Licences", "Support"]),
    ]

    public override func viewDidLoad() {
        super.viewDidLoad()
        let layout = UICollectionViewCompositionalLayout.list(
            using: UICollectionLayoutListConfiguration(appearance: .insetGrouped))
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(collectionView)
        let group = UICollectionView.CellRegistration<UICollectionViewListCell, Row> { cell, _, row in
            var content = cell.defaultContentConfiguration()
            content.text = row.title
            cell.contentConfiguration = content
            cell.accessories = row.isGroup ? [.outlineDisclosure()] : []
        }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, indexPath, row in
            collectionView.dequeueConfiguredReusableCell(using: group, for: indexPath, item: row)
        }
        var snapshot = NSDiffableDataSourceSnapshot<String, Row>()
        snapshot.appendSections(["settings"])
        dataSource.apply(snapshot, animatingDifferences: false)
        var outline = NSDiffableDataSourceSectionSnapshot<Row>()
        for (title, options) in Self.groups {
            let parent = Row(title: title, isGroup: true)
            outline.append([parent])
            outline.append(options.map { Row(title: $0, isGroup: false) }, to: parent)
        }
        outline.expand([Row(title: "Account", isGroup: true)])
        dataSource.apply(outline, to: "settings", animatingDifferences: false)
    }
}
