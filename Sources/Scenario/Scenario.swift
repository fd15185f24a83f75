import CompositionalLayout

/// A screen to profile: viewport, layout and data, in UIKit's vocabulary (`SCENARIO.md`).
public struct Scenario: Sendable {
    public var name: String
    public var summary: String?
    public var viewport: ScenarioViewport
    public var configuration: LayoutConfiguration
    public var invalidation: InvalidationPolicy
    /// Points beyond each viewport edge in which cells are prefetched (B3.1 [B], default 0).
    public var prefetchDistance: Double
    public var sections: [ScenarioSection]

    public init(
        name: String, summary: String? = nil, viewport: ScenarioViewport = ScenarioViewport(),
        configuration: LayoutConfiguration = LayoutConfiguration(), invalidation: InvalidationPolicy = .uikit,
        prefetchDistance: Double = 0, sections: [ScenarioSection]
    ) {
        self.name = name
        self.summary = summary
        self.viewport = viewport
        self.configuration = configuration
        self.invalidation = invalidation
        self.prefetchDistance = prefetchDistance
        self.sections = sections
    }
}

/// What a non-empty snapshot apply costs (DESIGN.md "Invalidation policies").
public enum InvalidationPolicy: String, Sendable, Hashable, CaseIterable {
    /// iOS 15+: one pass that re-queries every section.
    case uikit
    /// iOS 13/14: a non-animated apply is reloadData.
    case uikit14
    /// Only changed sections are re-queried.
    case targeted
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
    }

    /// How item identifiers are made (`SCENARIO.md`).
    public enum Identity: String, Sendable, Hashable {
        /// A fresh identifier per item instance (the seed app's UUIDs).
        case unique
        /// Identifiers from the data; a duplicate is UIKit's fatal error.
        case stable
    }

    /// The section identifier.
    public var id: String
    /// The cell registration's reuse identifier.
    public var cell: String
    public var items: ScenarioItems
    public var identity: Identity
    public var layout: Layout

    public init(id: String, cell: String, items: ScenarioItems, identity: Identity = .unique, layout: Layout) {
        self.id = id
        self.cell = cell
        self.items = items
        self.identity = identity
        self.layout = layout
    }
}

/// The initial items of a section.
public enum ScenarioItems: Sendable, Hashable {
    /// `n` items.
    case count(Int)
    /// Items with these identifiers (from `ids` or from the data file).
    case ids([String])
    /// An outline: parents with children (a section snapshot, SEMANTICS 3.5).
    case outline([OutlineNode])

    /// The number of items the collection view shows at start: for an outline, the items with no
    /// collapsed ancestor (D5.3, D5.5).
    public var initialVisibleCount: Int {
        switch self {
        case .count(let n): n
        case .ids(let ids): ids.count
        case .outline(let roots): roots.reduce(0) { $0 + $1.visibleCount }
        }
    }
}

/// One node of an outline section.
public struct OutlineNode: Sendable, Hashable {
    public var id: String
    public var children: [OutlineNode]
    /// New parents start collapsed unless the scenario says otherwise (D5.4, A12 [B]).
    public var expanded: Bool

    public init(id: String, children: [OutlineNode] = [], expanded: Bool = false) {
        self.id = id
        self.children = children
        self.expanded = expanded
    }

    /// This node plus its visible descendants.
    public var visibleCount: Int {
        1 + (expanded ? children.reduce(0) { $0 + $1.visibleCount } : 0)
    }
}
