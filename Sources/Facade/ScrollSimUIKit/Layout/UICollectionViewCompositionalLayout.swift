import CompositionalLayout
import Foundation

/// The closure that describes each section (UIKit's
/// `UICollectionViewCompositionalLayoutSectionProvider`). Return nil only for a section with no
/// items.
public typealias UICollectionViewCompositionalLayoutSectionProvider =
    @MainActor (Int, any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

/// A compositional layout (UIKit's `UICollectionViewCompositionalLayout`) over scrollsim's layout
/// engine: each call of the section provider is counted (UIKit model 2.2).
@preconcurrency @MainActor
public final class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    let core: CompositionalLayout
    let descriptions: SectionDescriptions
    private var storedConfiguration: UICollectionViewCompositionalLayoutConfiguration

    /// A layout that uses `section` for every section; no provider runs.
    public convenience init(section: NSCollectionLayoutSection) {
        self.init(section: section, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }

    public init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        descriptions = SectionDescriptions()
        descriptions.fixed = section
        storedConfiguration = configuration.copy()
        core = CompositionalLayout(section: section.core, configuration: storedConfiguration.core)
        super.init()
        descriptions.layout = self
    }

    /// A layout whose sections come from `sectionProvider`, called on every layout pass that
    /// re-queries a section.
    public convenience init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
        self.init(sectionProvider: sectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }

    public convenience init(
        sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider,
        configuration: UICollectionViewCompositionalLayoutConfiguration
    ) {
        self.init(sectionProvider: sectionProvider, configuration: configuration, providerIsApps: true)
    }

    /// `providerIsApps: false` for a provider of UIKit's own (`list(using:)`, table views): its
    /// calls are not the app's section-provider calls and are not counted as such.
    init(
        sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider,
        configuration: UICollectionViewCompositionalLayoutConfiguration, providerIsApps: Bool
    ) {
        let descriptions = SectionDescriptions()
        self.descriptions = descriptions
        storedConfiguration = configuration.copy()
        // The provider is main-actor isolated; the engine calls it synchronously inside a layout
        // pass, and every layout pass starts from a main-actor method of this module.
        core = CompositionalLayout(configuration: storedConfiguration.core, providerIsApps: providerIsApps) {
            index, environment in
            MainActor.assumeIsolated { descriptions.section(index, environment: environment, provider: sectionProvider) }
        }
        super.init()
        descriptions.layout = self
    }

    /// A layout whose sections an internal provider of scrollsim's describes in the engine's terms
    /// (a flow layout's); not counted as the app's section provider.
    init(coreSectionProvider: @escaping @MainActor (Int, LayoutEnvironment) -> LayoutSection, configuration: LayoutConfiguration)
    {
        descriptions = SectionDescriptions()
        storedConfiguration = UICollectionViewCompositionalLayoutConfiguration()
        core = CompositionalLayout(configuration: configuration, providerIsApps: false) { index, environment in
            MainActor.assumeIsolated { coreSectionProvider(index, environment) }
        }
        super.init()
        descriptions.layout = self
    }

    /// Storyboards are not supported.
    public required init?(coder: NSCoder) { nil }

    override var engineLayout: UICollectionViewCompositionalLayout { self }

    /// Replaces the engine configuration directly (a flow layout's scroll direction and inset
    /// reference); invalidates the layout.
    func setCoreConfiguration(_ configuration: LayoutConfiguration) {
        core.configuration = configuration
        collectionView?.setNeedsLayout()
    }

    /// A layout whose every section is a list (UIKit's `list(using:)`).
    public static func list(using configuration: UICollectionLayoutListConfiguration) -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout(
            sectionProvider: { _, environment in
                NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
            },
            configuration: UICollectionViewCompositionalLayoutConfiguration(), providerIsApps: false)
    }

    /// The configuration. Reading gives a copy; assigning invalidates the layout (R9).
    public var configuration: UICollectionViewCompositionalLayoutConfiguration {
        get { storedConfiguration.copy() }
        set {
            storedConfiguration = newValue.copy()
            core.configuration = storedConfiguration.core
            collectionView?.setNeedsLayout()
        }
    }

    public override var collectionViewContentSize: CGSize {
        collectionView?.prepareLayout()
        return CGSize(core.contentSize)
    }

    public override func invalidateLayout() {
        core.invalidate(.everything)
        collectionView?.setNeedsLayout()
    }

    /// The elements meeting `rect`, pinned headers and footers where the collection view's
    /// current offset shows them (G1.8.4).
    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        collectionView?.prepareLayout()
        guard let pinning = collectionView?.engine.pinning else {
            return core.elements(in: rect.core).map(UICollectionViewLayoutAttributes.init)
        }
        return core.elements(in: rect.core, pinning: pinning).map(UICollectionViewLayoutAttributes.init)
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        collectionView?.prepareLayout()
        guard let frame = core.frame(for: indexPath.core) else { return nil }
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = CGRect(frame)
        return attributes
    }

    public override func layoutAttributesForSupplementaryView(
        ofKind elementKind: String, at indexPath: IndexPath
    )
        -> UICollectionViewLayoutAttributes?
    {
        collectionView?.prepareLayout()
        return core.supplementary(ofKind: elementKind, at: indexPath.core, pinning: collectionView?.engine.pinning)
            .map(UICollectionViewLayoutAttributes.init)
    }

    public override func layoutAttributesForDecorationView(
        ofKind elementKind: String, at indexPath: IndexPath
    )
        -> UICollectionViewLayoutAttributes?
    {
        collectionView?.prepareLayout()
        return core.decoration(ofKind: elementKind, at: indexPath.core).map(UICollectionViewLayoutAttributes.init)
    }
}

/// What the section provider returned, per section index: the visible-items handlers to run.
@preconcurrency @MainActor
final class SectionDescriptions {
    weak var layout: UICollectionViewCompositionalLayout?
    var fixed: NSCollectionLayoutSection?
    private(set) var handlers: [Int: NSCollectionLayoutSectionVisibleItemsInvalidationHandler] = [:]
    /// The list configuration each list section was made with (its swipe providers).
    private(set) var listConfigurations: [Int: UICollectionLayoutListConfiguration] = [:]

    func listConfiguration(forSection index: Int) -> UICollectionLayoutListConfiguration? {
        fixed?.listConfiguration ?? listConfigurations[index]
    }

    func handler(forSection index: Int) -> NSCollectionLayoutSectionVisibleItemsInvalidationHandler? {
        fixed?.visibleItemsInvalidationHandler ?? handlers[index]
    }

    /// Sections with a visible-items handler, among `count` sections.
    func sectionsWithHandlers(count: Int) -> [Int] {
        if let fixed { return fixed.visibleItemsInvalidationHandler == nil ? [] : Array(0..<count) }
        return handlers.keys.filter { $0 < count }.sorted()
    }

    func section(
        _ index: Int, environment: LayoutEnvironment, provider: UICollectionViewCompositionalLayoutSectionProvider
    ) -> LayoutSection {
        let section = provider(index, LayoutEnvironmentObject(environment))
        handlers[index] = section?.visibleItemsInvalidationHandler
        listConfigurations[index] = section?.listConfiguration
        guard let section else {
            if (layout?.collectionView?.numberOfItems(inSection: index) ?? 0) > 0 {
                UIKitException.raise(
                    "Invalid section definition. Please specify a valid section definition when content is to be rendered for a section. This is a client error. (section provider returned nil for section \(index))"
                )
            }
            return Self.emptySection
        }
        return section.core
    }

    /// What a nil description lays out for a section with no items: nothing.
    static let emptySection = LayoutSection(
        group: .horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)),
            subitems: [
                .item(
                    LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                )
            ]))
}
