import ScrollSimUIKit

/// The seed shop-home screen (docs/scenarios.md "Shipped scenarios", 3) written with the iOS 14 registration APIs: a
/// section provider that picks each section by index, cell and supplementary registrations.
final class ShopHomeViewController: UIViewController {
    enum Section: Int, CaseIterable, Hashable, Sendable { case banner, grid, list }

    struct Product: Hashable, Sendable {
        let id: Int
        let title: String
    }

    final class BannerCell: UICollectionViewCell {
        let imageView = UIImageView()
        override init(frame: CGRect) {
            super.init(frame: frame)
            imageView.contentMode = .scaleAspectFill
            imageView.clipsToBounds = true
            contentView.addSubview(imageView)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    final class ProductCell: UICollectionViewCell {
        let titleLabel = UILabel()
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.addSubview(titleLabel)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    final class TitleSupplementaryView: UICollectionReusableView {
        let label = UILabel()
        private(set) var reuses = 0
        override init(frame: CGRect) {
            super.init(frame: frame)
            label.font = .preferredFont(forTextStyle: .title3)
            addSubview(label)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        override func prepareForReuse() {
            super.prepareForReuse()
            reuses += 1
        }
    }

    var collectionView: UICollectionView!
    var dataSource: UICollectionViewDiffableDataSource<Section, Product>!
    private(set) var configuredHeaders: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: createLayout())
        view.addSubview(collectionView)
        configureDataSource()
    }

    func createLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { sectionIndex, _ in
            switch Section(rawValue: sectionIndex)! {
            case .banner: return Self.bannerSection()
            case .grid: return Self.gridSection()
            case .list: return Self.listSection()
            }
        }
    }

    static func bannerSection() -> NSCollectionLayoutSection {
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(0.8))
        let item = NSCollectionLayoutItem(layoutSize: size)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size, subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = .groupPaging
        return section
    }

    static func gridSection() -> NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalWidth(0.5)))
        item.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 5, bottom: 16, trailing: 5)
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(0.5)),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 15, bottom: 0, trailing: 15)
        section.boundarySupplementaryItems = [header(height: 60, alignment: .topLeading)]
        return section
    }

    static func listSection() -> NSCollectionLayoutSection {
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(0.3))
        let item = NSCollectionLayoutItem(layoutSize: size)
        item.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 20, bottom: 5, trailing: 20)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size, subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.boundarySupplementaryItems = [header(height: 50, alignment: .top)]
        return section
    }

    static func header(height: CGFloat, alignment: NSRectAlignment) -> NSCollectionLayoutBoundarySupplementaryItem {
        NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: alignment)
    }

    func configureDataSource() {
        let bannerRegistration = UICollectionView.CellRegistration<BannerCell, Product> { cell, _, product in
            cell.imageView.image = UIImage(named: "banner-\(product.id)")
        }
        let productRegistration = UICollectionView.CellRegistration<ProductCell, Product> { cell, _, product in
            cell.titleLabel.text = product.title
        }
        let rowRegistration = UICollectionView.CellRegistration<UICollectionViewListCell, Product> { cell, _, product in
            var content = cell.defaultContentConfiguration()
            content.text = product.title
            content.secondaryText = "#\(product.id)"
            cell.contentConfiguration = content
            cell.accessories = [.disclosureIndicator()]
        }
        let headerRegistration = UICollectionView.SupplementaryRegistration<TitleSupplementaryView>(
            elementKind: UICollectionView.elementKindSectionHeader
        ) { [weak self] header, _, indexPath in
            let title = indexPath.section == Section.grid.rawValue ? "Popular" : "Recently viewed"
            header.label.text = title
            self?.configuredHeaders.append(title)
        }
        dataSource = UICollectionViewDiffableDataSource<Section, Product>(collectionView: collectionView) {
            collectionView, indexPath, product in
            switch Section(rawValue: indexPath.section)! {
            case .banner:
                return collectionView.dequeueConfiguredReusableCell(using: bannerRegistration, for: indexPath, item: product)
            case .grid:
                return collectionView.dequeueConfiguredReusableCell(using: productRegistration, for: indexPath, item: product)
            case .list:
                return collectionView.dequeueConfiguredReusableCell(using: rowRegistration, for: indexPath, item: product)
            }
        }
        dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
            collectionView.dequeueConfiguredReusableSupplementary(using: headerRegistration, for: indexPath)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, Product>()
        snapshot.appendSections(Section.allCases)
        snapshot.appendItems((0..<3).map { Product(id: $0, title: "Banner \($0)") }, toSection: .banner)
        snapshot.appendItems((10..<16).map { Product(id: $0, title: "Product \($0)") }, toSection: .grid)
        snapshot.appendItems((20..<23).map { Product(id: $0, title: "Viewed \($0)") }, toSection: .list)
        dataSource.apply(snapshot, animatingDifferences: false)
    }
}
