/// A headless `UICollectionViewCompositionalLayout`: asks a section provider for each section's
/// description on each layout pass, counts every call, and solves the geometry.
///
/// Invalidation follows UIKit's model (UIKit model 2.1): `invalidate(_:)` only marks the layout stale;
/// the next `prepare(context:itemCounts:)` runs one pass for however many invalidations arrived
/// (B1.1). Which sections a pass re-queries depends on what was invalidated (2.2 table): a full,
/// bounds-size, environment or configuration invalidation re-queries all of them; a targeted one
/// only the named sections (the other sections keep their cached descriptions and are only
/// re-solved if their item count changed).
///
/// A class, as UIKit's layout object is: it has identity (a collection view owns one and clients
/// reach it through the view), and the per-frame queries of the collection view must not copy
/// its solved state. One owner, one thread; the provider is called synchronously.
public final class CompositionalLayout {
    /// Returns section `index`'s description (UIKit's
    /// `UICollectionViewCompositionalLayoutSectionProvider`). Must be a pure function of its inputs
    /// and the current data (B2.1).
    public typealias SectionProvider = (_ index: Int, _ environment: LayoutEnvironment) -> LayoutSection
    /// Returns section `index`'s flow answers (what a flow layout's delegate and properties say).
    public typealias FlowSectionProvider = (_ index: Int) -> FlowSection

    private enum Source {
        /// `isApps`: false for a provider UIKit supplies itself (a list layout, a table view),
        /// whose calls are not the app's section-provider calls.
        case provider(SectionProvider, isApps: Bool)
        case fixed(LayoutSection)
        /// A flow layout: UIKit breaks the sections into lines itself (FL1).
        case flow(FlowSectionProvider, FlowLayoutStyle)
    }

    private let source: Source
    /// The configuration; assigning it invalidates the layout (UIKit model 2.2, R9).
    public var configuration: LayoutConfiguration {
        didSet {
            geometryGeneration &+= 1
            invalidate(.configurationChange)
        }
    }
    public private(set) var statistics = LayoutStatistics()
    /// The context of the last pass.
    public private(set) var context: LayoutContext?

    /// Invalidations since the last pass, at most one per kind (targeted ones merge their sections).
    private var pending: [LayoutInvalidation] = [.initial]
    /// Changes with every write to the solved geometry below (a pass, a measured size) and to
    /// the configuration: what a caller derived from the elements' frames holds while it is the
    /// same (a collection view's frames that skip the walk, `WalkAnchor`).
    public private(set) var geometryGeneration = 0
    // The solved state, written by `prepare` and `stackSections` (CompositionalLayout+Stacking).
    var sections: [SectionGeometry] = [] {
        didSet { geometryGeneration &+= 1 }
    }
    /// Main-axis origin of each section.
    var origins: [Double] = [] {
        didSet { geometryGeneration &+= 1 }
    }
    var layoutSupplementaries: [PlacedSupplementary] = [] {
        didSet { geometryGeneration &+= 1 }
    }
    var contentLength: Double = 0 {
        didSet { geometryGeneration &+= 1 }
    }
    /// How far section headers and footers reach before their section's start and after its end.
    var supplementaryOverhang: (before: Double, after: Double) = (0, 0) {
        didSet { geometryGeneration &+= 1 }
    }

    /// A layout whose sections come from `sectionProvider`. `providerIsApps: false` marks a
    /// provider UIKit supplies itself (`list(using:)`, a table view): its calls are not counted
    /// as section-provider calls, and passes say they re-resolved the sections instead.
    public init(
        configuration: LayoutConfiguration = LayoutConfiguration(), providerIsApps: Bool = true,
        sectionProvider: @escaping SectionProvider
    ) {
        self.source = .provider(sectionProvider, isApps: providerIsApps)
        self.configuration = configuration
    }

    /// A layout that uses `section` for every section (UIKit's `init(section:)`); no provider runs.
    public init(section: LayoutSection, configuration: LayoutConfiguration = LayoutConfiguration()) {
        self.source = .fixed(section)
        self.configuration = configuration
    }

    /// A flow layout (UIKit's `UICollectionViewFlowLayout`, FL1 to FL6) whose sections' answers come
    /// from `sections`. No section provider of the app runs: passes re-resolve the sections, and
    /// a pass that asks the delegate again counts its `sizeForItemAt` calls
    /// (`LayoutPass.sizeForItemCalls`). `configuration` gives the scrolling direction and the
    /// insets' reference.
    public init(
        flow style: FlowLayoutStyle, configuration: LayoutConfiguration = LayoutConfiguration(),
        sections: @escaping FlowSectionProvider
    ) {
        self.source = .flow(sections, style)
        self.configuration = configuration
    }

    /// Whether the next `prepare` will run a pass.
    public var needsLayout: Bool { !pending.isEmpty }
    /// What made the layout stale since the last pass; during a pass, what that pass answers (a
    /// layout built on this one can tell a data change from a bounds change).
    public var pendingInvalidations: [LayoutInvalidation] { pending }

    /// Marks the layout stale (B1.1); the work happens in the next `prepare`. Repeated
    /// invalidations coalesce: one entry per kind, targeted ones merging their sections, so the
    /// pending list stays small however often this is called between passes.
    public func invalidate(_ invalidation: LayoutInvalidation) {
        switch invalidation {
        case .sections(let indices):
            if let i = pending.firstIndex(where: { if case .sections = $0 { true } else { false } }),
                case .sections(let existing) = pending[i]
            {
                pending[i] = .sections(existing.union(indices))
                return
            }
        case .selfSizing(let indices):
            if let i = pending.firstIndex(where: { if case .selfSizing = $0 { true } else { false } }),
                case .selfSizing(let existing) = pending[i]
            {
                pending[i] = .selfSizing(existing.union(indices))
                return
            }
        default:
            if pending.contains(invalidation) { return }
        }
        pending.append(invalidation)
    }

    /// The environment the provider sees for `context` (G1.1.1, G1.1.2).
    public func environment(for context: LayoutContext) -> LayoutEnvironment {
        let insets = context.containerInsets(for: configuration.contentInsetsReference, mainAxis: configuration.scrollDirection)
        return LayoutEnvironment(
            container: LayoutContainer(contentSize: context.size, contentInsets: insets),
            traitCollection: context.traitCollection)
    }

    /// Runs a layout pass if the layout is stale or the context changed.
    ///
    /// - Parameters:
    ///   - context: the collection view's bounds size and insets. A size change is a bounds-size
    ///     invalidation; an insets or traits change an environment invalidation.
    ///   - itemCounts: the number of items in each section, from the data source.
    /// - Returns: the pass, or nil when nothing was stale or the bounds are empty (UIKit lays out
    ///   only with non-empty bounds, 2.2).
    /// - Throws: `LayoutError` when a description cannot be laid out; the layout stays stale.
    /// - Complexity: O(sections + queried sections × slots per group + measured items).
    public func prepare(context: LayoutContext, itemCounts: [Int]) throws(LayoutError) -> LayoutPass? {
        if let previous = self.context, previous != context, !pending.contains(.initial) {
            pending.append(previous.size != context.size ? .boundsSizeChange : .environmentChange)
        }
        guard !pending.isEmpty, context.size.width > 0, context.size.height > 0 else { return nil }

        let requery = sectionsToQuery(sectionCount: itemCounts.count)
        let environment = environment(for: context)
        let contextChanged = self.context != context
        let asksFlowDelegate = LayoutInvalidation.asksFlowDelegate(pending)
        var rebuilt: [SectionGeometry] = []
        rebuilt.reserveCapacity(itemCounts.count)
        var queried: [Int] = []
        var sizeForItemCalls: [Int] = []
        for (index, count) in itemCounts.enumerated() {
            let old = index < sections.count ? sections[index] : nil
            let description: LayoutSection
            // A flow section's lines hold its items, so a new count lays it out again.
            if old == nil || requery.contains(index) || (isFlow && old?.itemCount != count) {
                let calls: Int
                (description, calls) = query(
                    section: index, environment: environment, itemCount: count, asksDelegate: asksFlowDelegate || old == nil)
                queried.append(index)
                sizeForItemCalls.append(calls)
                if calls > 0 { statistics.countSizeForItemCalls(calls, section: index) }
                if hasSectionProvider { statistics.countCall(section: index) }
            } else {
                description = old!.section
            }
            if let old, !contextChanged, !requery.contains(index), old.itemCount == count {
                rebuilt.append(old)
                continue
            }
            rebuilt.append(
                try SectionGeometry(
                    index: index, section: description, itemCount: max(0, count), context: context,
                    configuration: configuration, previous: old))
        }

        sections = rebuilt
        self.context = context
        try stackSections()
        statistics.layoutPasses += 1
        let pass = LayoutPass(
            number: statistics.layoutPasses, reasons: pending, queriedSections: queried,
            resolvedInternally: resolvesSectionsInternally, sizeForItemCalls: isFlow ? sizeForItemCalls : [])
        pending = []
        return pass
    }

    /// Records the measured size of a self-sizing cell (G1.10.1) and returns whether any frame
    /// changed. Frames update at once; a changed size also invalidates the layout with
    /// `.selfSizing` (G1.10.3).
    /// - Complexity: O(log items + sections) for the changed instance; O(items / per-group) the first time a
    ///   section is measured.
    @discardableResult
    public func setMeasuredSize(_ size: Size, for indexPath: ItemPath) throws(LayoutError) -> Bool {
        guard indexPath.section >= 0, indexPath.section < sections.count else {
            throw .indexPathOutOfRange(indexPath)
        }
        guard try sections[indexPath.section].setMeasuredSize(size, forItem: indexPath.item) else { return false }
        try stackSections()
        invalidate(.selfSizing([indexPath.section]))
        return true
    }

    /// Which sections a pass over `sectionCount` sections asks the provider for.
    private func sectionsToQuery(sectionCount: Int) -> Set<Int> {
        var result = Set<Int>()
        for invalidation in pending {
            switch invalidation {
            case .initial, .everything, .boundsSizeChange, .environmentChange, .configurationChange:
                return Set(0..<sectionCount)
            case .sections(let indices):
                result.formUnion(indices.filter { $0 >= 0 && $0 < sectionCount })
            case .selfSizing:
                if configuration.selfSizingRequeriesProvider { return Set(0..<sectionCount) }
            }
        }
        return result
    }

    /// Section `index`'s description, and the `sizeForItemAt` calls it cost (a flow section whose
    /// delegate is asked again, FL6).
    private func query(
        section index: Int, environment: LayoutEnvironment, itemCount: Int, asksDelegate: Bool
    ) -> (LayoutSection, sizeForItemCalls: Int) {
        switch source {
        case .provider(let provider, _): return (provider(index, environment), 0)
        case .fixed(let section): return (section, 0)
        case .flow(let provider, let style):
            let flow = provider(index)
            let section = LayoutSection.flow(
                flow, itemCount: itemCount, style: style, scrollDirection: configuration.scrollDirection,
                container: environment.container.effectiveContentSize)
            return (section, asksDelegate ? flow.sizeForItemCalls(itemCount: itemCount) : 0)
        }
    }

    private var isFlow: Bool {
        if case .flow = source { return true }
        return false
    }

    /// Whether section descriptions come from the app's provider (and so are counted).
    public var hasSectionProvider: Bool {
        if case .provider(_, true) = source { return true }
        return false
    }

    /// Whether section descriptions come from a provider UIKit supplies itself: a pass re-resolves
    /// them, but no code of the app runs.
    public var resolvesSectionsInternally: Bool {
        switch source {
        case .provider(_, let isApps): !isApps
        case .flow: true
        case .fixed: false
        }
    }
}
