import CollectionTypes
import CompositionalLayout
import DiffableDataSource

extension CollectionView {
    /// The index paths of cells that intersect the visible rectangle (prefetched cells excluded),
    /// in order (`indexPathsForVisibleItems`).
    public var indexPathsForVisibleItems: [IndexPath] {
        let rect = visibleRect
        let cross = mainAxis.other
        return liveCells.keys.filter { path in
            guard var frame = layout.frame(for: path) else { return false }
            if layout.orthogonalContentLength(ofSection: path.section) != nil {
                frame = frame.offset(by: -(orthogonalOffsetsByIndex[path.section] ?? 0), along: cross)
            }
            return frame.intersects(rect)
        }.sorted()
    }

    /// The live cell at `indexPath` (visible or prefetched), if any (`cellForItem(at:)`).
    public func cell(at indexPath: IndexPath) -> CellHandle? { liveCells[indexPath] }

    /// Every live cell (visible or prefetched) with its index path, in order.
    public var liveCellsByIndexPath: [(IndexPath, CellHandle)] {
        liveCells.map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }
    }

    /// Dequeues a cell for `indexPath` (`dequeueReusableCell(withReuseIdentifier:for:)`): from the
    /// identifier's pool when it has one (`prepareForReuse`), else a new cell (B4.1). During a
    /// reconfigure it returns the item's current cell (B4.2).
    public func dequeueReusableCell(
        withReuseIdentifier identifier: String, for indexPath: IndexPath
    ) throws(CollectionViewError) -> CellHandle {
        guard registered.contains(identifier) else { throw .unregisteredReuseIdentifier(identifier) }
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
        if let reused = pools[identifier]?.popLast() {
            cell = reused
            counts.add(\.cellsReused, section: section)
            dequeued = (cell, false)
            lastDequeueOutcome = .reused
        } else {
            nextCellID += 1
            cell = CellHandle(id: nextCellID, reuseIdentifier: identifier)
            counts.add(\.cellsCreated, section: section)
            dequeued = (cell, true)
            lastDequeueOutcome = .created
        }
        return cell
    }

    func sectionID(at index: Int) -> SectionID? {
        sectionIDs.indices.contains(index) ? sectionIDs[index] : nil
    }

    /// Asks the cell provider for the cell at `indexPath` (SEMANTICS 2.3).
    func requestCell(
        at indexPath: IndexPath, reason: CellRequestReason, reconfiguring: CellHandle? = nil
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
        liveCells[indexPath] = cell
        liveItems[indexPath] = item
        eventHandler?(
            .cellRequested(
                section: section, indexPath: indexPath, item: item, cell: cell, created: dequeued.created, reason: reason))
    }

    /// Returns a live cell to its pool (`didEndDisplaying`).
    func endCell(at indexPath: IndexPath, section: SectionID?) {
        guard let cell = liveCells.removeValue(forKey: indexPath) else { return }
        liveItems[indexPath] = nil
        pools[cell.reuseIdentifier, default: []].append(cell)
        counts.add(\.cellsEnded, section: section)
        if let section { eventHandler?(.cellEnded(section: section, indexPath: indexPath, cell: cell)) }
    }

    /// Realises cells and supplementary views in the viewport plus the prefetch distance and ends
    /// those that left it. Cells are requested in index-path order, so counts are deterministic.
    /// - Complexity: O(log sections + elements in the region + live cells).
    func updateVisibleElements(reason: CellRequestReason) throws(CollectionViewError) {
        let ids = sectionIDs
        let offsets = orthogonalOffsetsByIndex
        let d = prefetchDistance
        let rect = Rect(
            x: visibleRect.minX - d, y: visibleRect.minY - d, width: visibleRect.size.width + 2 * d,
            height: visibleRect.size.height + 2 * d)
        let pinning = contentOffset + context.safeAreaInsets.start(along: mainAxis)
        let elements = layout.visibleElements(in: Viewport(rect: rect, orthogonalOffsets: offsets, pinningBoundary: pinning))

        var cells: [IndexPath] = []
        var supplementaries: [SupplementaryKey] = []
        for element in elements {
            switch element.category {
            case .cell: cells.append(element.indexPath)
            case .supplementaryView:
                supplementaries.append(
                    SupplementaryKey(kind: element.elementKind ?? "", indexPath: element.indexPath, layoutWide: false))
            case .layoutSupplementaryView:
                supplementaries.append(
                    SupplementaryKey(kind: element.elementKind ?? "", indexPath: element.indexPath, layoutWide: true))
            }
        }
        // One lookup per cell: which are still live, which are new. Most frames nothing enters or
        // leaves, so a set is built only when some live cell is no longer in the region.
        var stillLive = 0
        var entering: [IndexPath] = []
        for path in cells {
            if liveCells[path] != nil { stillLive += 1 } else { entering.append(path) }
        }
        if stillLive != liveCells.count {
            let visible = Set(cells)
            // Sorted, so the log is the same on every run.
            for path in liveCells.keys.filter({ !visible.contains($0) }).sorted() {
                endCell(at: path, section: ids.indices.contains(path.section) ? ids[path.section] : nil)
            }
        }
        for path in entering {
            try requestCell(at: path, reason: reason)
        }

        var stillShown = 0
        for key in supplementaries where liveSupplementaries.contains(key) { stillShown += 1 }
        if stillShown != liveSupplementaries.count {
            let shown = Set(supplementaries)
            let ended = liveSupplementaries.filter { !shown.contains($0) }
            liveSupplementaries.subtract(ended)
            for key in ended.sorted(by: { ($0.indexPath, $0.kind) < ($1.indexPath, $1.kind) }) {
                eventHandler?(.supplementaryEnded(kind: key.kind, indexPath: key.indexPath, layoutWide: key.layoutWide))
            }
        }
        for key in supplementaries where !liveSupplementaries.contains(key) {
            liveSupplementaries.insert(key)
            let section = key.layoutWide ? nil : (ids.indices.contains(key.indexPath.section) ? ids[key.indexPath.section] : nil)
            counts.add(\.supplementaryProvider, section: section)
            supplementaryViewProvider?(self, key.kind, key.indexPath)
            eventHandler?(.supplementaryRequested(section: section, kind: key.kind, indexPath: key.indexPath))
        }
    }

    /// Performs an apply's update (SEMANTICS 2.2, 2.3): counts the diff, carries live cells to their
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
            for path in liveCells.keys.sorted() { endCell(at: path, section: nil) }
            for key in liveSupplementaries.sorted(by: { ($0.indexPath, $0.kind) < ($1.indexPath, $1.kind) }) {
                eventHandler?(.supplementaryEnded(kind: key.kind, indexPath: key.indexPath, layoutWide: key.layoutWide))
            }
            liveSupplementaries.removeAll()
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
                for path in liveCells.keys where path.section == move.to { reloaded.insert(path) }
            }
            if changes.changesStructure {
                layout.invalidate(invalidation(for: changes))
            }
            for path in reloaded.sorted() {
                guard let old = liveCells[path] else { continue }
                liveCells[path] = nil
                liveItems[path] = nil
                try requestCell(at: path, reason: .reloaded)
                pools[old.reuseIdentifier, default: []].append(old)
            }
            // Reconfigures: the same cell, configured again (B4.2); none for items without one.
            for move in changes.itemReconfigures {
                guard let live = liveCells[move.to] else { continue }
                try requestCell(at: move.to, reason: .reconfigured, reconfiguring: live)
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
        var remapped: [IndexPath: CellHandle] = [:]
        var remappedItems: [IndexPath: ItemID] = [:]
        for (path, cell) in liveCells.sorted(by: { $0.key < $1.key }) {
            if let item = liveItems[path], let newPath = dataSource.indexPath(for: item) {
                remapped[newPath] = cell
                remappedItems[newPath] = item
            } else {
                pools[cell.reuseIdentifier, default: []].append(cell)
                let section = sectionsBeforeUpdate.flatMap { $0.indices.contains(path.section) ? $0[path.section] : nil }
                counts.add(\.cellsEnded, section: section)
            }
        }
        liveCells = remapped
        liveItems = remappedItems
    }
}
