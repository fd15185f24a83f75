import CollectionTypes

extension Snapshot {
    /// The changeset that turns `self` into `new` (UIKit model 3.4).
    ///
    /// Sections are matched by identifier; moves come from a longest increasing subsequence, so an
    /// append yields inserts only (D4.5). Each surviving section's common prefix and suffix are
    /// skipped before any hashing, so an unchanged or appended-to snapshot costs no dictionary work
    /// for its untouched items. Reload and reconfigure marks of `new` become reloads and
    /// reconfigures of items present in both.
    ///
    /// - Complexity: O(n) expected for the n items in changed regions (a partitioned hash join,
    ///   see `IdentifierMatcher`), plus O(m log m) for the m surviving items there (the
    ///   subsequence; O(m) when they kept their order).
    @inlinable
    public func changeset(to new: Snapshot) -> Changeset {
        let old = self
        var changes = Changeset()

        // Sections (D4.1).
        var newToOld = [Int](repeating: -1, count: new.sectionIDs.count)
        var oldSurvives = [Bool](repeating: false, count: old.sectionIDs.count)
        var survivingNew: [Int] = []
        var survivingOld: [Int] = []
        for (n, id) in new.sectionIDs.enumerated() {
            if let o = old.sectionIndex[id] {
                newToOld[n] = o
                oldSurvives[o] = true
                survivingNew.append(n)
                survivingOld.append(o)
            } else {
                changes.sectionInserts.append(n)
            }
        }
        for o in oldSurvives.indices where !oldSurvives[o] { changes.sectionDeletes.append(o) }
        let keptSections = longestIncreasingSubsequence(survivingOld)
        for k in survivingOld.indices where !keptSections[k] {
            changes.sectionMoves.append(SectionMove(from: survivingOld[k], to: survivingNew[k]))
        }
        for id in new.reloadedSectionIdentifiers {
            if let o = old.sectionIndex[id], let n = new.sectionIndex[id] {
                changes.sectionReloads.append(SectionMove(from: o, to: n))
            }
        }
        changes.sectionReloads.sort { $0.to < $1.to }

        // Items: the changed middle of each surviving section.
        var middles: [(old: Int, new: Int, oldRange: Range<Int>, newRange: Range<Int>)] = []
        for n in survivingNew {
            let o = newToOld[n]
            let a = old.sectionItems[o]
            let b = new.sectionItems[n]
            let limit = Swift.min(a.count, b.count)
            // Chunks both snapshots share are skipped whole: an edit of a copy leaves all but
            // the chunks it touched shared.
            let prefix = a.commonPrefixCount(with: b)
            if prefix == a.count && prefix == b.count { continue }
            let suffix = a.commonSuffixCount(with: b, limit: limit - prefix)
            middles.append((o, n, prefix..<(a.count - suffix), prefix..<(b.count - suffix)))
        }

        if !middles.isEmpty {
            // The changed regions side by side: one slice each when one section changed (no copy),
            // else flattened. Old flat position f lies in middle k when
            // flatStart[k] <= f < flatStart[k + 1]; its index is f - flatStart[k] + oldRange.lowerBound.
            var flatStart = [0]
            for m in middles { flatStart.append(flatStart.last! + m.oldRange.count) }
            let oldKeys = ArraySlice(middles.flatMap { old.sectionItems[$0.old].elements(in: $0.oldRange) })
            let newKeys = ArraySlice(middles.flatMap { new.sectionItems[$0.new].elements(in: $0.newRange) })
            /// The old index path of flat position `f`.
            func oldPath(_ f: Int) -> ItemPath {
                var low = 0
                var high = middles.count - 1
                while low < high {
                    let mid = (low + high + 1) >> 1
                    if flatStart[mid] <= f { low = mid } else { high = mid - 1 }
                }
                return ItemPath(item: f - flatStart[low] + middles[low].oldRange.lowerBound, section: middles[low].old)
            }

            let matches = IdentifierMatcher.match(old: oldKeys, new: newKeys)
            var matched = [Bool](repeating: false, count: oldKeys.count)
            var sameOld: [Int32] = []
            var sameNew: [Int32] = []
            var g = 0
            for (k, m) in middles.enumerated() {
                let ownStart = flatStart[k]
                let ownEnd = flatStart[k + 1]
                let ownBase = m.oldRange.lowerBound - ownStart
                sameOld.removeAll(keepingCapacity: true)
                sameNew.removeAll(keepingCapacity: true)
                for j in m.newRange {
                    let found = Int(matches[g])
                    g += 1
                    guard found >= 0 else {
                        changes.itemInserts.append(ItemPath(item: j, section: m.new))
                        continue
                    }
                    matched[found] = true
                    if found >= ownStart && found < ownEnd {
                        sameOld.append(Int32(found + ownBase))
                        sameNew.append(Int32(j))
                    } else {
                        changes.itemMoves.append(ItemMove(from: oldPath(found), to: ItemPath(item: j, section: m.new)))
                    }
                }
                let kept = longestIncreasingSubsequence(sameOld)
                for i in sameOld.indices where !kept[i] {
                    changes.itemMoves.append(
                        ItemMove(
                            from: ItemPath(item: Int(sameOld[i]), section: m.old),
                            to: ItemPath(item: Int(sameNew[i]), section: m.new)))
                }
            }
            for (k, m) in middles.enumerated() {
                for f in flatStart[k]..<flatStart[k + 1] where !matched[f] {
                    changes.itemDeletes.append(ItemPath(item: f - flatStart[k] + m.oldRange.lowerBound, section: m.old))
                }
            }
            // Usually produced in order already; checking first keeps large changesets linear.
            sortIfNeeded(&changes.itemDeletes, by: <)
            sortIfNeeded(&changes.itemMoves) { $0.to < $1.to }
        }

        // Marks (D4.1): only items that exist on both sides.
        if !new.reloadedItemIdentifiers.isEmpty || !new.reconfiguredItemIdentifiers.isEmpty {
            var lookup = IndexPathLookup(old: old, new: new)
            for id in new.reloadedItemIdentifiers {
                if let move = lookup.positions(of: id) { changes.itemReloads.append(move) }
            }
            for id in new.reconfiguredItemIdentifiers {
                if let move = lookup.positions(of: id) { changes.itemReconfigures.append(move) }
            }
            changes.itemReloads.sort { $0.to < $1.to }
            changes.itemReconfigures.sort { $0.to < $1.to }
        }
        return changes
    }
}

/// Sorts `values` unless they already are (an O(n) check that saves O(n log n) on the common case).
@inlinable
func sortIfNeeded<T>(_ values: inout [T], by areInIncreasingOrder: (T, T) -> Bool) {
    for i in values.indices.dropFirst() where areInIncreasingOrder(values[i], values[i - 1]) {
        values.sort(by: areInIncreasingOrder)
        return
    }
}

/// Finds an item's old and new index paths, building a per-section index on first use so many
/// marks in one large section stay linear.
@usableFromInline
struct IndexPathLookup<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
    @usableFromInline let old: Snapshot<SectionID, ItemID>
    @usableFromInline let new: Snapshot<SectionID, ItemID>
    @usableFromInline var oldIndexes: [Int: [ItemID: Int]] = [:]
    @usableFromInline var newIndexes: [Int: [ItemID: Int]] = [:]

    @usableFromInline
    init(old: Snapshot<SectionID, ItemID>, new: Snapshot<SectionID, ItemID>) {
        self.old = old
        self.new = new
    }

    @usableFromInline
    mutating func positions(of id: ItemID) -> ItemMove? {
        // An item survives only if both its old and its new section survive; otherwise it is a
        // delete or an insert with its section, and a reload mark means nothing.
        guard let oldSectionID = old.sectionIdentifier(containingItem: id),
            let newSectionID = new.sectionIdentifier(containingItem: id),
            let oldSection = old.sectionIndex[oldSectionID], let newSection = new.sectionIndex[newSectionID],
            new.sectionIndex[oldSectionID] != nil, old.sectionIndex[newSectionID] != nil
        else { return nil }
        let from = Self.index(of: id, in: old.sectionItems[oldSection], section: oldSection, cache: &oldIndexes)
        let to = Self.index(of: id, in: new.sectionItems[newSection], section: newSection, cache: &newIndexes)
        return ItemMove(from: ItemPath(item: from, section: oldSection), to: ItemPath(item: to, section: newSection))
    }

    @usableFromInline
    static func index(of id: ItemID, in items: ItemList<ItemID>, section: Int, cache: inout [Int: [ItemID: Int]]) -> Int {
        if let index = cache[section]?[id] { return index }
        if items.count <= 64 { return items.firstIndex(of: id)! }
        var map = [ItemID: Int](minimumCapacity: items.count)
        for (i, item) in items.enumerated() { map[item] = i }
        cache[section] = map
        return map[id]!
    }
}
