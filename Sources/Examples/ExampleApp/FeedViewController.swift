import UIKit

/// The home feed: a row of stories that scrolls sideways and loads its next page when the user
/// nears its end, over a list of posts.
public final class FeedViewController: UIViewController, UICollectionViewDelegate {
    enum Section: String {
        case stories, posts
    }

    private let api = FeedAPI()
    // As app code declares its views.
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    private var collectionView: UICollectionView!
    // As app code declares its views.
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    private var dataSource: UICollectionViewDiffableDataSource<Section, Int>!
    private var storyPage = 0
    private var loadingStories = false
    private var hasMoreStories = true

    public override func viewDidLoad() {
        super.viewDidLoad()
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: makeLayout())
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.delegate = self
        view.addSubview(collectionView)
        configureDataSource()
        loadNextStories()
        api.posts { [weak self] result in
            guard let self, case .success(let page) = result else { return }
            var snapshot = self.dataSource.snapshot()
            snapshot.appendItems(page.ids.map { -$0 }, toSection: .posts)
            self.dataSource.apply(snapshot, animatingDifferences: false)
        }
    }

    private func makeLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { [weak self] index, environment in
            guard let section = self?.dataSource.sectionIdentifier(for: index) else { return nil }
            switch section {
            case .stories:
                let item = NSCollectionLayoutItem(
                    layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(
                    layoutSize: .init(widthDimension: .absolute(88), heightDimension: .absolute(120)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .continuous
                section.interGroupSpacing = 8
                section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
                return section
            case .posts:
                let item = NSCollectionLayoutItem(
                    layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .estimated(96)))
                let group = NSCollectionLayoutGroup.vertical(layoutSize: item.layoutSize, subitems: [item])
                return NSCollectionLayoutSection(group: group)
            }
        }
    }

    private func configureDataSource() {
        let story = UICollectionView.CellRegistration<UICollectionViewCell, Int> { cell, _, id in
            var content = UIListContentConfiguration.cell()
            content.text = "Story \(id)"
            cell.contentConfiguration = content
        }
        let post = UICollectionView.CellRegistration<UICollectionViewListCell, Int> { cell, _, id in
            var content = cell.defaultContentConfiguration()
            content.text = "Post \(-id)"
            content.secondaryText = "A post in the example feed"
            cell.contentConfiguration = content
        }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, indexPath, id in
            id > 0
                ? collectionView.dequeueConfiguredReusableCell(using: story, for: indexPath, item: id)
                : collectionView.dequeueConfiguredReusableCell(using: post, for: indexPath, item: id)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, Int>()
        snapshot.appendSections([.stories, .posts])
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    /// The next page of stories, once the previous one has landed.
    private func loadNextStories() {
        guard !loadingStories, hasMoreStories else { return }
        loadingStories = true
        api.stories(page: storyPage + 1) { [weak self] result in
            guard let self else { return }
            self.loadingStories = false
            guard case .success(let page) = result else { return }
            self.storyPage += 1
            self.hasMoreStories = page.hasMore
            var snapshot = self.dataSource.snapshot()
            snapshot.appendItems(page.ids, toSection: .stories)
            self.dataSource.apply(snapshot, animatingDifferences: true)
        }
    }

    public func collectionView(
        _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
        guard dataSource.sectionIdentifier(for: indexPath.section) == .stories else { return }
        let count = dataSource.snapshot().numberOfItems(inSection: .stories)
        if indexPath.item >= count - 4 { loadNextStories() }
    }
}
