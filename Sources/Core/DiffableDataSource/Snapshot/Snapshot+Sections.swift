/// Section mutations (UIKit model 3.2).
extension Snapshot {
    /// Adds sections at the end, in order. Duplicates are an error (D1.1) unless the lenient rule
    /// ignores existing ones (D1.3).
    /// - Complexity: O(k).
    public mutating func appendSections(_ identifiers: [SectionID]) throws(SnapshotError) {
        try insertSections(identifiers, at: sectionIDs.count)
    }

    /// Inserts sections before `beforeSection`; a missing anchor is an error.
    public mutating func insertSections(_ identifiers: [SectionID], beforeSection: SectionID) throws(SnapshotError) {
        guard let anchor = sectionIndex[beforeSection] else {
            throw .sectionNotFound(Self.describe(beforeSection), operation: "insertSections")
        }
        try insertSections(identifiers, at: anchor)
    }

    /// Inserts sections after `afterSection`; a missing anchor is an error.
    public mutating func insertSections(_ identifiers: [SectionID], afterSection: SectionID) throws(SnapshotError) {
        guard let anchor = sectionIndex[afterSection] else {
            throw .sectionNotFound(Self.describe(afterSection), operation: "insertSections")
        }
        try insertSections(identifiers, at: anchor + 1)
    }

    private mutating func insertSections(_ identifiers: [SectionID], at position: Int) throws(SnapshotError) {
        var seen: [SectionID: Int] = [:]
        var duplicates: [SnapshotError.Duplicate] = []
        var accepted: [SectionID] = []
        for (i, id) in identifiers.enumerated() {
            if let existing = sectionIndex[id] {
                if rules.insertingExistingSectionIsIgnored { continue }
                duplicates.append(.init(identifier: Self.describe(id), origin: "already a section at index \(existing)"))
            } else if let first = seen[id] {
                duplicates.append(
                    .init(identifier: Self.describe(id), origin: "twice in this call (positions \(first) and \(i))"))
            } else {
                seen[id] = i
                accepted.append(id)
            }
        }
        guard duplicates.isEmpty else { throw .duplicateSections(duplicates) }
        sectionIDs.insert(contentsOf: accepted, at: position)
        var lists: [ItemList<ItemID>] = []
        for _ in accepted { lists.append(ItemList(sectionToken: newSectionToken())) }
        sectionItems.insert(contentsOf: lists, at: position)
        reindexSections(from: position)
    }

    /// Removes sections with their items; identifiers not in the snapshot are ignored (3.2 [B]).
    /// - Complexity: O(sections + items removed).
    public mutating func deleteSections(_ identifiers: [SectionID]) {
        let doomed = Set(identifiers.filter { sectionIndex[$0] != nil })
        guard !doomed.isEmpty else { return }
        for id in doomed {
            for item in sectionItems[sectionIndex[id]!] {
                itemSection[item] = nil
                reloadedItemIdentifiers.remove(item)
                reconfiguredItemIdentifiers.remove(item)
            }
            tokenIndex[sectionItems[sectionIndex[id]!].sectionToken] = nil
            sectionIndex[id] = nil
            reloadedSectionIdentifiers.remove(id)
        }
        var ids: [SectionID] = []
        var items: [ItemList<ItemID>] = []
        for (i, id) in sectionIDs.enumerated() where !doomed.contains(id) {
            ids.append(id)
            items.append(sectionItems[i])
        }
        sectionIDs = ids
        sectionItems = items
        reindexSections()
    }

    /// Moves a section before another; both must exist.
    public mutating func moveSection(_ identifier: SectionID, beforeSection: SectionID) throws(SnapshotError) {
        try moveSection(identifier, relativeTo: beforeSection, after: false)
    }

    /// Moves a section after another; both must exist.
    public mutating func moveSection(_ identifier: SectionID, afterSection: SectionID) throws(SnapshotError) {
        try moveSection(identifier, relativeTo: afterSection, after: true)
    }

    private mutating func moveSection(_ identifier: SectionID, relativeTo anchor: SectionID, after: Bool) throws(SnapshotError) {
        guard let from = sectionIndex[identifier] else {
            throw .sectionNotFound(Self.describe(identifier), operation: "moveSection")
        }
        guard sectionIndex[anchor] != nil else { throw .sectionNotFound(Self.describe(anchor), operation: "moveSection") }
        guard identifier != anchor else { throw .moveRelativeToItself(Self.describe(identifier)) }
        let items = sectionItems.remove(at: from)
        sectionIDs.remove(at: from)
        reindexSections()
        let to = sectionIndex[anchor]! + (after ? 1 : 0)
        sectionIDs.insert(identifier, at: to)
        sectionItems.insert(items, at: to)
        reindexSections()
    }

    /// Marks sections for reload (all their items get new cells); a missing one is an error (3.2 [B]).
    public mutating func reloadSections(_ identifiers: [SectionID]) throws(SnapshotError) {
        for id in identifiers where sectionIndex[id] == nil {
            throw .sectionNotFound(Self.describe(id), operation: "reloadSections")
        }
        reloadedSectionIdentifiers.formUnion(identifiers)
    }

    /// An identifier as it appears in error messages.
    @usableFromInline
    static func describe<T>(_ value: T) -> String { String(reflecting: value) }
}
