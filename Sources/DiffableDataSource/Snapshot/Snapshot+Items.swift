/// Item mutations (UIKit model 3.2).
extension Snapshot {
    /// Appends items to `section`, or to the last section when nil. No sections, a missing section
    /// or a duplicate identifier is an error (3.2, D1.2).
    /// - Complexity: O(k) for k items.
    @inlinable
    public mutating func appendItems(_ identifiers: [ItemID], toSection section: SectionID? = nil) throws(SnapshotError) {
        guard let target = section ?? sectionIDs.last else { throw .noSections }
        guard let s = sectionIndex[target] else { throw .sectionNotFound(Self.describe(target), operation: "appendItems") }
        try checkNew(identifiers)
        sectionItems[s].append(contentsOf: identifiers)
        for id in identifiers { itemSection[id] = target }
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
        let section = next.itemSection[anchor]!
        let s = next.sectionIndex[section]!
        let position = next.sectionItems[s].firstIndex(of: anchor)! + (after ? 1 : 0)
        next.sectionItems[s].insert(contentsOf: identifiers, at: position)
        for id in identifiers { next.itemSection[id] = section }
        self = next
    }

    /// Removes items; identifiers not in the snapshot are ignored (3.2 [B]).
    /// - Complexity: O(k + items of the sections touched).
    public mutating func deleteItems(_ identifiers: [ItemID]) {
        var doomed: [Int: Set<ItemID>] = [:]
        for id in identifiers {
            guard let section = itemSection.removeValue(forKey: id) else { continue }
            doomed[sectionIndex[section]!, default: []].insert(id)
            reloadedItemIdentifiers.remove(id)
            reconfiguredItemIdentifiers.remove(id)
        }
        for (s, ids) in doomed { sectionItems[s].removeAll { ids.contains($0) } }
    }

    /// Removes every item. UIKit's documentation says "all items"; scrollsim also removes the
    /// sections (an empty snapshot) unless `rules.deleteAllItemsKeepsSections` (the backport) [B].
    public mutating func deleteAllItems() {
        itemSection.removeAll()
        reloadedItemIdentifiers.removeAll()
        reconfiguredItemIdentifiers.removeAll()
        if rules.deleteAllItemsKeepsSections {
            for s in sectionItems.indices { sectionItems[s].removeAll() }
        } else {
            sectionIDs.removeAll()
            sectionItems.removeAll()
            sectionIndex.removeAll()
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
        guard let to = itemSection[anchor] else { throw .itemNotFound(Self.describe(anchor), operation: "moveItem") }
        guard identifier != anchor else { throw .moveRelativeToItself(Self.describe(identifier)) }
        let fromIndex = sectionIndex[from]!
        sectionItems[fromIndex].remove(at: sectionItems[fromIndex].firstIndex(of: identifier)!)
        let toIndex = sectionIndex[to]!
        let position = sectionItems[toIndex].firstIndex(of: anchor)! + (after ? 1 : 0)
        sectionItems[toIndex].insert(identifier, at: position)
        itemSection[identifier] = to
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
            if let section = itemSection[id] {
                let index = sectionItems[sectionIndex[section]!].firstIndex(of: id)!
                result.append(
                    .init(identifier: Self.describe(id), origin: "already in section \(Self.describe(section)) at index \(index)")
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
