import CollectionTypes
import CompositionalLayout
import DiffableDataSource

/// A headless `UICollectionView` with a compositional layout and a diffable data source
/// (UIKit model 2.1 to 2.4): bounds, the main content offset and one offset per orthogonal section;
/// layout passes when the layout is invalidated, following the invalidation policy; cells realised
/// for items in the viewport plus a prefetch distance, requested from the cell provider exactly
/// when UIKit model 2.3 says, dequeued from per-reuse-identifier pools; supplementary views; counts
/// and events.
///
/// A class: it has identity, the cell provider receives it (to dequeue), and the data source calls
/// back into it during an apply. One owner, one thread.
public final class CollectionView<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
    /// Returns the cell for an item, dequeued with `dequeueReusableCell(withReuseIdentifier:for:)`.
    public typealias CellProvider = (CollectionView, ItemPath, ItemID) throws -> CellHandle
    /// Called when a supplementary view of `kind` is needed at an index path.
    public typealias SupplementaryViewProvider = (CollectionView, String, ItemPath) -> Void

    public internal(set) var layout: CompositionalLayout
    public let dataSource: DiffableDataSource<SectionID, ItemID>
    public let policy: InvalidationPolicy
    /// How cells are prepared before they are visible (UIKit's prefetching; `.disabled` requests
    /// only visible cells, the model before prefetching).
    public var prefetch: PrefetchPolicy
    /// Whether `prefetchItems`/`cancelPrefetching` events are produced and counted (a prefetch
    /// data source is set).
    public var reportsDataPrefetching = false
    public var cellProvider: CellProvider?
    /// The most elements realised at once. Not UIKit's: a device would stall long before, but a
    /// simulation of such a layout (a million rows of a thousandth of a point on one screen) would
    /// take seconds and hundreds of MB per frame here, so it is refused with a clear error.
    public var maxLiveElements = 50_000
    public var supplementaryViewProvider: SupplementaryViewProvider?
    /// Receives every event as it happens.
    public var eventHandler: ((CollectionViewEvent<SectionID, ItemID>) -> Void)?
    /// Sections whose description has a `visibleItemsInvalidationHandler` (G1.9.6, R7).
    public var sectionsWithVisibleItemsHandler: Set<SectionID> = []

    public internal(set) var context: LayoutContext
    /// The scroll views' offsets and the way each last moved.
    var scroll: ScrollOffsets<SectionID>
    /// The main-axis content offset (y for a vertical layout); at rest it is minus the adjusted
    /// top inset (U4).
    public internal(set) var contentOffset: Double {
        get { scroll.main }
        set { scroll.main = newValue }
    }
    /// Orthogonal offsets by section identifier (a section keeps its offset when others move).
    public internal(set) var orthogonalOffsets: [SectionID: Double] {
        get {
            flushRowOffsets()
            return scroll.rowsByID
        }
        _modify {
            flushRowOffsets()
            yield &scroll.rowsByID
        }
    }
    public internal(set) var counts = CountSet<SectionID>()

    /// Adds to a counter the layer above keeps (a UIKit facade counts configuration and
    /// prefetch-data-source effects the engine cannot see).
    public func count(_ keyPath: WritableKeyPath<Counts, Int>, _ amount: Int = 1, section: SectionID?) {
        counts.add(keyPath, amount, section: section)
    }
    /// Whether the view is on screen. Before `display()`, applies only update the data (an app's
    /// applies in `viewDidLoad` cost no layout pass); the first layout happens at display (2.2).
    public internal(set) var isDisplayed: Bool

    /// The cells and decoration views waiting for reuse.
    var pools = ReusePools()
    /// What is on screen or prepared.
    var live = LiveElements<ItemID>()
    /// Section identifiers and their indices.
    var sections = SectionTable<SectionID>()
    var sectionIDs: [SectionID] { sections.ids }
    /// The request in progress: the index path being asked for, and for a reconfigure the cell
    /// that dequeue must return.
    var request: (indexPath: ItemPath, reconfiguring: CellHandle?)?
    var dequeued: (cell: CellHandle, created: Bool)?
    /// What a frame reuses from the passes before it.
    var frames = FrameCache()
    /// What is prepared ahead of the visible rectangle.
    var prefetched = PrefetchState<ItemID>()
    /// Cells ahead of the viewport still waiting to be prepared (the per-pass budget ran out):
    /// the host keeps frames running until they are.
    public var hasPendingPrefetch: Bool { prefetched.hasPending }
    /// What the last `dequeueReusableCell` did, for a client that keeps an object per cell.
    public internal(set) var lastDequeueOutcome: DequeueOutcome?
    /// An error raised inside the data source's update handler, rethrown by `apply`.
    var updateError: CollectionViewError?
    /// The section identifiers before the apply in progress (deletes are counted against them).
    var sectionsBeforeUpdate: [SectionID]?

    /// A collection view of `size` whose sections come from `layout`.
    public init(
        layout: CompositionalLayout, context: LayoutContext, policy: InvalidationPolicy = .uikit,
        prefetch: PrefetchPolicy = .disabled, displayed: Bool = true
    ) {
        self.isDisplayed = displayed
        self.layout = layout
        self.context = context
        self.policy = policy
        self.prefetch = prefetch
        self.dataSource = DiffableDataSource(behavior: policy == .uikit14 ? .iOS13 : .iOS15)
        self.scroll = ScrollOffsets(main: -context.safeAreaInsets.start(along: layout.configuration.scrollDirection))
        dataSource.updateHandler = { [unowned self] update in
            do throws(CollectionViewError) {
                try self.perform(update)
            } catch {
                self.updateError = error
            }
        }
    }

    /// Replaces the layout (`setCollectionViewLayout`): the next pass lays every section out with
    /// the new layout, calling its section provider for each (2.2); cells already realised for
    /// items still visible are kept.
    public func replaceLayout(_ newLayout: CompositionalLayout) throws(CollectionViewError) {
        layout = newLayout
        guard isDisplayed else { return }
        try layoutIfNeeded()
    }

    /// Puts the view on screen: the first layout pass and the first cells.
    public func display() throws(CollectionViewError) {
        guard !isDisplayed else { return }
        isDisplayed = true
        try layoutIfNeeded()
    }

    /// Declares a cell registration's reuse identifier (`register(_:forCellWithReuseIdentifier:)`).
    public func register(reuseIdentifier: String) { pools.register(reuseIdentifier) }

    var mainAxis: Axis { layout.configuration.scrollDirection }

    // MARK: Applying data

    /// Applies a snapshot through the data source; the collection view performs the update.
    @discardableResult
    public func apply(
        _ snapshot: Snapshot<SectionID, ItemID>, animatingDifferences: Bool = true
    ) throws(CollectionViewError) -> ApplyUpdate {
        try run { () throws(SnapshotError) in try dataSource.apply(snapshot, animatingDifferences: animatingDifferences) }
    }

    /// `applySnapshotUsingReloadData`: installs the snapshot without a diff (D3.2).
    @discardableResult
    public func applyUsingReloadData(_ snapshot: Snapshot<SectionID, ItemID>) throws(CollectionViewError) -> ApplyUpdate {
        try run { () throws(SnapshotError) in try dataSource.applySnapshotUsingReloadData(snapshot) }
    }

    /// Applies a section snapshot to one section.
    @discardableResult
    public func apply(
        _ sectionSnapshot: SectionSnapshot<ItemID>, to section: SectionID, animatingDifferences: Bool = true
    ) throws(CollectionViewError) -> ApplyUpdate {
        try run { () throws(SnapshotError) in
            try dataSource.apply(sectionSnapshot, to: section, animatingDifferences: animatingDifferences)
        }
    }

    /// A tap on an outline parent: expands or collapses it (D5.8).
    @discardableResult
    public func toggleExpansion(of item: ItemID) throws(CollectionViewError) -> ApplyUpdate? {
        try run { () throws(SnapshotError) in try dataSource.toggleExpansion(of: item) }
    }

    private func run<T>(_ body: () throws(SnapshotError) -> T) throws(CollectionViewError) -> T {
        // An apply from inside the cell provider is re-entrant even outside another apply: the
        // collection view is in the middle of a layout (D3.4).
        guard request == nil else { throw .snapshot(.reentrantApply) }
        updateError = nil
        let before = sectionsBeforeUpdate
        sectionsBeforeUpdate = sectionIDs
        defer { sectionsBeforeUpdate = before }
        let result: T
        do {
            result = try body()
        } catch {
            throw .snapshot(error)
        }
        if let error = updateError {
            updateError = nil
            throw error
        }
        return result
    }

    // MARK: Geometry

    /// The scrollable content size.
    public var contentSize: Size { layout.contentSize }

    /// The range of the main content offset: from minus the adjusted leading inset to the end of
    /// the content plus the trailing inset, no bounce (P1.6).
    public var contentOffsetRange: ClosedRange<Double> {
        let main = mainAxis
        let insets = adjustedInsets
        let low = -insets.start(along: main)
        let high = layout.contentSize.length(along: main) + insets.end(along: main) - context.size.length(along: main)
        return low...Swift.max(low, high)
    }

    /// The scroll view's own `contentInset`: like the safe area it widens the scrollable range and
    /// moves where pinned views rest; it does not change the layout (U4).
    public var contentInsets = DirectionalEdgeInsets.zero

    /// The safe area plus the content inset (UIKit's `adjustedContentInset`).
    var adjustedInsets: DirectionalEdgeInsets {
        let safe = context.safeAreaInsets
        return DirectionalEdgeInsets(
            top: safe.top + contentInsets.top, leading: safe.leading + contentInsets.leading,
            bottom: safe.bottom + contentInsets.bottom, trailing: safe.trailing + contentInsets.trailing)
    }

    /// The offset range of an orthogonal section: 0 to C − W (G1.9.4); a centred group-paging row
    /// can rest before 0 so group 0 can centre (P2.5, A10 [B]).
    public func orthogonalOffsetRange(of section: SectionID) -> ClosedRange<Double>? {
        sectionIndex(of: section).flatMap(orthogonalOffsetRange(ofIndex:))
    }

    func orthogonalOffsetRange(ofIndex index: Int) -> ClosedRange<Double>? {
        guard let length = layout.orthogonalContentLength(ofSection: index),
            let behavior = layout.orthogonalScrollingBehavior(ofSection: index)
        else { return nil }
        let viewport = context.size.length(along: mainAxis.other)
        var low = 0.0
        var high = Swift.max(0, length - viewport)
        if behavior == .groupPagingCentered, let group = layout.groupPitch(ofSection: index) {
            let inset = (viewport - group.groupLength) / 2
            low -= inset
            high += inset
        }
        return low...Swift.max(low, high)
    }

    /// Where pinned headers and footers are for the current offset (G1.8.4): headers below the
    /// content offset plus the adjusted leading inset, footers above the visible area's end.
    public var pinning: Pinning {
        let main = mainAxis
        let insets = adjustedInsets
        return Pinning(
            boundary: contentOffset + insets.start(along: main),
            viewportEnd: contentOffset + context.size.length(along: main) - insets.end(along: main))
    }

    /// The visible rectangle of the main content (content coordinates).
    public var visibleRect: Rect {
        let main = mainAxis
        return Rect(
            axis: main, along: contentOffset, across: 0, alongLength: context.size.length(along: main),
            acrossLength: context.size.length(along: main.other))
    }

    // MARK: Layout

    /// Runs a layout pass if the layout is stale (B1.1), then realises visible cells.
    public func layoutIfNeeded() throws(CollectionViewError) {
        try layoutIfNeeded(reason: .appeared)
    }

    func layoutIfNeeded(reason: CellRequestReason) throws(CollectionViewError) {
        try prepareLayoutIfNeeded()
        try updateVisibleElements(reason: reason)
    }

    /// Runs a layout pass if the layout is stale, without realising cells: what a layout query
    /// (`layoutAttributesForItem(at:)`) on a view that has not laid out yet costs in UIKit.
    public func prepareLayoutIfNeeded() throws(CollectionViewError) {
        let snapshot = dataSource.snapshot()
        let itemCounts = (0..<snapshot.numberOfSections).map { snapshot.items(atSectionIndex: $0).count }
        let pass: LayoutPass?
        do {
            pass = try layout.prepare(context: context, itemCounts: itemCounts)
        } catch {
            throw .layout(error)
        }
        if let pass {
            counts.total.layoutPasses += 1
            let ids = snapshot.sectionIdentifiers
            let queried = pass.queriedSections.map { ids[$0] }
            if layout.hasSectionProvider {
                for id in queried { counts.add(\.sectionProvider, section: id) }
            }
            for (id, calls) in zip(queried, pass.sizeForItemCalls) where calls > 0 {
                counts.add(\.sizeForItem, calls, section: id)
            }
            eventHandler?(.layoutPass(pass, queried: queried))
            clampOffsets()
        }
    }

    /// Counts `sizeForItemAt` calls that a flow layout made of the app's delegate itself, outside
    /// the engine's flow sections (ScrollSimUIKit's `UICollectionViewFlowLayout`), so the view's
    /// counts show them as a scenario's do (FL5).
    public func countSizeForItemCalls(_ calls: Int, inSection index: Int) {
        counts.add(\.sizeForItem, calls, section: sectionID(at: index))
    }

    /// Changes the bounds size and insets (rotation, split view): the next pass re-queries every
    /// section (2.2).
    /// A view that is not on screen only records the new context; its first pass uses it.
    public func setContext(_ newContext: LayoutContext) throws(CollectionViewError) {
        context = newContext
        guard isDisplayed else {
            contentOffset = Swift.max(contentOffset, contentOffsetRange.lowerBound)
            return
        }
        try layoutIfNeeded()
    }

    /// Scrolls the main content (offset only: no section-provider call, B1.4).
    // Prespecialised for the simulation's identifiers (String sections, Int items): called every
    // frame from another module, where the generic version looks up type metadata on each call.
    @_specialize(exported:true,where SectionID == String, ItemID == Int)
    @_specialize(exported:true,where SectionID == AnyIdentifier, ItemID == AnyIdentifier)
    public func setContentOffset(_ offset: Double) throws(CollectionViewError) {
        try setOffsets(main: offset, rows: [])
    }

    /// Scrolls one orthogonal section (G1.9.6): its own offset, not the main one.
    // Prespecialised for the simulation's identifiers (String sections, Int items): called every
    // frame from another module, where the generic version looks up type metadata on each call.
    @_specialize(exported:true,where SectionID == String, ItemID == Int)
    @_specialize(exported:true,where SectionID == AnyIdentifier, ItemID == AnyIdentifier)
    public func setOrthogonalOffset(_ offset: Double, section: SectionID) throws(CollectionViewError) {
        try setOffsets(main: nil, rows: [(section, offset)])
    }

    /// Refreshes the cached section identifiers and indices after the data changed.
    func refreshSections() {
        flushRowOffsets()
        sections.replace(with: dataSource.snapshot().sectionIdentifiers)
        prefetched.forgetMargins()
        reindexOrthogonalOffsets()
    }

    /// Rebuilds the by-index row state from the by-identifier state (`ScrollOffsets.reindex`).
    func reindexOrthogonalOffsets() {
        let indexByID = sections.indexByID
        scroll.reindex { indexByID[$0] }
    }

    /// Brings the row offsets by identifier up to date with the offsets frames set by index.
    func flushRowOffsets() {
        guard scroll.needsFlush else { return }
        scroll.flush(sectionIDs: sections.ids)
    }

    /// The scroll offset of orthogonal section `section`; nil for a section that is not one.
    // Prespecialised as `isOrthogonal` is: the simulation reads it twice a frame per moving row.
    @_specialize(exported:true,where SectionID == String, ItemID == Int)
    @_specialize(exported:true,where SectionID == AnyIdentifier, ItemID == AnyIdentifier)
    public func rowOffset(of section: SectionID) -> Double? {
        guard let index = sectionIndex(of: section), layout.orthogonalContentLength(ofSection: index) != nil else { return nil }
        return rowOffset(atIndex: index)
    }

    func rowOffset(atIndex index: Int) -> Double { scroll.rowOffset(atIndex: index) }

    /// The index of a section, from the cache.
    public func sectionIndex(of section: SectionID) -> Int? { sections.index(of: section) }

    /// Whether section `section` scrolls orthogonally (read without copying the layout).
    // Prespecialised for the simulation's identifiers (String sections, Int items): called every
    // frame from another module, where the generic version looks up type metadata on each call.
    @_specialize(exported:true,where SectionID == String, ItemID == Int)
    @_specialize(exported:true,where SectionID == AnyIdentifier, ItemID == AnyIdentifier)
    public func isOrthogonal(_ section: SectionID) -> Bool {
        guard let index = sectionIndex(of: section) else { return false }
        return layout.orthogonalContentLength(ofSection: index) != nil
    }

    /// Sets the main offset and any orthogonal offsets together and realises cells once, as one
    /// display frame does (one layout cycle per frame however many scroll views moved).
    @_specialize(exported:true,where SectionID == String, ItemID == Int)
    @_specialize(exported:true,where SectionID == AnyIdentifier, ItemID == AnyIdentifier)
    public func setOffsets(main: Double?, rows: [(section: SectionID, offset: Double)]) throws(CollectionViewError) {
        var mainMoved = false
        if let main {
            let range = contentOffsetRange
            let clamped = Swift.min(Swift.max(main, range.lowerBound), range.upperBound)
            mainMoved = scroll.moveMain(to: clamped)
        }
        // The sections as the rows moved (a provider called below may apply a new snapshot).
        let idsAtMove = sectionIDs
        var movedRows = frames.takeMovedRows()
        defer { frames.putBack(movedRows: &movedRows) }
        for (section, offset) in rows {
            // Runs every frame: the section is looked up once, the offset read by index.
            guard let index = sectionIndex(of: section), let range = orthogonalOffsetRange(ofIndex: index) else { continue }
            let clamped = Swift.min(Swift.max(offset, range.lowerBound), range.upperBound)
            guard clamped != rowOffset(atIndex: index) else { continue }
            // A row that turns moves its prefetch margins.
            if scroll.moveRow(section, atIndex: index, to: clamped) { prefetched.forgetMargins() }
            movedRows.append((index, clamped))
        }
        // A frame with nothing moving still prepares the cells left waiting ahead (PF4).
        guard mainMoved || !movedRows.isEmpty || hasPendingPrefetch else { return }
        try updateVisibleElements(reason: .appeared, shortcutUnchanged: true)
        guard !sectionsWithVisibleItemsHandler.isEmpty else { return }
        var notified: Set<SectionID> = []
        for (index, offset) in movedRows where sectionsWithVisibleItemsHandler.contains(idsAtMove[index]) {
            let section = idsAtMove[index]
            notified.insert(section)
            counts.add(\.visibleItemsInvalidations, section: section)
            eventHandler?(.visibleItemsInvalidated(section: section, offset: offset))
        }
        if mainMoved {
            for section in sectionIDs
            where sectionsWithVisibleItemsHandler.contains(section) && !notified.contains(section) && isSectionVisible(section) {
                counts.add(\.visibleItemsInvalidations, section: section)
                eventHandler?(.visibleItemsInvalidated(section: section, offset: orthogonalOffsets[section] ?? 0))
            }
        }
    }

    /// Keeps offsets inside the content after a layout change, and puts a centred group-paging row
    /// that has not scrolled yet at its resting offset.
    private func clampOffsets() {
        let range = contentOffsetRange
        contentOffset = Swift.min(Swift.max(contentOffset, range.lowerBound), range.upperBound)
        for (section, offset) in orthogonalOffsets {
            guard let range = orthogonalOffsetRange(of: section) else {
                orthogonalOffsets[section] = nil
                continue
            }
            orthogonalOffsets[section] = Swift.min(Swift.max(offset, range.lowerBound), range.upperBound)
        }
        for (index, section) in sectionIDs.enumerated() where orthogonalOffsets[section] == nil {
            if let rest = centredRestingOffset(ofSection: index) { orthogonalOffsets[section] = rest }
        }
        reindexOrthogonalOffsets()
    }

    /// Where a `groupPagingCentered` row rests before it is scrolled: group 0 centred in the row's
    /// viewport, offset = leading inset + group length / 2 − viewport length / 2 (negative when the
    /// group is narrower than the viewport; P2.5, A10). Nil for any other section.
    func centredRestingOffset(ofSection index: Int) -> Double? {
        guard let description = layout.sectionDescription(index), description.orthogonalScrollingBehavior == .groupPagingCentered,
            let group = layout.groupPitch(ofSection: index), let range = orthogonalOffsetRange(of: sectionIDs[index])
        else { return nil }
        let viewport = context.size.length(along: mainAxis.other)
        let rest = description.contentInsets.start(along: mainAxis.other) + group.groupLength / 2 - viewport / 2
        return Swift.min(Swift.max(rest, range.lowerBound), range.upperBound)
    }

    func isSectionVisible(_ section: SectionID) -> Bool {
        guard let index = dataSource.snapshot().indexOfSection(section), let frame = layout.sectionFrame(index) else {
            return false
        }
        return frame.intersects(visibleRect)
    }
}
