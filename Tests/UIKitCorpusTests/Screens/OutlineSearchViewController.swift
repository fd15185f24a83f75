// An outline of mountain ranges with a search controller that filters it, the way tutorials
// combine section snapshots with UISearchController: each keystroke builds a filtered outline,
// parents of matches expanded, and applies it.
import UIKit

class OutlineSearchViewController: UIViewController, UISearchResultsUpdating {
    enum Section {
        case main
    }

    struct Node: Hashable {
        let name: String
        let children: [Node]
        init(_ name: String, _ children: [Node] = []) {
            self.name = name
            self.children = children
        }
    }

    let ranges: [Node] = [
        Node("Himalaya", ["Everest", "Lhotse", "Makalu", "Cho Oyu", "Annapurna"].map { Node($0) }),
        Node("Karakoram", ["K2", "Broad Peak", "Gasherbrum I", "Gasherbrum II"].map { Node($0) }),
        Node("Alps", ["Mont Blanc", "Monte Rosa", "Matterhorn", "Eiger", "Jungfrau", "Weisshorn"].map { Node($0) }),
        Node("Andes", ["Aconcagua", "Ojos del Salado", "Huascarán", "Chimborazo"].map { Node($0) }),
        Node("Rockies", ["Mount Elbert", "Mount Massive", "Longs Peak", "Pikes Peak", "Mount Robson"].map { Node($0) }),
        Node("Alaska Range", ["Denali", "Mount Foraker", "Mount Hunter"].map { Node($0) }),
    ]

    var collectionView: UICollectionView!
    var dataSource: UICollectionViewDiffableDataSource<Section, String>!
    let searchController = UISearchController(searchResultsController: nil)
    private(set) var queries: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.title = "Mountains"
        searchController.searchResultsUpdater = self
        searchController.obscuresBackgroundDuringPresentation = false
        searchController.searchBar.placeholder = "Search ranges and peaks"
        navigationItem.searchController = searchController
        navigationItem.hidesSearchBarWhenScrolling = false
        definesPresentationContext = true

        var configuration = UICollectionLayoutListConfiguration(appearance: .sidebar)
        configuration.showsSeparators = false
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: UICollectionViewCompositionalLayout.list(using: configuration))
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(collectionView)

        let rangeRegistration = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, name in
            var content = cell.defaultContentConfiguration()
            content.text = name
            content.image = UIImage(systemName: "mountain.2")
            cell.contentConfiguration = content
            cell.accessories = [.outlineDisclosure(options: .init(style: .header))]
        }
        let peakRegistration = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, name in
            var content = cell.defaultContentConfiguration()
            content.text = name
            cell.contentConfiguration = content
        }
        let rangeNames = Set(ranges.map(\.name))
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, indexPath, name in
            if rangeNames.contains(name) {
                return collectionView.dequeueConfiguredReusableCell(using: rangeRegistration, for: indexPath, item: name)
            }
            return collectionView.dequeueConfiguredReusableCell(using: peakRegistration, for: indexPath, item: name)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, String>()
        snapshot.appendSections([.main])
        dataSource.apply(snapshot, animatingDifferences: false)
        applyOutline(filter: "")
    }

    func applyOutline(filter: String) {
        var outline = NSDiffableDataSourceSectionSnapshot<String>()
        for range in ranges {
            let peaks =
                filter.isEmpty
                ? range.children.map(\.name)
                : range.children.map(\.name).filter { $0.localizedCaseInsensitiveContains(filter) }
            let rangeMatches = filter.isEmpty || range.name.localizedCaseInsensitiveContains(filter)
            guard rangeMatches || !peaks.isEmpty else { continue }
            outline.append([range.name])
            outline.append(rangeMatches && !filter.isEmpty ? range.children.map(\.name) : peaks, to: range.name)
            if !filter.isEmpty { outline.expand([range.name]) }
        }
        dataSource.apply(outline, to: .main, animatingDifferences: true)
    }

    func updateSearchResults(for searchController: UISearchController) {
        let text = searchController.searchBar.text ?? ""
        queries.append(text)
        applyOutline(filter: text)
    }
}
