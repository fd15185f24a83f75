/// Item mutations (UIKit model 3.2).
extension Snapshot {
    /// Appends items to `section`, or to the last section when nil. No sections, a missing section
    /// or a duplicate identifier is an error (3.2, D1.2).
    /// - Complexity: O(k log n) for k items; O(n + k) when k is at least the n items already
    ///   there (the index is then rebuilt in one pass, which is also the uniqueness check).
    @inlinable
    public mutating func appendItems(_ identifiers: [ItemID], toSection section: SectionID? = nil) throws(SnapshotError) {
        guard let target = section ?? sectionIDs.last else { throw .noSections }
        guard let s = sectionIndex[target] else { throw .sectionNotFound(Self.describe(target), operation: "appendItems") }
        // The index first (it refuses duplicates and changes nothing then), with the chunk keys
        // the list will give the items; then the list.
        let token = sectionItems[s].sectionToken
        let places = sectionItems[s].plannedKeys(appending: identifiers.count).lazy.map { ItemPlace(section: token, chunk: $0) }
        var index = itemSection
        itemSection = ItemIndex()
        let added = index.insertNew(identifiers, places)
        itemSection = index
        guard added else { throw .duplicateItems(duplicates(in: identifiers)) }
        editItems(ofSectionAt: s) { list, _ in
            var i = 0
            list.append(contentsOf: identifiers) { _, chunk in
                assert(chunk == places[i].chunk, "ItemList.plannedKeys disagrees with append")
                i += 1
            }
        }
    }

    /// Runs `body` on section `s`'s items and the item index, moved out of the snapshot first so
    /// that they are edited in place when nothing else shares them.
    @inlinable
    mutating func editItems<R>(
        ofSectionAt s: Int, _ body: (inout ItemList<ItemID>, inout ItemIndex<ItemID>) -> R
    ) -> R {
        var list = sectionItems[s]
        sectionItems[s] = ItemList()
        var index = itemSection
        itemSection = ItemIndex()
        defer {
            sectionItems[s] = list
            itemSection = index
        }
        return body(&list, &index)
    }

    /// Inserts items before `beforeItem` in its section.
    public mutating func insertItems(_ identifiers: [ItemID], beforeItem: ItemID) throws(SnapshotError) {
        try insertItems(identifiers, relativeTo: beforeItem, after: false)
    }

    /// Inserts items after `afterItem` in its section.
    public mutating func insertItems(_ identifiers: [ItemID], afterItem: ItemID) throws(SnapshotError) {
        try insertItems(identifiers, relativeTo: afterItem, after: true)
    }

    private mutating func insertItems(_ identifiers: [ItemID], relativeTo anchor: ItemID, after: Bool) throws(SnapshotError) {
        guard itemSection[anchor] != nil else { throw .itemNotFound(Self.describe(anchor), operation: "insertItems") }
        // Work on a copy so a failure leaves the snapshot untouched.
        var next = self
        var identifiers = identifiers
        if rules.insertingExistingItemMovesIt {
            // D1.3 [O]: an existing identifier is moved to the insertion point.
            let existing = identifiers.filter { itemSection[$0] != nil && $0 != anchor }
            if !existing.isEmpty { next.deleteItems(existing) }
            identifiers.removeAll { $0 == anchor }
        }
        try next.checkNew(identifiers)
        let token = next.itemSection[anchor]!.section
        let s = next.tokenIndex[token]!
        let position = next.indexOfItem(anchor)! + (after ? 1 : 0)
        next.editItems(ofSectionAt: s) { list, index in
            list.insert(contentsOf: identifiers, at: position) { id, chunk in
                index[id] = ItemPlace(section: token, chunk: chunk)
            }
        }
        self = next
    }

    /// Removes items; identifiers not in the snapshot are ignored (3.2 [B]).
    /// - Complexity: O(k log n + the chunks that held them), plus O(chunks) per section touched.
    public mutating func deleteItems(_ identifiers: [ItemID]) {
        var doomed: [Int: (items: Set<ItemID>, chunks: Set<UInt32>)] = [:]
        for id in identifiers {
            guard let place = itemSection.removeValue(forKey: id) else { continue }
            doomed[tokenIndex[place.section]!, default: ([], [])].items.insert(id)
            doomed[tokenIndex[place.section]!]!.chunks.insert(place.chunk)
            if !reloadedItemIdentifiers.isEmpty { reloadedItemIdentifiers.remove(id) }
            if !reconfiguredItemIdentifiers.isEmpty { reconfiguredItemIdentifiers.remove(id) }
        }
        for (s, ids) in doomed {
            editItems(ofSectionAt: s) { list, _ in list.removeAll(in: ids.items, chunks: ids.chunks) }
        }
    }

    /// Removes every item. UIKit's documentation says "all items"; scrollsim also removes the
    /// sections (an empty snapshot) unless `rules.deleteAllItemsKeepsSections` (the backport) [B].
    public mutating func deleteAllItems() {
        itemSection.removeAll()
        reloadedItemIdentifiers.removeAll()
        reconfiguredItemIdentifiers.removeAll()
        if rules.deleteAllItemsKeepsSections {
            for s in sectionItems.indices { sectionItems[s] = ItemList(sectionToken: sectionItems[s].sectionToken) }
        } else {
            sectionIDs.removeAll()
            sectionItems.removeAll()
            sectionIndex.removeAll()
            tokenIndex.removeAll()
            reloadedSectionIdentifiers.removeAll()
        }
    }

    /// Moves an item before another, possibly into another section.
    public mutating func moveItem(_ identifier: ItemID, beforeItem: ItemID) throws(SnapshotError) {
        try moveItem(identifier, relativeTo: beforeItem, after: false)
    }

    /// Moves an item after another, possibly into another section.
    public mutating func moveItem(_ identifier: ItemID, afterItem: ItemID) throws(SnapshotError) {
        try moveItem(identifier, relativeTo: afterItem, after: true)
    }

    private mutating func moveItem(_ identifier: ItemID, relativeTo anchor: ItemID, after: Bool) throws(SnapshotError) {
        guard let from = itemSection[identifier] else { throw .itemNotFound(Self.describe(identifier), operation: "moveItem") }
        guard let to = itemSection[anchor]?.section else { throw .itemNotFound(Self.describe(anchor), operation: "moveItem") }
        guard identifier != anchor else { throw .moveRelativeToItself(Self.describe(identifier)) }
        let removed = editItems(ofSectionAt: tokenIndex[from.section]!) { list, _ in list.remove(identifier, inChunk: from.chunk)
        }
        assert(removed, "the item index places the item in its chunk")
        let toIndex = tokenIndex[to]!
        let position = indexOfItem(anchor)! + (after ? 1 : 0)
        editItems(ofSectionAt: toIndex) { list, index in
            list.insert(contentsOf: [identifier], at: position) { id, chunk in index[id] = ItemPlace(section: to, chunk: chunk) }
        }
    }

    /// Marks items for reload: the collection view dequeues a new cell for each visible one (2.3).
    /// A missing identifier is UIKit's exception (3.2, R28).
    public mutating func reloadItems(_ identifiers: [ItemID]) throws(SnapshotError) {
        for id in identifiers where itemSection[id] == nil { throw .itemNotFound(Self.describe(id), operation: "reloadItems") }
        reloadedItemIdentifiers.formUnion(identifiers)
    }

    /// Marks items for reconfigure (iOS 15): the same cell is configured again (2.3). A missing
    /// identifier is an error (3.2 [B]).
    public mutating func reconfigureItems(_ identifiers: [ItemID]) throws(SnapshotError) {
        for id in identifiers where itemSection[id] == nil {
            throw .itemNotFound(Self.describe(id), operation: "reconfigureItems")
        }
        reconfiguredItemIdentifiers.formUnion(identifiers)
    }

    /// Clears the reload and reconfigure marks (after an apply consumed them).
    public mutating func clearMarks() {
        reloadedItemIdentifiers.removeAll()
        reconfiguredItemIdentifiers.removeAll()
        reloadedSectionIdentifiers.removeAll()
    }

    /// Throws `.duplicateItems` naming every identifier of `identifiers` that is already in the
    /// snapshot or repeated in the call, with where it came from (D1.2).
    @usableFromInline
    func checkNew(_ identifiers: [ItemID]) throws(SnapshotError) {
        var duplicated = false
        var seen = Set<ItemID>(minimumCapacity: identifiers.count)
        for id in identifiers where itemSection[id] != nil || !seen.insert(id).inserted {
            duplicated = true
            break
        }
        guard duplicated else { return }
        throw .duplicateItems(duplicates(in: identifiers))
    }

    /// The detailed duplicate report (only built when there is one).
    @usableFromInline
    func duplicates(in identifiers: [ItemID]) -> [SnapshotError.Duplicate] {
        var first: [ItemID: Int] = [:]
        var result: [SnapshotError.Duplicate] = []
        for (i, id) in identifiers.enumerated() {
            if let section = sectionIdentifier(containingItem: id) {
                let index = indexOfItem(id)!
                result.append(
                    .init(
                        identifier: Self.describe(id),
                        origin: "already in section \(Self.describe(section)) at index \(index)")
                )
            } else if let p = first[id] {
                result.append(.init(identifier: Self.describe(id), origin: "twice in this call (positions \(p) and \(i))"))
            } else {
                first[id] = i
            }
        }
        return result
    }
}
