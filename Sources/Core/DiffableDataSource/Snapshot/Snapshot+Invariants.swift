extension Snapshot {
    /// Whether the internal invariants hold (the indices agree with the contents); tests check it
    /// after their mutations.
    func _checkInvariants() -> Bool {
        guard sectionIDs.count == sectionItems.count, sectionIndex.count == sectionIDs.count,
            tokenIndex.count == sectionIDs.count
        else { return false }
        for (i, id) in sectionIDs.enumerated() where sectionIndex[id] != i || tokenIndex[sectionItems[i].sectionToken] != i {
            return false
        }
        var total = 0
        for items in sectionItems {
            guard items._checkInvariants() else { return false }
            total += items.count
            for item in items {
                guard let place = itemSection[item], place.section == items.sectionToken,
                    items.index(of: item, inChunk: place.chunk) != nil
                else { return false }
            }
        }
        return total == itemSection.count
            && reloadedItemIdentifiers.allSatisfy { itemSection[$0] != nil }
            && reconfiguredItemIdentifiers.allSatisfy { itemSection[$0] != nil }
            && reloadedSectionIdentifiers.allSatisfy { sectionIndex[$0] != nil }
    }
}
