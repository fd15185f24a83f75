// A list the user reorders in editing mode, its backing store following the data source's
// transactions, as Apple's "Reorderable List" sample screen writes it (paraphrased).
import UIKit

class ReorderableListViewController: UIViewController {
    enum Section: Int, Hashable, CaseIterable {
        case main
    }

    struct Item: Hashable {
        let title: String
    }

    var backingStore: [Item] = (0..<30).map { Item(title: "Item \($0)") }
    var dataSource: UICollectionViewDiffableDataSource<Section, Item>!
    var collectionView: UICollectionView!

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.title = "Reorderable List"
        configureCollectionView()
        configureDataSource()
        applyInitialSnapshots()
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            title: "Edit",
            primaryAction: UIAction { [weak self] _ in
                guard let self = self else { return }
                self.collectionView.isEditing.toggle()
            })
    }

    func configureCollectionView() {
        let collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: createLayout())
        view.addSubview(collectionView)
        collectionView.autoresizingMask = [.flexibleHeight, .flexibleWidth]
        self.collectionView = collectionView
    }

    func createLayout() -> UICollectionViewLayout {
        let configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        return UICollectionViewCompositionalLayout.list(using: configuration)
    }

    func configureDataSource() {
        let cellRegistration = UICollectionView.CellRegistration<UICollectionViewListCell, Item> { cell, indexPath, item in
            var contentConfiguration = cell.defaultContentConfiguration()
            contentConfiguration.text = item.title
            cell.contentConfiguration = contentConfiguration
            cell.accessories = [.reorder(displayed: .whenEditing)]
        }
        dataSource = UICollectionViewDiffableDataSource<Section, Item>(collectionView: collectionView) {
            (collectionView: UICollectionView, indexPath: IndexPath, item: Item) -> UICollectionViewCell? in
            return collectionView.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: item)
        }
        dataSource.reorderingHandlers.canReorderItem = { item in return true }
        dataSource.reorderingHandlers.didReorder = { [weak self] transaction in
            guard let self = self else { return }
            if let updatedBackingStore = self.backingStore.applying(transaction.difference) {
                self.backingStore = updatedBackingStore
            }
        }
    }

    func applyInitialSnapshots() {
        var snapshot = NSDiffableDataSourceSnapshot<Section, Item>()
        snapshot.appendSections(Section.allCases)
        snapshot.appendItems(backingStore, toSection: .main)
        dataSource.apply(snapshot, animatingDifferences: false)
    }
}
