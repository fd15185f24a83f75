/// The counters scrollsim reports (`docs/scenarios.md` "Counts"), for one section or in total.
public struct Counts: Sendable, Hashable {
    /// Section-provider invocations.
    public var sectionProvider = 0
    /// Cell-provider invocations.
    public var cellProvider = 0
    /// Supplementary-view-provider invocations.
    public var supplementaryProvider = 0
    /// A flow layout's `sizeForItemAt` calls: every item of a delegate-sized section, each time
    /// the layout asks its delegate again (FL5, FL6).
    public var sizeForItem = 0
    /// Dequeues that created a cell (the pool was empty).
    public var cellsCreated = 0
    /// Dequeues that took a cell from the pool (`prepareForReuse` ran).
    public var cellsReused = 0
    /// Cell-provider calls for a reconfigure (same cell, no `prepareForReuse`).
    public var reconfigures = 0
    /// Cells that left the screen and went back to their pool.
    public var cellsEnded = 0
    /// Cell-provider calls for cells requested before they were visible (prefetching, PF3).
    public var prefetched = 0
    /// Prefetched cells that went back to their pool without ever being visible.
    public var prefetchedNeverShown = 0
    /// Index paths passed to a prefetch data source's `prefetchItemsAt` (ScrollSimUIKit).
    public var dataPrefetched = 0
    /// Index paths passed to `cancelPrefetchingForItemsAt`.
    public var dataPrefetchCancelled = 0
    /// Decoration views (section backgrounds) the layout created: no provider runs for them.
    public var decorationsCreated = 0
    /// Decoration views the layout took from their kind's pool.
    public var decorationsReused = 0
    /// Content views a cell's content configuration made (`makeContentView()`, ScrollSimUIKit).
    public var contentViewsCreated = 0
    /// Content configurations applied to cells (each `contentConfiguration` set, the automatic
    /// update for the cell's state included; ScrollSimUIKit).
    public var contentConfigurationsApplied = 0
    /// `visibleItemsInvalidationHandler` invocations.
    public var visibleItemsInvalidations = 0
    /// Layout passes (totals only: a pass covers every section).
    public var layoutPasses = 0
    /// Snapshot applies and what their diffs contained.
    public var applies = 0
    public var inserted = 0
    public var deleted = 0
    public var moved = 0
    public var reloaded = 0
    public var reconfigured = 0
    /// Feed data requests (the simulation fills these).
    public var dataRequests = 0
    public var dataRequestsCompleted = 0
    public var dataRequestsFailed = 0
    public var dataRequestsSuppressed = 0
    /// Simulated frames (totals only).
    public var frames = 0

    public init() {}

    /// Every counter: its `docs/scenarios.md` name and where it is kept, in the stable order of
    /// replies and tables (one list, so encoding and decoding name the same counters).
    public static let fields: [(name: String, keyPath: WritableKeyPath<Counts, Int> & Sendable)] = [
        ("sectionProvider", \.sectionProvider), ("cellProvider", \.cellProvider),
        ("supplementaryProvider", \.supplementaryProvider), ("sizeForItem", \.sizeForItem),
        ("cellsCreated", \.cellsCreated), ("cellsReused", \.cellsReused), ("reconfigures", \.reconfigures),
        ("cellsEnded", \.cellsEnded), ("prefetched", \.prefetched), ("prefetchedNeverShown", \.prefetchedNeverShown),
        ("dataPrefetched", \.dataPrefetched), ("dataPrefetchCancelled", \.dataPrefetchCancelled),
        ("decorationsCreated", \.decorationsCreated), ("decorationsReused", \.decorationsReused),
        ("contentViewsCreated", \.contentViewsCreated), ("contentConfigurationsApplied", \.contentConfigurationsApplied),
        ("visibleItemsInvalidations", \.visibleItemsInvalidations), ("layoutPasses", \.layoutPasses),
        ("applies", \.applies), ("inserted", \.inserted), ("deleted", \.deleted), ("moved", \.moved),
        ("reloaded", \.reloaded), ("reconfigured", \.reconfigured), ("dataRequests", \.dataRequests),
        ("dataRequestsCompleted", \.dataRequestsCompleted), ("dataRequestsFailed", \.dataRequestsFailed),
        ("dataRequestsSuppressed", \.dataRequestsSuppressed), ("frames", \.frames),
    ]

    /// The counters by their `docs/scenarios.md` names, in a stable order.
    public var named: [(String, Int)] { Self.fields.map { ($0.name, self[keyPath: $0.keyPath]) } }

    /// The counter called `name` (its `docs/scenarios.md` name); nil for a name that is none.
    public subscript(named name: String) -> Int? {
        Self.fields.first { $0.name == name }.map { self[keyPath: $0.keyPath] }
    }
}

/// Counts in total and per section identifier.
public struct CountSet<SectionID: Hashable & Sendable>: Sendable, Hashable {
    public var total = Counts()
    public var sections: [SectionID: Counts] = [:]

    public init() {}

    /// Adds to a section's counter and the total.
    @inlinable
    public mutating func add(_ keyPath: WritableKeyPath<Counts, Int>, _ amount: Int = 1, section: SectionID?) {
        total[keyPath: keyPath] += amount
        if let section { sections[section, default: Counts()][keyPath: keyPath] += amount }
    }
}
