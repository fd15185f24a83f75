import CollectionTypes

extension Changeset {
    /// Applies the changeset to per-section arrays with `performBatchUpdates` semantics (D4.2):
    /// deletes and move sources are removed by old index path, then inserts and move destinations
    /// are placed at new index paths in ascending order; untouched elements keep their relative
    /// order.
    ///
    /// The collection view uses this to carry its live cells to their new index paths; the tests
    /// use it as the oracle (`apply(diff(a, b), a) == b`).
    ///
    /// - Parameters:
    ///   - old: the elements of each old section.
    ///   - insertedSection: the contents of the section inserted at a new index.
    ///   - insertedItem: the element for an item inserted at a new index path.
    /// - Returns: the elements of each new section, or nil when the changeset does not fit `old`
    ///   (an index out of range or a position claimed twice).
    /// - Complexity: O(n + changes × section length).
    public func apply<Element>(
        to old: [[Element]], insertedSection: (Int) -> [Element], insertedItem: (ItemPath) -> Element
    ) -> [[Element]]? {
        let oldIndexValid = { (p: ItemPath) in old.indices.contains(p.section) && old[p.section].indices.contains(p.item) }
        guard sectionDeletes.allSatisfy(old.indices.contains), sectionMoves.allSatisfy({ old.indices.contains($0.from) }),
            itemDeletes.allSatisfy(oldIndexValid), itemMoves.allSatisfy({ oldIndexValid($0.from) }),
            Set(itemDeletes + itemMoves.map(\.from)).count == itemDeletes.count + itemMoves.count,
            Set(itemInserts + itemMoves.map(\.to)).count == itemInserts.count + itemMoves.count
        else { return nil }
        // Sections: drop deleted and moved ones, then place inserted and moved ones by new index.
        let deletedSections = Set(sectionDeletes)
        let movedFrom = Dictionary(uniqueKeysWithValues: sectionMoves.map { ($0.from, $0.to) })
        var sections: [(oldIndex: Int?, items: [Element])] = []
        for (o, items) in old.enumerated() where !deletedSections.contains(o) && movedFrom[o] == nil {
            sections.append((o, items))
        }
        var placements: [(to: Int, oldIndex: Int?)] = sectionInserts.map { ($0, nil) }
        placements += sectionMoves.map { ($0.to, $0.from) }
        for placement in placements.sorted(by: { $0.to < $1.to }) {
            let items = placement.oldIndex.map { old[$0] } ?? insertedSection(placement.to)
            guard placement.to <= sections.count else { return nil }
            sections.insert((placement.oldIndex, items), at: placement.to)
        }

        // Items: remove deletes and move sources (old index paths) from surviving sections.
        var removed: [Int: Set<Int>] = [:]
        for path in itemDeletes { removed[path.section, default: []].insert(path.item) }
        var moving: [ItemPath: Element] = [:]
        for move in itemMoves {
            removed[move.from.section, default: []].insert(move.from.item)
            moving[move.to] = old[move.from.section][move.from.item]
        }
        var result: [[Element]] = []
        result.reserveCapacity(sections.count)
        for section in sections {
            guard let o = section.oldIndex, let gone = removed[o] else {
                result.append(section.items)
                continue
            }
            result.append(section.items.enumerated().filter { !gone.contains($0.offset) }.map(\.element))
        }
        // Then inserts and move destinations at new index paths, ascending.
        var arrivals: [(ItemPath, Element?)] = itemInserts.map { ($0, nil) }
        arrivals += itemMoves.map { ($0.to, moving[$0.to]) }
        for (path, element) in arrivals.sorted(by: { $0.0 < $1.0 }) {
            guard result.indices.contains(path.section), sections[path.section].oldIndex != nil,
                path.item <= result[path.section].count
            else { return nil }  // inserted sections arrive complete; nothing may land in them
            result[path.section].insert(element ?? insertedItem(path), at: path.item)
        }
        return result
    }
}
