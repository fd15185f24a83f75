import ScrollSimUIKit
import Testing

/// A custom content configuration and its view, the way Apple's "custom configurations" sample
/// and tutorials write them.
struct BadgeConfiguration: UIContentConfiguration, Hashable {
    var title = ""
    var isHighlighted = false

    func makeContentView() -> UIView & UIContentView { BadgeContentView(configuration: self) }

    func updated(for state: UIConfigurationState) -> BadgeConfiguration {
        guard let state = state as? UICellConfigurationState else { return self }
        var updated = self
        updated.isHighlighted = state.isSelected || state.isHighlighted
        return updated
    }
}

final class BadgeContentView: UIView, UIContentView {
    static var made = 0
    private let label = UILabel()
    private var current: BadgeConfiguration

    init(configuration: BadgeConfiguration) {
        current = configuration
        super.init(frame: .zero)
        Self.made += 1
        addSubview(label)
        apply(configuration)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    var configuration: UIContentConfiguration {
        get { current }
        set {
            guard let new = newValue as? BadgeConfiguration else { return }
            apply(new)
        }
    }

    private func apply(_ configuration: BadgeConfiguration) {
        current = configuration
        label.text = configuration.title
        label.textColor = configuration.isHighlighted ? .systemBlue : .label
    }

    var title: String { current.title }
    var isHighlightedBadge: Bool { current.isHighlighted }
}

@MainActor
@Suite("Content configurations: made once per cell, applied on every change, counted")
struct ContentConfigurationTests {
    /// 100 rows of 50 pt; each cell gets a BadgeConfiguration in its registration handler.
    func shown() throws -> (ScrollSimulator, UICollectionView, AnyObject) {
        let layout = UICollectionViewCompositionalLayout { _, _ in
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.vertical(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
                subitems: [item])
            return NSCollectionLayoutSection(group: group)
        }
        let collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
        let registration = UICollectionView.CellRegistration<UICollectionViewCell, Int> { cell, _, item in
            var configuration = BadgeConfiguration()
            configuration.title = "Item \(item)"
            cell.contentConfiguration = configuration
        }
        let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) {
            collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<100))
        dataSource.apply(snapshot, animatingDifferences: false)
        collectionView.isPrefetchingEnabled = false
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(collectionView)
        return (simulator, collectionView, dataSource)
    }

    @Test("first screen: one content view per cell, each configuration applied twice (set, then the automatic update)")
    func firstScreen() throws {
        BadgeContentView.made = 0
        let (simulator, collectionView, dataSource) = try shown()
        defer { withExtendedLifetime(dataSource) {} }
        // Viewport [−47, 797): rows 0…15 (row 15 starts at 750).
        let cells = simulator.counts.cellProvider
        #expect(cells == 16)
        #expect(simulator.counts.contentViewsCreated == 16)
        #expect(BadgeContentView.made == 16)
        #expect(simulator.counts.contentConfigurationsApplied == 32)
        let first = try #require(collectionView.cellForItem(at: IndexPath(item: 0, section: 0)))
        #expect((first.configuredContentView as? BadgeContentView)?.title == "Item 0")
    }

    @Test("reused cells keep their content view: scrolling applies configurations, creates no views")
    func reuse() throws {
        BadgeContentView.made = 0
        let (simulator, collectionView, dataSource) = try shown()
        defer { withExtendedLifetime(dataSource) {} }
        try simulator.drag(by: 1000)
        try simulator.runUntilIdle()
        #expect(simulator.counts.cellsReused > 0)
        #expect(simulator.counts.contentViewsCreated == simulator.counts.cellsCreated)
        #expect(BadgeContentView.made == simulator.counts.cellsCreated)
        #expect(simulator.counts.contentConfigurationsApplied == 2 * simulator.counts.cellProvider)
        let shown = collectionView.indexPathsForVisibleItems.sorted()
        let cell = try #require(collectionView.cellForItem(at: shown[0]))
        #expect((cell.configuredContentView as? BadgeContentView)?.title == "Item \(shown[0].item)")
    }

    @Test("a state change (selection) re-applies the updated configuration to the same view")
    func selection() throws {
        let (simulator, collectionView, dataSource) = try shown()
        defer { withExtendedLifetime(dataSource) {} }
        let applied = simulator.counts.contentConfigurationsApplied
        try simulator.tap(itemAt: IndexPath(item: 2, section: 0))
        let cell = try #require(collectionView.cellForItem(at: IndexPath(item: 2, section: 0)))
        #expect((cell.configuredContentView as? BadgeContentView)?.isHighlightedBadge == true)
        #expect(simulator.counts.contentConfigurationsApplied == applied + 1)
        #expect(simulator.counts.contentViewsCreated == 16)
    }

    @Test("a configuration of another type makes a new content view (supports(_:) says no)")
    func switchingTypes() throws {
        let (simulator, collectionView, dataSource) = try shown()
        defer { withExtendedLifetime(dataSource) {} }
        let cell = try #require(collectionView.cellForItem(at: IndexPath(item: 0, section: 0)))
        let created = simulator.counts.contentViewsCreated
        var list = UIListContentConfiguration.cell()
        list.text = "Plain"
        cell.contentConfiguration = list
        #expect(cell.configuredContentView is UIListContentView)
        #expect(simulator.counts.contentViewsCreated == created + 1)
        var second = UIListContentConfiguration.subtitleCell()
        second.text = "Again"
        cell.contentConfiguration = second
        #expect(simulator.counts.contentViewsCreated == created + 1)
        #expect((cell.configuredContentView as? UIListContentView)?.listConfiguration.text == "Again")
    }
}
