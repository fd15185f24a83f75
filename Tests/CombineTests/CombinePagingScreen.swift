import Combine
import UIKit

/// A view model that loads pages with `dataTaskPublisher` into a `@Published` array, the way
/// Combine-based apps page.
final class FeedViewModel: ObservableObject {
    @Published private(set) var items: [Int] = Array(0..<8)
    private(set) var isLoading = false
    private var cancellables = Set<AnyCancellable>()

    func loadNextPage() {
        guard !isLoading, items.count < 40 else { return }
        isLoading = true
        URLSession.shared.dataTaskPublisher(for: URL(string: "https://api.example.com/items?after=\(items.count)")!)
            .map(\.data)
            .decode(type: [Int].self, decoder: JSONDecoder())
            .replaceError(with: [])
            .receive(on: DispatchQueue.main)
            .sink { [weak self] page in
                guard let self else { return }
                self.isLoading = false
                self.items += page.map { $0 + self.items.count - 1 }
            }
            .store(in: &cancellables)
    }
}

/// One sideways row bound to the view model: `$items` applied as snapshots.
final class CombineFeedViewController: UIViewController {
    let viewModel = FeedViewModel()
    var collectionView: UICollectionView!
    var dataSource: UICollectionViewDiffableDataSource<Int, Int>!
    private var cancellables = Set<AnyCancellable>()

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: Self.layout())
        view.addSubview(collectionView)
        let registration = UICollectionView.CellRegistration<UICollectionViewCell, Int> { _, _, _ in }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) {
            [weak self] collectionView, indexPath, item in
            if let self, indexPath.item >= collectionView.numberOfItems(inSection: 0) - 3 { self.viewModel.loadNextPage() }
            return collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        viewModel.$items
            .removeDuplicates()
            .sink { [weak self] items in
                var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
                snapshot.appendSections([0])
                snapshot.appendItems(items)
                self?.dataSource.apply(snapshot, animatingDifferences: true)
            }
            .store(in: &cancellables)
    }

    static func layout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { _, _ in
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(150), heightDimension: .absolute(150)),
                subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.interGroupSpacing = 10
            section.orthogonalScrollingBehavior = .continuous
            return section
        }
    }
}
