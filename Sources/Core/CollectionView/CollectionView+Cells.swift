import CollectionTypes
import CompositionalLayout
import DiffableDataSource

extension CollectionView {
    /// The index paths of cells that intersect the visible rectangle (prefetched cells excluded),
    /// in order (`indexPathsForVisibleItems`).
    public var indexPathsForVisibleItems: [ItemPath] {
        let rect = visibleRect
        let cross = mainAxis.other
        return live.cells.keys.filter { path in
            guard var frame = layout.frame(for: path) else { return false }
            if layout.orthogonalContentLength(ofSection: path.section) != nil {
                frame = frame.offset(by: -rowOffset(atIndex: path.section), along: cross)
            }
            return frame.intersects(rect)
        }.sorted()
    }

    /// The live cell at `indexPath` (visible or prefetched), if any (`cellForItem(at:)`).
    public func cell(at indexPath: ItemPath) -> CellHandle? { live.cells[indexPath] }

    /// Every live cell (visible or prefetched) with its index path, in order.
    public var liveCellsByIndexPath: [(ItemPath, CellHandle)] {
        live.cells.map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }
    }

    /// Whether a dequeue of `identifier` would take a cell from its pool (or, during a reconfigure,
    /// return the item's own cell): what a table view's `dequeueReusableCell(withIdentifier:)`
    /// without an index path answers with a cell rather than nil.
    public func hasReusableCell(withReuseIdentifier identifier: String, for indexPath: ItemPath) -> Bool {
        if let request, request.indexPath == indexPath, let same = request.reconfiguring {
            return same.reuseIdentifier == identifier
        }
        return pools.hasCell(identifier)
    }

    /// Dequeues a cell for `indexPath` (`dequeueReusableCell(withReuseIdentifier:for:)`): from the
    /// identifier's pool when it has one (`prepareForReuse`), else a new cell (B4.1). During a
    /// reconfigure it returns the item's current cell (B4.2).
    /// With `alwaysNew`, a new cell even when the pool has one: a cell the app made itself and
    /// hands back (a table view's pre-registration pattern) is a new cell (B4.1).
    public func dequeueReusableCell(
        withReuseIdentifier identifier: String, for indexPath: ItemPath, alwaysNew: Bool = false
    ) throws(CollectionViewError) -> CellHandle {
        guard pools.registered.contains(identifier) else { throw .unregisteredReuseIdentifier(identifier) }
        if let request, request.indexPath == indexPath, let same = request.reconfiguring {
            // B4.2: a reconfigure must dequeue from the cell's own registration.
            guard same.reuseIdentifier == identifier else {
                throw .reconfiguredWithDifferentIdentifier(existing: same.reuseIdentifier, requested: identifier)
            }
            dequeued = (same, false)
            lastDequeueOutcome = .reconfiguring
            return same
        }
        let section = sectionID(at: indexPath.section)
        let cell: CellHandle
        defer {
            // Only a cell dequeued for the index path being requested may be returned (UIKit's check).
            if request?.indexPath != indexPath { dequeued = nil }
        }
        if !alwaysNew, let reused = pools.takeCell(identifier) {
            cell = reused
            counts.add(\.cellsReused, section: section)
            dequeued = (cell, false)
            lastDequeueOutcome = .reused
        } else {
            cell = pools.makeCell(identifier)
            counts.add(\.cellsCreated, section: section)
            dequeued = (cell, true)
            lastDequeueOutcome = .created
        }
        return cell
    }

    /// The identifier of the section at `index` in the current data, if there is one.
    public func sectionID(at index: Int) -> SectionID? {
        sections.id(at: index)
    }

    /// Asks the cell provider for the cell at `indexPath` (UIKit model 2.3).
    func requestCell(
        at indexPath: ItemPath, reason: CellRequestReason, reconfiguring: CellHandle? = nil
    ) throws(CollectionViewError) {
        guard let item = dataSource.itemIdentifier(for: indexPath), let section = sectionID(at: indexPath.section) else { return }
        guard let provider = cellProvider else { return }
        request = (indexPath, reconfiguring)
        dequeued = nil
        defer { request = nil }
        counts.add(\.cellProvider, section: section)
        if reason == .reconfigured { counts.add(\.reconfigures, section: section) }
        let cell: CellHandle
        do {
            cell = try provider(self, indexPath, item)
        } catch let error as CollectionViewError {
            throw error
        } catch let error as SnapshotError {
            throw .snapshot(error)
        } catch {
            throw .providerFailed(String(describing: error))
        }
        guard let dequeued, dequeued.cell == cell else { throw .cellNotDequeued(indexPath) }
        live.cells[indexPath] = cell
        live.items[indexPath] = item
        eventHandler?(
            .cellRequested(
                section: section, indexPath: indexPath, item: item, cell: cell, created: dequeued.created, reason: reason))
    }

    /// Returns a live cell to its pool (after `didEndDisplaying` if it was visible).
    func endCell(at indexPath: ItemPath, section: SectionID?) {
        guard let cell = live.cells.removeValue(forKey: indexPath) else { return }
        live.items[indexPath] = nil
        if live.displayed.remove(indexPath) != nil, let shown = section ?? sectionID(at: indexPath.section) {
            eventHandler?(.cellHidden(section: shown, indexPath: indexPath, cell: cell))
        }
        if prefetched.ended(indexPath) { counts.add(\.prefetchedNeverShown, section: section) }
        pools.putBack(cell)
        counts.add(\.cellsEnded, section: section)
        if let section { eventHandler?(.cellEnded(section: section, indexPath: indexPath, cell: cell)) }
    }

    /// Realises cells and supplementary views that are visible or about to be, and ends those
    /// that left the region where cells stay prepared (PF1 to PF6): visible cells are requested at
    /// once, cells ahead in the scroll direction at most `prefetch.cellsPerPass` per pass, nearest
    /// first; cells within the prefetch distance on either side stay live. Requests go in
    /// index-path order (prefetches by distance), so counts are deterministic.
    /// - Complexity: O(log sections + elements in the region + live cells).
    ///
    /// With `shortcutUnchanged` (a frame that only scrolled), a pass whose wanted and kept
    /// elements are exactly the last pass's, with nothing live changed since and no prefetch
    /// waiting, returns at once: it would request, end, show and hide nothing. Most frames are such
    /// frames; the comparison is of arrays in order, no hashing. A frame that moved less than
    /// the last walk's slack (`WalkAnchor`) is known to be one without walking.
    func updateVisibleElements(reason: CellRequestReason, shortcutUnchanged: Bool = false) throws(CollectionViewError) {
        if shortcutUnchanged, !hasPendingPrefetch, let anchor = frames.anchor(atGeneration: live.generation),
            walkAnchorHolds(anchor)
        {
            frames.skipped()
            return
        }
        let basis = frames.startWalk() ? walkAnchorBasis() : nil
        let ids = sectionIDs
        let regions = prefetchRegions()
        // One walk over the region where cells stay prepared (kept), marking what lies in the
        // region where they are wanted now (visible, or ahead to prefetch), into the lists of an
        // earlier pass (emptied, their storage kept).
        var signature = frames.takeSignature(generation: live.generation)
        var aheadCells = frames.takeAhead()
        var wanted = 0
        // The closures change the variables in place through `collect`. (When they called a
        // local function capturing the variables, the variables were boxes on the heap: three
        // allocations a frame.)
        if regions.kept == regions.wanted {
            layout.forEachVisibleElement(in: regions.wanted, marking: regions.wanted) { element, _ in
                Self.collect(element, wantedNow: true, regions: regions, into: &signature, &aheadCells, &wanted)
            }
        } else {
            layout.forEachVisibleElement(in: regions.kept, marking: regions.wanted) {
                Self.collect($0, wantedNow: $1, regions: regions, into: &signature, &aheadCells, &wanted)
            }
        }
        defer { frames.putBack(ahead: &aheadCells) }
        guard wanted <= maxLiveElements else {
            throw .tooManyLiveElements(count: wanted, limit: maxLiveElements)
        }
        if shortcutUnchanged, !hasPendingPrefetch, frames.repeatsLast(signature) {
            frames.endUnchanged(signature)
            if let basis { frames.anchor = makeWalkAnchor(basis, regions: regions) }
            return
        }
        let visibleCells = signature.visible
        let keptCells = signature.kept
        let supplementaries = signature.supplementaries
        let decorations = signature.decorations
        // Cells that left the kept region end. Most frames nothing leaves, so a set is built only
        // when some live cell is no longer in the region.
        var stillKept = 0
        for path in keptCells where live.cells[path] != nil { stillKept += 1 }
        if stillKept != live.cells.count {
            let kept = Set(keptCells)
            // Sorted, so the log is the same on every run.
            for path in live.cells.keys.filter({ !kept.contains($0) }).sorted() {
                endCell(at: path, section: ids.indices.contains(path.section) ? ids[path.section] : nil)
            }
        }
        for path in visibleCells where live.cells[path] == nil {
            try requestCell(at: path, reason: reason)
        }
        // UIKit shows what this pass laid out first; a prefetch data source hears of what lies
        // ahead; cells ahead are prepared in the time left.
        updateDisplayed(visible: visibleCells)
        if reportsDataPrefetching { announceDataPrefetches(ahead: aheadCells) }
        try prepareAhead(aheadCells)

        var stillShown = 0
        for key in supplementaries where live.supplementaries.contains(key) { stillShown += 1 }
        if stillShown != live.supplementaries.count {
            let shown = Set(supplementaries)
            let ended = live.supplementaries.filter { !shown.contains($0) }
            live.supplementaries.subtract(ended)
            for key in ended.sorted(by: { ($0.indexPath, $0.kind) < ($1.indexPath, $1.kind) }) {
                eventHandler?(.supplementaryEnded(kind: key.kind, indexPath: key.indexPath, layoutWide: key.layoutWide))
            }
        }
        for key in supplementaries where !live.supplementaries.contains(key) {
            live.supplementaries.insert(key)
            let section = key.layoutWide ? nil : (ids.indices.contains(key.indexPath.section) ? ids[key.indexPath.section] : nil)
            counts.add(\.supplementaryProvider, section: section)
            supplementaryViewProvider?(self, key.kind, key.indexPath)
            eventHandler?(.supplementaryRequested(section: section, kind: key.kind, indexPath: key.indexPath))
        }
        updateDecorations(decorations)
        frames.endFull(signature, generation: live.generation)
        if let basis { frames.anchor = makeWalkAnchor(basis, regions: regions) }
    }

    /// Shows decoration views that came into the region and ends those that left it (G1.13.5):
    /// the layout makes them, so no provider runs; a view of the kind waiting in its pool is
    /// reused, else one is created.
    private func updateDecorations(_ decorations: [SupplementaryKey]) {
        guard !decorations.isEmpty || !live.decorations.isEmpty else { return }
        var stillShown = 0
        for key in decorations where live.decorations.contains(key) { stillShown += 1 }
        if stillShown != live.decorations.count {
            let shown = Set(decorations)
            for key in live.decorations.filter({ !shown.contains($0) }).sorted(by: {
                ($0.indexPath, $0.kind) < ($1.indexPath, $1.kind)
            }) {
                endDecoration(key)
            }
        }
        for key in decorations where !live.decorations.contains(key) {
            let section = sectionID(at: key.indexPath.section)
            let reused = pools.takeDecoration(key.kind)
            counts.add(reused ? \.decorationsReused : \.decorationsCreated, section: section)
            live.decorations.insert(key)
            eventHandler?(.decorationShown(section: section, kind: key.kind, indexPath: key.indexPath, reused: reused))
        }
    }

    /// A decoration view leaves the screen and waits in its kind's pool.
    func endDecoration(_ key: SupplementaryKey) {
        live.decorations.remove(key)
        pools.putBackDecoration(key.kind)
        eventHandler?(.decorationEnded(kind: key.kind, indexPath: key.indexPath))
    }

    /// Requests the nearest cells ahead that have none, up to the per-pass budget (PF4); what is
    /// left waits for the next frame (`hasPendingPrefetch`).
    private func prepareAhead(_ ahead: [(distance: Double, path: ItemPath)]) throws(CollectionViewError) {
        var waiting = ahead.filter { live.cells[$0.path] == nil }
        guard !waiting.isEmpty else {
            prefetched.hasPending = false
            return
        }
        waiting.sort { ($0.distance, $0.path) < ($1.distance, $1.path) }
        let budget = Swift.min(prefetch.cellsPerPass, waiting.count)
        for (_, path) in waiting.prefix(budget) {
            try requestCell(at: path, reason: .prefetched)
            guard live.cells[path] != nil else { continue }
            prefetched.prepared(path)
            let section = sectionID(at: path.section)
            counts.add(\.prefetched, section: section)
        }
        prefetched.hasPending = waiting.count > budget
    }

    /// Sends `cellDisplayed` for live cells that came into the visible rectangle and `cellHidden`
    /// for those that left it but stay prepared (UIKit's willDisplay / didEndDisplaying).
    private func updateDisplayed(visible: [ItemPath]) {
        var now: Set<ItemPath> = []
        now.reserveCapacity(visible.count)
        for path in visible where live.cells[path] != nil { now.insert(path) }
        guard now != live.displayed else { return }
        for path in live.displayed.subtracting(now).sorted() {
            if let cell = live.cells[path], let section = sectionID(at: path.section) {
                eventHandler?(.cellHidden(section: section, indexPath: path, cell: cell))
            }
        }
        for path in now.subtracting(live.displayed).sorted() {
            prefetched.shown(path)
            if let cell = live.cells[path], let section = sectionID(at: path.section) {
                eventHandler?(.cellDisplayed(section: section, indexPath: path, cell: cell))
            }
        }
        live.displayed = now
    }

    /// Tells a prefetch data source about index paths entering the region ahead (not the ones
    /// needed now, nearest first) and cancels those that left it before their cell was requested.
    private func announceDataPrefetches(ahead: [(distance: Double, path: ItemPath)]) {
        let cells = live.cells
        let source = dataSource
        let (cancelled, fresh) = prefetched.announce(
            ahead: ahead, isLive: { cells[$0] != nil }, item: { source.itemIdentifier(for: $0) })
        if !cancelled.isEmpty {
            counts.add(\.dataPrefetchCancelled, cancelled.count, section: nil)
            eventHandler?(.cancelPrefetching(cancelled))
        }
        guard !fresh.isEmpty else { return }
        counts.add(\.dataPrefetched, fresh.count, section: nil)
        eventHandler?(.prefetchItems(fresh))
    }

    /// Performs an apply's update (UIKit model 2.2, 2.3): counts the diff, carries live cells to their
    /// new index paths, reloads and reconfigures live cells, invalidates the layout per the
    /// policy, and realises what became visible.
    func perform(_ update: ApplyUpdate) throws(CollectionViewError) {
        counts.total.applies += 1
        eventHandler?(.applied(update))
        let new = dataSource.snapshot()
        refreshSections()
        guard isDisplayed else {
            if let changes = update.changeset { countChanges(changes, new: new) }
            return
        }
        switch update {
        case .reloadData:
            // Every live cell goes back to its pool and every visible item is requested again.
            for path in live.cells.keys.sorted() { endCell(at: path, section: nil) }
            for key in live.supplementaries.sorted(by: { ($0.indexPath, $0.kind) < ($1.indexPath, $1.kind) }) {
                eventHandler?(.supplementaryEnded(kind: key.kind, indexPath: key.indexPath, layoutWide: key.layoutWide))
            }
            live.supplementaries.removeAll()
            for key in live.decorations.sorted(by: { ($0.indexPath, $0.kind) < ($1.indexPath, $1.kind) }) { endDecoration(key) }
            layout.invalidate(.everything)
            try layoutIfNeeded(reason: .reloadData)
        case .batch(let changes):
            guard !changes.isEmpty else { return }  // nothing to do, no layout pass (A2 [B])
            countChanges(changes, new: new)
            remapLiveCells(new: new)
            // Reloads: a new cell for each live reloaded item (D4.2: delete + insert), the old
            // one back to its pool afterwards (it is still animating out when the new one is
            // dequeued [B]).
            var reloaded = Set(changes.itemReloads.map(\.to))
            for move in changes.sectionReloads {
                for path in live.cells.keys where path.section == move.to { reloaded.insert(path) }
            }
            if changes.changesStructure {
                layout.invalidate(invalidation(for: changes))
            }
            for path in reloaded.sorted() {
                guard let old = live.cells[path] else { continue }
                let shown = live.displayed.contains(path)
                let section = sectionID(at: path.section)
                if shown, let section { eventHandler?(.cellHidden(section: section, indexPath: path, cell: old)) }
                live.cells[path] = nil
                live.items[path] = nil
                try requestCell(at: path, reason: .reloaded)
                pools.putBack(old)
                if shown, let section, let new = live.cells[path] {
                    eventHandler?(.cellDisplayed(section: section, indexPath: path, cell: new))
                }
            }
            // Reconfigures: the same cell, configured again (B4.2); none for items without one.
            for move in changes.itemReconfigures {
                guard let current = live.cells[move.to] else { continue }
                try requestCell(at: move.to, reason: .reconfigured, reconfiguring: current)
            }
            try layoutIfNeeded(reason: .appeared)
        }
    }

    /// What the layout re-queries after `changes`, per the policy.
    private func invalidation(for changes: Changeset) -> LayoutInvalidation {
        switch policy {
        case .uikit, .uikit14:
            return .everything
        case .targeted:
            // The layout caches descriptions by section index, so inserted, deleted or moved
            // sections shift them: re-query everything then.
            guard let sections = changes.sectionsWithChanges else { return .everything }
            return .sections(sections)
        }
    }

    private func countChanges(_ changes: Changeset, new: Snapshot<SectionID, ItemID>) {
        let ids = new.sectionIdentifiers
        let oldIDs = sectionsBeforeUpdate ?? ids
        func newID(_ s: Int) -> SectionID? { ids.indices.contains(s) ? ids[s] : nil }
        func oldID(_ s: Int) -> SectionID? { oldIDs.indices.contains(s) ? oldIDs[s] : nil }
        for path in changes.itemInserts { counts.add(\.inserted, section: newID(path.section)) }
        for path in changes.itemDeletes { counts.add(\.deleted, section: oldID(path.section)) }
        for move in changes.itemMoves { counts.add(\.moved, section: newID(move.to.section)) }
        for move in changes.itemReloads { counts.add(\.reloaded, section: newID(move.to.section)) }
        for move in changes.itemReconfigures { counts.add(\.reconfigured, section: newID(move.to.section)) }
    }

    /// Moves live cells to their items' new index paths; cells of deleted items end.
    private func remapLiveCells(new: Snapshot<SectionID, ItemID>) {
        var remapped: [ItemPath: CellHandle] = [:]
        var remappedItems: [ItemPath: ItemID] = [:]
        var displayed: Set<ItemPath> = []
        var unshown: Set<ItemPath> = []
        for (path, cell) in live.cells.sorted(by: { $0.key < $1.key }) {
            if let item = live.items[path], let newPath = dataSource.indexPath(for: item) {
                remapped[newPath] = cell
                remappedItems[newPath] = item
                if live.displayed.contains(path) { displayed.insert(newPath) }
                if prefetched.unshown.contains(path) { unshown.insert(newPath) }
            } else {
                pools.putBack(cell)
                let section = sectionsBeforeUpdate.flatMap { $0.indices.contains(path.section) ? $0[path.section] : nil }
                counts.add(\.cellsEnded, section: section)
                if let section, live.displayed.contains(path) {
                    eventHandler?(.cellHidden(section: section, indexPath: path, cell: cell))
                }
                if prefetched.unshown.contains(path) { counts.add(\.prefetchedNeverShown, section: section) }
            }
        }
        live.cells = remapped
        live.items = remappedItems
        live.displayed = displayed
        let source = dataSource
        prefetched.remap(unshown: unshown, announcedAt: { source.indexPath(for: $0) })
    }
}

extension CollectionView {
    /// Files one element the pass's walk visited: cells into the kept, visible and ahead lists,
    /// supplementary and decoration views into theirs; `wanted` counts what is wanted now.
    static func collect(
        _ element: VisitedElement, wantedNow: Bool, regions: PrefetchRegions, into signature: inout FrameSignature,
        _ aheadCells: inout [(distance: Double, path: ItemPath)], _ wanted: inout Int
    ) {
        if element.category == .cell { signature.kept.append(element.indexPath) }
        guard wantedNow else { return }
        wanted += 1
        switch element.category {
        case .cell:
            let place = regions.place(of: element.frame, section: element.indexPath.section)
            if place.visible {
                signature.visible.append(element.indexPath)
            } else {
                aheadCells.append((place.distance, element.indexPath))
                signature.ahead.append(element.indexPath)
            }
        case .supplementaryView:
            signature.supplementaries.append(
                SupplementaryKey(kind: element.elementKind ?? "", indexPath: element.indexPath, layoutWide: false))
        case .layoutSupplementaryView:
            signature.supplementaries.append(
                SupplementaryKey(kind: element.elementKind ?? "", indexPath: element.indexPath, layoutWide: true))
        case .decorationView:
            signature.decorations.append(
                SupplementaryKey(kind: element.elementKind ?? "", indexPath: element.indexPath, layoutWide: false))
        }
    }
}
