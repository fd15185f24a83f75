import ScrollSimUIKit

/// The seed workspace screen (docs/scenarios.md "Shipped scenarios", 5): a sidebar list of three outline sections. Each
/// section has a title row whose children are its items; a title with more than one child starts
/// expanded; tapping a title expands or collapses it. Titles and children use different
/// registrations, as in Apple's outline samples.
final class WorkspaceViewController: UIViewController {
    enum Section: Int, CaseIterable, Hashable, Sendable { case channels, direct, add }

    struct Row: Hashable, Sendable {
        let title: String
        let isTitle: Bool
    }

    static let outline: [(Section, String, [String])] = [
        (.channels, "Channels", ["general", "random", "ios-dev", "design"]),
        (.direct, "Direct messages", ["Alice", "Bob"]),
        (.add, "Add teammates", ["Invite by email"]),
    ]

    var collectionView: UICollectionView!
    var dataSource: UICollectionViewDiffableDataSource<Section, Row>!
    private(set) var selected: [IndexPath] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: createLayout())
        collectionView.delegate = self
        view.addSubview(collectionView)
        configureDataSource()
        applyInitialSnapshots()
    }

    func createLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { _, layoutEnvironment in
            let configuration = UICollectionLayoutListConfiguration(appearance: .sidebar)
            return NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: layoutEnvironment)
        }
    }

    func configureDataSource() {
        let titleRegistration = UICollectionView.CellRegistration<UICollectionViewListCell, Row> { cell, _, row in
            var content = UIListContentConfiguration.sidebarHeader()
            content.text = row.title
            cell.contentConfiguration = content
            cell.accessories = [.outlineDisclosure(options: UICellAccessory.OutlineDisclosureOptions(style: .header))]
        }
        let childRegistration = UICollectionView.CellRegistration<UICollectionViewListCell, Row> { cell, _, row in
            var content = cell.defaultContentConfiguration()
            content.text = row.title
            content.image = UIImage(systemName: "number")
            cell.contentConfiguration = content
            cell.indentationLevel = 1
        }
        dataSource = UICollectionViewDiffableDataSource<Section, Row>(collectionView: collectionView) {
            collectionView, indexPath, row in
            row.isTitle
                ? collectionView.dequeueConfiguredReusableCell(using: titleRegistration, for: indexPath, item: row)
                : collectionView.dequeueConfiguredReusableCell(using: childRegistration, for: indexPath, item: row)
        }
    }

    func applyInitialSnapshots() {
        var snapshot = NSDiffableDataSourceSnapshot<Section, Row>()
        snapshot.appendSections(Section.allCases)
        dataSource.apply(snapshot, animatingDifferences: false)
        for (section, title, children) in Self.outline {
            let parent = Row(title: title, isTitle: true)
            var outline = NSDiffableDataSourceSectionSnapshot<Row>()
            outline.append([parent])
            outline.append(children.map { Row(title: $0, isTitle: false) }, to: parent)
            if children.count > 1 { outline.expand([parent]) }
            dataSource.apply(outline, to: section, animatingDifferences: false)
        }
    }
}

extension WorkspaceViewController: UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        selected.append(indexPath)
        collectionView.deselectItem(at: indexPath, animated: true)
    }
}
