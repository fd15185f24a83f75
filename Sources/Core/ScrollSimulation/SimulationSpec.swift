import CollectionView
import CompositionalLayout

/// One node of an outline section (a section snapshot, UIKit model 3.5).
public struct OutlineNode: Sendable, Hashable {
    public var id: String
    public var children: [OutlineNode]
    /// New parents start collapsed unless said otherwise (D5.4, A12 [B]).
    public var expanded: Bool

    public init(id: String, children: [OutlineNode] = [], expanded: Bool = false) {
        self.id = id
        self.children = children
        self.expanded = expanded
    }

    /// This node plus its visible descendants.
    public var visibleCount: Int { 1 + (expanded ? children.reduce(0) { $0 + $1.visibleCount } : 0) }
}

/// A section's initial items.
public enum InitialItems: Sendable, Hashable {
    case count(Int)
    case ids([String])
    case outline([OutlineNode])

    /// Every item the section starts with (an outline's collapsed children included).
    public var declaredCount: Int {
        func count(_ nodes: [OutlineNode]) -> Int { nodes.reduce(0) { $0 + 1 + count($1.children) } }
        switch self {
        case .count(let n): return n
        case .ids(let ids): return ids.count
        case .outline(let roots): return count(roots)
        }
    }

    /// The number of items shown at start (an outline shows its visible items, D5.5).
    public var visibleCount: Int {
        switch self {
        case .count(let n): n
        case .ids(let ids): ids.count
        case .outline(let roots): roots.reduce(0) { $0 + $1.visibleCount }
        }
    }
}

/// How item identifiers are made (`docs/scenarios.md`).
public enum ItemIdentity: String, Sendable, Hashable {
    /// A fresh identifier per item instance (the seed app's UUIDs).
    case unique
    /// Identifiers from the data; re-appending the same data is UIKit's duplicate-identifier error.
    case stable
}

/// One section of a simulated screen.
public struct SectionSpec: Sendable, Hashable {
    public var id: String
    /// The cell registration's reuse identifier.
    public var reuseIdentifier: String
    public var items: InitialItems
    public var identity: ItemIdentity
    /// Whether the section sets a `visibleItemsInvalidationHandler` (its calls are counted).
    public var hasVisibleItemsHandler: Bool
    /// What its self-sizing cells measure when they are configured, cycled over the items by
    /// position; empty when they keep their estimate (G1.10).
    public var measuredSizes: [MeasuredSize]

    public init(
        id: String, reuseIdentifier: String, items: InitialItems, identity: ItemIdentity = .unique,
        hasVisibleItemsHandler: Bool = false, measuredSizes: [MeasuredSize] = []
    ) {
        self.id = id
        self.reuseIdentifier = reuseIdentifier
        self.items = items
        self.identity = identity
        self.hasVisibleItemsHandler = hasVisibleItemsHandler
        self.measuredSizes = measuredSizes
    }
}

/// The size a self-sizing cell reports (its `preferredLayoutAttributesFitting`): a length per
/// axis, nil where the cell takes the layout's.
public struct MeasuredSize: Sendable, Hashable {
    public var width: Double?
    public var height: Double?

    public init(width: Double? = nil, height: Double? = nil) {
        self.width = width
        self.height = height
    }
}

/// What a simulation runs: the screen, its data, its feeds and its script.
public struct SimulationSpec {
    public var name: String
    public var sections: [SectionSpec]
    /// Builds the layout (its section provider runs inside the simulation and is counted).
    public var makeLayout: () -> CompositionalLayout
    public var context: LayoutContext
    public var policy: InvalidationPolicy
    /// How cells are prepared before they show (UIKit's prefetching, on by default).
    public var prefetch: PrefetchPolicy
    public var feeds: [FeedSpec]
    public var script: Script
    /// Frames per second while something moves (120 Hz by default).
    public var frameRate: Double
    public var physics: PhysicsParameters

    public init(
        name: String, sections: [SectionSpec], makeLayout: @escaping () -> CompositionalLayout, context: LayoutContext,
        policy: InvalidationPolicy = .uikit, prefetch: PrefetchPolicy = .uikit, feeds: [FeedSpec] = [], script: Script = Script(),
        frameRate: Double = 120, physics: PhysicsParameters = PhysicsParameters()
    ) {
        self.name = name
        self.sections = sections
        self.makeLayout = makeLayout
        self.context = context
        self.policy = policy
        self.prefetch = prefetch
        self.feeds = feeds
        self.script = script
        self.frameRate = frameRate
        self.physics = physics
    }
}

/// Scroll-physics parameters; UIKit model marks the defaults [O] or [B].
public struct PhysicsParameters: Sendable, Hashable {
    /// The main scroll view's deceleration (P1.1 normal, 0.998).
    public var mainDeceleration: Deceleration
    /// Below this speed (pt/ms) a deceleration stops (P1.6 [B] 0.01).
    public var minimumVelocity: Double
    /// Paging velocity threshold (P2.1, A9 [B] 0.2 pt/ms).
    public var pagingVelocityThreshold: Double
    /// A snapping motion ends when this close to its target (points).
    public var settleDistance: Double

    public init(
        mainDeceleration: Deceleration = .normal, minimumVelocity: Double = 0.01, pagingVelocityThreshold: Double = 0.2,
        settleDistance: Double = 0.5
    ) {
        self.mainDeceleration = mainDeceleration
        self.minimumVelocity = minimumVelocity
        self.pagingVelocityThreshold = pagingVelocityThreshold
        self.settleDistance = settleDistance
    }
}

/// One step of a script.
public struct ScriptStep: Sendable, Hashable {
    /// Seconds of virtual time from the start (of each repetition).
    public var at: Double
    public var input: SimulationInput

    public init(at: Double, input: SimulationInput) {
        self.at = at
        self.input = input
    }
}

/// A script: steps, optionally repeated every `repeatEvery` seconds forever.
public struct Script: Sendable, Hashable {
    public var steps: [ScriptStep]
    public var repeatEvery: Double?

    public init(steps: [ScriptStep] = [], repeatEvery: Double? = nil) {
        self.steps = steps
        self.repeatEvery = repeatEvery
    }
}
