// A list of custom cells that configure themselves from their state (a custom state key holds the
// item), as Apple's "Custom Cell List" sample screen writes it (paraphrased).
import UIKit

private enum Section: Hashable {
    case main
}

struct CustomListItem: Hashable {
    private let identifier = UUID()
    let category: String
    let text: String
    let image: UIImage?
    init(category: String, text: String, imageName: String) {
        self.category = category
        self.text = text
        self.image = UIImage(systemName: imageName)
    }
    static let all: [CustomListItem] = (0..<40).map {
        CustomListItem(category: $0 % 2 == 0 ? "Devices" : "Weather", text: "Thing \($0)", imageName: $0 % 2 == 0 ? "iphone" : "cloud")
    }
}

extension UIConfigurationStateCustomKey {
    static let item = UIConfigurationStateCustomKey("com.example.ItemListCell.item")
}

extension UICellConfigurationState {
    var item: CustomListItem? {
        set { self[.item] = newValue }
        get { return self[.item] as? CustomListItem }
    }
}

class ItemListCell: UICollectionViewListCell {
    private var item: CustomListItem? = nil

    func updateWithItem(_ newItem: CustomListItem) {
        guard item != newItem else { return }
        item = newItem
        setNeedsUpdateConfiguration()
    }

    override var configurationState: UICellConfigurationState {
        var state = super.configurationState
        state.item = self.item
        return state
    }
}

class CustomListCell: ItemListCell {
    static var listContentViewsMade = 0

    private func defaultListContentConfiguration() -> UIListContentConfiguration { return .subtitleCell() }
    private lazy var listContentView = UIListContentView(configuration: defaultListContentConfiguration())

    private let categoryIconView = UIImageView()
    private let categoryLabel = UILabel()
    private var customViewConstraints: (categoryLabelLeading: NSLayoutConstraint, categoryLabelTrailing: NSLayoutConstraint, categoryIconTrailing: NSLayoutConstraint)?

    private func setupViewsIfNeeded() {
        guard customViewConstraints == nil else { return }
        CustomListCell.listContentViewsMade += 1
        [listContentView, categoryLabel, categoryIconView].forEach {
            contentView.addSubview($0)
            $0.translatesAutoresizingMaskIntoConstraints = false
        }
        let defaultHorizontalCompressionResistance = listContentView.contentCompressionResistancePriority(for: .horizontal)
        listContentView.setContentCompressionResistancePriority(defaultHorizontalCompressionResistance - 1, for: .horizontal)
        categoryIconView.setContentHuggingPriority(.required, for: .horizontal)
        let constraints = (
            categoryLabelLeading: categoryLabel.leadingAnchor.constraint(greaterThanOrEqualTo: listContentView.trailingAnchor),
            categoryLabelTrailing: categoryIconView.leadingAnchor.constraint(equalTo: categoryLabel.trailingAnchor),
            categoryIconTrailing: contentView.trailingAnchor.constraint(equalTo: categoryIconView.trailingAnchor)
        )
        NSLayoutConstraint.activate([
            listContentView.topAnchor.constraint(equalTo: contentView.topAnchor),
            listContentView.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
            listContentView.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
            categoryLabel.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            categoryIconView.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            constraints.categoryLabelLeading,
            constraints.categoryLabelTrailing,
            constraints.categoryIconTrailing,
        ])
        customViewConstraints = constraints
    }

    private var separatorConstraint: NSLayoutConstraint?
    private func updateSeparatorConstraint() {
        guard let textLayoutGuide = listContentView.textLayoutGuide else { return }
        if let existingConstraint = separatorConstraint, existingConstraint.isActive {
            return
        }
        let constraint = separatorLayoutGuide.leadingAnchor.constraint(equalTo: textLayoutGuide.leadingAnchor)
        constraint.isActive = true
        separatorConstraint = constraint
    }

    override func updateConfiguration(using state: UICellConfigurationState) {
        setupViewsIfNeeded()

        var content = defaultListContentConfiguration().updated(for: state)
        content.imageProperties.preferredSymbolConfiguration = .init(font: content.textProperties.font, scale: .large)
        content.image = state.item?.image
        content.text = state.item?.text
        content.secondaryText = state.item?.category
        content.axesPreservingSuperviewLayoutMargins = []
        listContentView.configuration = content

        let valueConfiguration = UIListContentConfiguration.valueCell().updated(for: state)
        categoryIconView.image = state.item?.image
        categoryIconView.tintColor = valueConfiguration.imageProperties.resolvedTintColor(for: tintColor)
        categoryIconView.preferredSymbolConfiguration = .init(font: valueConfiguration.secondaryTextProperties.font, scale: .small)

        categoryLabel.text = state.item?.category
        categoryLabel.textColor = valueConfiguration.secondaryTextProperties.resolvedColor()
        categoryLabel.font = valueConfiguration.secondaryTextProperties.font
        categoryLabel.adjustsFontForContentSizeCategory = valueConfiguration.secondaryTextProperties.adjustsFontForContentSizeCategory

        customViewConstraints?.categoryLabelLeading.constant = content.directionalLayoutMargins.trailing
        customViewConstraints?.categoryLabelTrailing.constant = valueConfiguration.textToSecondaryTextHorizontalPadding
        customViewConstraints?.categoryIconTrailing.constant = content.directionalLayoutMargins.trailing
        updateSeparatorConstraint()
    }
}

class CustomCellListViewController: UIViewController {
    private var dataSource: UICollectionViewDiffableDataSource<Section, CustomListItem>! = nil
    var collectionView: UICollectionView! = nil

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.title = "List with Custom Cells"
        configureHierarchy()
        configureDataSource()
    }

    private func createLayout() -> UICollectionViewLayout {
        let config = UICollectionLayoutListConfiguration(appearance: .plain)
        return UICollectionViewCompositionalLayout.list(using: config)
    }

    private func configureHierarchy() {
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: createLayout())
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(collectionView)
    }

    private func configureDataSource() {
        let cellRegistration = UICollectionView.CellRegistration<CustomListCell, CustomListItem> { (cell, indexPath, item) in
            cell.updateWithItem(item)
            cell.accessories = [.disclosureIndicator()]
        }
        dataSource = UICollectionViewDiffableDataSource<Section, CustomListItem>(collectionView: collectionView) {
            (collectionView: UICollectionView, indexPath: IndexPath, item: CustomListItem) -> UICollectionViewCell? in
            return collectionView.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, CustomListItem>()
        snapshot.appendSections([.main])
        snapshot.appendItems(CustomListItem.all)
        dataSource.apply(snapshot, animatingDifferences: false)
    }
}
