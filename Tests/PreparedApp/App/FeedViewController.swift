import Combine
import UIKit

final class FeedViewController: UIViewController, UICollectionViewDelegate {
    enum Section { case main }

    @IBOutlet weak var emptyLabel: UILabel!
    private var collectionView: UICollectionView!
    private var dataSource: UICollectionViewDiffableDataSource<Section, Post>!
    private let viewModel = FeedViewModel()
    private var subscriptions = Set<AnyCancellable>()
    private(set) var likes = 0
    private(set) var titleTaps = 0
    private(set) var composeTaps = 0
    private(set) var textSizeChanges = 0
    @objc dynamic private(set) var refreshes = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Feed"
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: .compose, target: self, action: #selector(composeTapped(_:)))

        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: makeLayout())
        collectionView.register(UINib(nibName: "FeedCell", bundle: nil), forCellWithReuseIdentifier: FeedCell.reuseIdentifier)
        collectionView.delegate = self
        let refreshControl = UIRefreshControl()
        refreshControl.addTarget(self, action: #selector(refresh(_:)), for: .valueChanged)
        collectionView.refreshControl = refreshControl
        view.addSubview(collectionView)

        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) {
            [weak self] collectionView, indexPath, post in
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: FeedCell.reuseIdentifier, for: indexPath) as! FeedCell
            cell.configure(with: post)
            cell.delegate = self
            return cell
        }

        NotificationCenter.default.addObserver(
            self, selector: #selector(textSizeChanged(_:)), name: UIContentSizeCategory.didChangeNotification, object: nil)

        viewModel.$posts
            .receive(on: DispatchQueue.main)
            .sink { [weak self] posts in self?.show(posts) }
            .store(in: &subscriptions)
        viewModel.loadNextPage()
    }

    private func makeLayout() -> UICollectionViewLayout {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(88)),
            subitems: [item])
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
    }

    private func show(_ posts: [Post]) {
        emptyLabel.isHidden = !posts.isEmpty
        var snapshot = NSDiffableDataSourceSnapshot<Section, Post>()
        snapshot.appendSections([.main])
        snapshot.appendItems(posts)
        dataSource.apply(snapshot, animatingDifferences: false)
        collectionView.refreshControl?.endRefreshing()
        navigationItem.rightBarButtonItem?.customView?.badgeCount = posts.count
    }

    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        if indexPath.item == dataSource.snapshot().numberOfItems - 2 { viewModel.loadNextPage() }
    }

    @objc private func refresh(_ sender: UIRefreshControl) {
        refreshes += 1
        viewModel.reload()
    }

    @objc func composeTapped(_ sender: UIBarButtonItem) {
        composeTaps += 1
    }

    @objc private func textSizeChanged(_ notification: Notification) {
        textSizeChanges += 1
        collectionView.collectionViewLayout.invalidateLayout()
    }
}

extension FeedViewController: FeedCellDelegate {
    func feedCell(_ cell: FeedCell, didToggleLikeOf post: Post) {
        likes += 1
    }

    func feedCellDidTapTitle(_ cell: FeedCell) {
        titleTaps += 1
    }
}
