// A conference app's video collections: a titled row per collection, scrolling sideways, as
// Apple's "conference" sample screen writes it (paraphrased). The model controller is a plain
// class built from nonisolated code.
import UIKit

class ConferenceVideoController {
    struct Video: Hashable {
        let identifier = UUID()
        let title: String
        let category: String
        func hash(into hasher: inout Hasher) {
            hasher.combine(identifier)
        }
        static func == (lhs: Video, rhs: Video) -> Bool {
            return lhs.identifier == rhs.identifier
        }
    }

    struct VideoCollection: Hashable {
        let identifier = UUID()
        let title: String
        let videos: [Video]
        func hash(into hasher: inout Hasher) {
            hasher.combine(identifier)
        }
        static func == (lhs: VideoCollection, rhs: VideoCollection) -> Bool {
            return lhs.identifier == rhs.identifier
        }
    }

    var collections: [VideoCollection] {
        return _collections
    }

    init() {
        generateCollections()
    }
    fileprivate var _collections = [VideoCollection]()
}

extension ConferenceVideoController {
    func generateCollections() {
        _collections = [
            VideoCollection(
                title: "The New iPad Pro",
                videos: [
                    Video(title: "Bringing Your Apps to the New iPad Pro", category: "Tips and Tricks"),
                    Video(title: "Designing for iPad Pro and Apple Pencil", category: "Tips and Tricks"),
                ]),
            VideoCollection(
                title: "iPhone and Apple Watch",
                videos: [
                    Video(title: "Building Apps for iPhone XS, iPhone XS Max, and iPhone XR", category: "Tips and Tricks"),
                    Video(title: "Designing for Apple Watch Series 4", category: "Tips and Tricks"),
                    Video(title: "Your Apps and the Future of Apple Watch", category: "Tips and Tricks"),
                    Video(title: "Optimizing Your App for Today's Screens", category: "Tips and Tricks"),
                ]),
            VideoCollection(
                title: "App Store Connect",
                videos: [
                    Video(title: "App Store Connect Basics", category: "App Store Connect"),
                    Video(title: "App Analytics Retention", category: "App Store Connect"),
                    Video(title: "App Analytics Metrics", category: "App Store Connect"),
                    Video(title: "App Analytics Overview", category: "App Store Connect"),
                    Video(title: "TestFlight", category: "App Store Connect"),
                ]),
            VideoCollection(
                title: "Apps on Your Wrist",
                videos: [
                    Video(title: "Designing for Apple Watch", category: "Design"),
                    Video(title: "Watch Complications", category: "Design"),
                    Video(title: "Getting Started with watchOS", category: "Design"),
                ]),
            VideoCollection(
                title: "Speaking of Design",
                videos: [
                    Video(title: "Designing Fluid Interfaces", category: "Design"),
                    Video(title: "Designing Audio-Haptic Experiences", category: "Design"),
                    Video(title: "Creating Great Apps Using Core ML and ARKit", category: "Machine Learning"),
                ]),
        ]
    }
}

class ConferenceVideoCell: UICollectionViewCell {
    static let reuseIdentifier = "video-cell-reuse-identifier"
    let imageView = UIImageView()
    let titleLabel = UILabel()
    let categoryLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        configure()
    }
    required init?(coder: NSCoder) {
        fatalError()
    }

    func configure() {
        imageView.translatesAutoresizingMaskIntoConstraints = false
        titleLabel.translatesAutoresizingMaskIntoConstraints = false
        categoryLabel.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(imageView)
        contentView.addSubview(titleLabel)
        contentView.addSubview(categoryLabel)
        titleLabel.font = UIFont.preferredFont(forTextStyle: .caption1)
        titleLabel.adjustsFontForContentSizeCategory = true
        categoryLabel.font = UIFont.preferredFont(forTextStyle: .caption2)
        categoryLabel.adjustsFontForContentSizeCategory = true
        categoryLabel.textColor = .placeholderText
        imageView.layer.borderColor = UIColor.black.cgColor
        imageView.layer.borderWidth = 1
        imageView.layer.cornerRadius = 4
        imageView.backgroundColor = UIColor.cornflowerBlue

        let spacing = CGFloat(10)
        NSLayoutConstraint.activate([
            imageView.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
            imageView.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            imageView.topAnchor.constraint(equalTo: contentView.topAnchor),
            titleLabel.topAnchor.constraint(equalTo: imageView.bottomAnchor, constant: spacing),
            titleLabel.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
            titleLabel.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            categoryLabel.topAnchor.constraint(equalTo: titleLabel.bottomAnchor),
            categoryLabel.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
            categoryLabel.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            categoryLabel.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
        ])
    }
}

class ConferenceVideoSessionsViewController: UIViewController {
    let videosController = ConferenceVideoController()
    var collectionView: UICollectionView! = nil
    var dataSource: UICollectionViewDiffableDataSource<ConferenceVideoController.VideoCollection, ConferenceVideoController.Video>! =
        nil
    var currentSnapshot: NSDiffableDataSourceSnapshot<ConferenceVideoController.VideoCollection, ConferenceVideoController.Video>! =
        nil
    static let titleElementKind = "title-element-kind"

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.title = "Conference Videos"
        configureHierarchy()
        configureDataSource()
    }

    func createLayout() -> UICollectionViewLayout {
        let sectionProvider = { (sectionIndex: Int, layoutEnvironment: NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection? in
            let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0))
            let item = NSCollectionLayoutItem(layoutSize: itemSize)

            // Wide screens show two groups per screen width.
            let groupFractionalWidth = CGFloat(layoutEnvironment.container.effectiveContentSize.width > 500 ? 0.425 : 0.85)
            let groupFractionalHeight = CGFloat(layoutEnvironment.traitCollection.verticalSizeClass == .compact ? 0.9 : 0.4)
            let groupSize = NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(groupFractionalWidth), heightDimension: .fractionalWidth(groupFractionalHeight))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])

            let section = NSCollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = .continuous
            section.interGroupSpacing = 20
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20)

            let titleSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated(44))
            let titleSupplementary = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: titleSize, elementKind: ConferenceVideoSessionsViewController.titleElementKind, alignment: .top)
            section.boundarySupplementaryItems = [titleSupplementary]
            return section
        }

        let config = UICollectionViewCompositionalLayoutConfiguration()
        config.interSectionSpacing = 20

        let layout = UICollectionViewCompositionalLayout(sectionProvider: sectionProvider, configuration: config)
        return layout
    }

    func configureHierarchy() {
        collectionView = UICollectionView(frame: .zero, collectionViewLayout: createLayout())
        collectionView.translatesAutoresizingMaskIntoConstraints = false
        collectionView.backgroundColor = .systemBackground
        view.addSubview(collectionView)
        NSLayoutConstraint.activate([
            collectionView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            collectionView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            collectionView.topAnchor.constraint(equalTo: view.topAnchor),
            collectionView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
    }

    func configureDataSource() {
        let cellRegistration = UICollectionView.CellRegistration<ConferenceVideoCell, ConferenceVideoController.Video> {
            (cell, indexPath, video) in
            cell.titleLabel.text = video.title
            cell.categoryLabel.text = video.category
        }
        dataSource = UICollectionViewDiffableDataSource<ConferenceVideoController.VideoCollection, ConferenceVideoController.Video>(
            collectionView: collectionView
        ) {
            (collectionView: UICollectionView, indexPath: IndexPath, video: ConferenceVideoController.Video) -> UICollectionViewCell? in
            return collectionView.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: video)
        }

        let supplementaryRegistration = UICollectionView.SupplementaryRegistration<TitleSupplementaryView>(
            elementKind: ConferenceVideoSessionsViewController.titleElementKind
        ) { (supplementaryView, string, indexPath) in
            if let snapshot = self.currentSnapshot {
                let videoCategory = snapshot.sectionIdentifiers[indexPath.section]
                supplementaryView.label.text = videoCategory.title
            }
        }
        dataSource.supplementaryViewProvider = { (view, kind, index) in
            return self.collectionView.dequeueConfiguredReusableSupplementary(using: supplementaryRegistration, for: index)
        }

        currentSnapshot = NSDiffableDataSourceSnapshot<ConferenceVideoController.VideoCollection, ConferenceVideoController.Video>()
        videosController.collections.forEach {
            let collection = $0
            currentSnapshot.appendSections([collection])
            currentSnapshot.appendItems(collection.videos)
        }
        dataSource.apply(currentSnapshot, animatingDifferences: false)
    }
}
