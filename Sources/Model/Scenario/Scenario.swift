import CollectionView
import CompositionalLayout
import ScrollSimulation

/// A screen to profile: viewport, layout and data, in UIKit's vocabulary (`docs/scenarios.md`).
public struct Scenario: Sendable {
    public var name: String
    public var summary: String?
    public var viewport: ScenarioViewport
    public var configuration: LayoutConfiguration
    /// A flow layout's own properties when the screen uses one (every section is then a `.flow`
    /// section); nil for a compositional layout.
    public var flowStyle: FlowLayoutStyle?
    public var invalidation: InvalidationPolicy
    /// How cells are prepared before they show (UIKit's prefetching; on by default, PF1).
    public var prefetch: PrefetchPolicy
    public var sections: [ScenarioSection]
    /// Infinite-append feeds.
    public var feeds: [FeedSpec]
    /// What the user does, in virtual time.
    public var script: Script
    /// Simulated frames per second while something moves (120 by default).
    public var frameRate: Double = 120
    /// The main scroll view's `decelerationRate` (P1.1: normal 0.998, fast 0.99).
    public var deceleration: Deceleration = .normal

    public init(
        name: String, summary: String? = nil, viewport: ScenarioViewport = ScenarioViewport(),
        configuration: LayoutConfiguration = LayoutConfiguration(), invalidation: InvalidationPolicy = .uikit,
        prefetch: PrefetchPolicy = .uikit, sections: [ScenarioSection], feeds: [FeedSpec] = [], script: Script = Script()
    ) {
        self.name = name
        self.summary = summary
        self.viewport = viewport
        self.configuration = configuration
        self.invalidation = invalidation
        self.prefetch = prefetch
        self.sections = sections
        self.feeds = feeds
        self.script = script
    }
}

/// The simulated screen.
public struct ScenarioViewport: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public var scale: Double
    public var safeAreaInsets: DirectionalEdgeInsets

    public init(width: Double = 390, height: Double = 844, scale: Double = 3, safeAreaInsets: DirectionalEdgeInsets = .zero) {
        self.width = width
        self.height = height
        self.scale = scale
        self.safeAreaInsets = safeAreaInsets
    }

    /// The layout context of this viewport.
    public var layoutContext: LayoutContext {
        LayoutContext(
            size: Size(width: width, height: height), safeAreaInsets: safeAreaInsets,
            traitCollection: TraitCollection(displayScale: scale))
    }
}

/// One section of a scenario.
public struct ScenarioSection: Sendable {
    public enum Layout: Sendable {
        case compositional(LayoutSection)
        case list(ListConfiguration)
        /// A section of a flow layout: its delegate's answers (FL5).
        case flow(FlowSection)
    }

    /// The section identifier.
    public var id: String
    /// The cell registration's reuse identifier.
    public var cell: String
    public var items: InitialItems
    public var identity: ItemIdentity
    public var layout: Layout
    /// Whether the app sets the section's `visibleItemsInvalidationHandler` (its calls are counted).
    public var hasVisibleItemsHandler: Bool
    /// What the section's self-sizing cells measure, cycled over the items (G1.10).
    public var measuredSizes: [MeasuredSize]

    public init(
        id: String, cell: String, items: InitialItems, identity: ItemIdentity = .unique, layout: Layout,
        hasVisibleItemsHandler: Bool = false, measuredSizes: [MeasuredSize] = []
    ) {
        self.id = id
        self.cell = cell
        self.items = items
        self.identity = identity
        self.layout = layout
        self.hasVisibleItemsHandler = hasVisibleItemsHandler
        self.measuredSizes = measuredSizes
    }
}
