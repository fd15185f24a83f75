import ScrollSimUIKit

/// A cell registered through a nib, as production apps register theirs.
final class NibBannerCell: UICollectionViewCell {
    private(set) var awoke = 0
    private(set) var madeFromArchive = false

    override init(frame: CGRect) { super.init(frame: frame) }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        madeFromArchive = true
    }

    override func awakeFromNib() {
        super.awakeFromNib()
        awoke += 1
        layer.cornerCurve = .continuous
        layer.cornerRadius = 12
        layer.shadowPath = UIBezierPath(roundedRect: bounds, cornerRadius: 12).cgPath
    }
}

/// A gradient-backed view (`layerClass` overridden).
final class GradientView: UIView {
    override class var layerClass: AnyClass { CAGradientLayer.self }
    var gradient: CAGradientLayer { layer as! CAGradientLayer }
}

/// A `UICollectionViewController` subclass of the production kind: it overrides delegate
/// methods, registers its cells from a nib, switches between a grid and a list layout, pulls to
/// refresh with a `UIAction`, confirms a deletion with an alert and offers a context menu.
final class ProductionGridController: UICollectionViewController {
    enum Section: Hashable, Sendable { case main }

    var dataSource: UICollectionViewDiffableDataSource<Section, Int>!
    private(set) var selected: [IndexPath] = []
    private(set) var refreshes = 0
    private(set) var deleted: [Int] = []
    private(set) var isGrid = true
    let feedback = UIImpactFeedbackGenerator(style: .light)
    let spinner = UIActivityIndicatorView(style: .medium)

    init() { super.init(collectionViewLayout: Self.gridLayout()) }

    required init?(coder: NSCoder) { nil }

    static func gridLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { _, environment in
            let columns = environment.container.effectiveContentSize.width > 500 ? 4 : 2
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1 / CGFloat(columns)), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1), heightDimension: .absolute(UIScreen.main.bounds.width / CGFloat(columns))
                ),
                subitems: [item])
            return NSCollectionLayoutSection(group: group)
        }
    }

    static func listLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .plain))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(UINib(nibName: "NibBannerCell", bundle: nil), forCellWithReuseIdentifier: "banner")
        collectionView.keyboardDismissMode = .onDrag
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, indexPath, _ in
            collectionView.dequeueReusableCell(withReuseIdentifier: "banner", for: indexPath)
        }
        let refresh = UIRefreshControl()
        refresh.addAction(UIAction { [weak self] _ in self?.reload() }, for: .valueChanged)
        collectionView.refreshControl = refresh
        collectionView.backgroundView = spinner
        spinner.startAnimating()
        apply(Array(0..<20))
    }

    func apply(_ items: [Int]) {
        var snapshot = NSDiffableDataSourceSnapshot<Section, Int>()
        snapshot.appendSections([.main])
        snapshot.appendItems(items)
        dataSource.apply(snapshot, animatingDifferences: false)
        spinner.stopAnimating()
    }

    func reload() {
        refreshes += 1
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [weak self] in
            guard let self else { return }
            self.apply(Array(0..<24))
            self.collectionView.refreshControl?.endRefreshing()
        }
    }

    func toggleLayout() {
        isGrid.toggle()
        collectionView.setCollectionViewLayout(isGrid ? Self.gridLayout() : Self.listLayout(), animated: true)
    }

    override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        selected.append(indexPath)
        feedback.impactOccurred()
        let alert = UIAlertController(title: "Delete?", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(
            UIAlertAction(title: "Delete", style: .destructive) { [weak self] _ in
                guard let self, let item = self.dataSource.itemIdentifier(for: indexPath) else { return }
                self.deleted.append(item)
                var snapshot = self.dataSource.snapshot()
                snapshot.deleteItems([item])
                self.dataSource.apply(snapshot)
            })
        present(alert, animated: true)
    }

    override func collectionView(
        _ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath, point: CGPoint
    ) -> UIContextMenuConfiguration? {
        UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { _ in
            UIMenu(title: "", children: [UIAction(title: "Share") { _ in }, UIAction(title: "Hide \(indexPath.item)") { _ in }])
        }
    }
}
