/// Outline mutations (UIKit model D5.1).
extension SectionSnapshot {
    /// Appends items as the last children of `parent`, or as roots when nil. New items are
    /// collapsed (D5.4 [B]).
    public mutating func append(_ items: [ItemID], to parent: ItemID? = nil) throws(SnapshotError) {
        if let parent, nodes[parent] == nil { throw .parentNotFound(Self.describe(parent)) }
        try checkNew(items)
        add(items, parent: parent)
        if let parent { nodes[parent]!.children.append(contentsOf: items) } else { roots.append(contentsOf: items) }
    }

    /// Inserts items as siblings before `item`.
    public mutating func insert(_ items: [ItemID], before item: ItemID) throws(SnapshotError) {
        try insert(items, relativeTo: item, after: false)
    }

    /// Inserts items as siblings after `item`.
    public mutating func insert(_ items: [ItemID], after item: ItemID) throws(SnapshotError) {
        try insert(items, relativeTo: item, after: true)
    }

    /// Inserts another section snapshot's roots (with their subtrees and expansion) before `item`.
    public mutating func insert(_ snapshot: SectionSnapshot, before item: ItemID) throws(SnapshotError) {
        try insert(snapshot, relativeTo: item, after: false)
    }

    /// Inserts another section snapshot's roots (with their subtrees and expansion) after `item`.
    public mutating func insert(_ snapshot: SectionSnapshot, after item: ItemID) throws(SnapshotError) {
        try insert(snapshot, relativeTo: item, after: true)
    }

    /// Removes items with all their descendants (D5.1); unknown items are ignored.
    public mutating func delete(_ items: [ItemID]) {
        for item in items {
            guard let node = nodes[item] else { continue }
            if let parent = node.parent {
                nodes[parent]!.children.removeAll { $0 == item }
            } else {
                roots.removeAll { $0 == item }
            }
            walk([item], onlyVisible: false) { id, _ in nodes[id] = nil }
        }
    }

    /// Removes everything.
    public mutating func deleteAll() {
        roots.removeAll()
        nodes.removeAll()
    }

    /// Expands items; unknown items are ignored.
    public mutating func expand(_ items: [ItemID]) {
        for item in items where nodes[item] != nil { nodes[item]!.isExpanded = true }
    }

    /// Collapses items; unknown items are ignored.
    public mutating func collapse(_ items: [ItemID]) {
        for item in items where nodes[item] != nil { nodes[item]!.isExpanded = false }
    }

    /// Replaces `parent`'s children (and their subtrees) with `snapshot`'s roots and subtrees.
    public mutating func replace(childrenOf parent: ItemID, using snapshot: SectionSnapshot) throws(SnapshotError) {
        guard nodes[parent] != nil else { throw .parentNotFound(Self.describe(parent)) }
        let old = nodes[parent]!.children
        var trial = self
        trial.delete(old)
        try trial.checkNew(snapshot.items)
        trial.graft(snapshot)
        for root in snapshot.roots { trial.nodes[root]!.parent = parent }
        trial.nodes[parent]!.children = snapshot.roots
        self = trial
    }

    private mutating func insert(_ items: [ItemID], relativeTo anchor: ItemID, after: Bool) throws(SnapshotError) {
        guard let node = nodes[anchor] else { throw .itemNotFound(Self.describe(anchor), operation: "insert") }
        try checkNew(items)
        add(items, parent: node.parent)
        placeSiblings(items, relativeTo: anchor, after: after)
    }

    private mutating func insert(_ snapshot: SectionSnapshot, relativeTo anchor: ItemID, after: Bool) throws(SnapshotError) {
        guard let node = nodes[anchor] else { throw .itemNotFound(Self.describe(anchor), operation: "insert") }
        try checkNew(snapshot.items)
        graft(snapshot)
        for root in snapshot.roots { nodes[root]!.parent = node.parent }
        placeSiblings(snapshot.roots, relativeTo: anchor, after: after)
    }

    private mutating func placeSiblings(_ items: [ItemID], relativeTo anchor: ItemID, after: Bool) {
        if let parent = nodes[anchor]!.parent {
            let i = nodes[parent]!.children.firstIndex(of: anchor)! + (after ? 1 : 0)
            nodes[parent]!.children.insert(contentsOf: items, at: i)
        } else {
            let i = roots.firstIndex(of: anchor)! + (after ? 1 : 0)
            roots.insert(contentsOf: items, at: i)
        }
    }

    private mutating func add(_ items: [ItemID], parent: ItemID?) {
        for item in items { nodes[item] = Node(parent: parent) }
    }

    /// Copies `snapshot`'s nodes in (roots keep a nil parent until the caller sets it).
    private mutating func graft(_ snapshot: SectionSnapshot) {
        for (id, node) in snapshot.nodes { nodes[id] = node }
    }

    /// D1.2 within the section snapshot: names each duplicate and where it came from.
    func checkNew(_ items: [ItemID]) throws(SnapshotError) {
        var first: [ItemID: Int] = [:]
        var duplicates: [SnapshotError.Duplicate] = []
        for (i, item) in items.enumerated() {
            if nodes[item] != nil {
                let place = nodes[item]!.parent.map { "already a child of \(Self.describe($0))" } ?? "already a root item"
                duplicates.append(.init(identifier: Self.describe(item), origin: place))
            } else if let p = first[item] {
                duplicates.append(.init(identifier: Self.describe(item), origin: "twice in this call (positions \(p) and \(i))"))
            } else {
                first[item] = i
            }
        }
        guard duplicates.isEmpty else { throw .duplicateItems(duplicates) }
    }
}

extension SectionSnapshot: CustomStringConvertible {
    /// The outline in UIKit's notation (D5.3): one line per item, indented by level; `*` marks a
    /// visible item, `+` an expanded parent, `-` a collapsed one. The exact spacing is [B].
    public func visualDescription() -> String {
        var lines: [String] = []
        walk(roots, onlyVisible: false) { id, level in
            let node = nodes[id]!
            let visibility = isVisible(id) ? "*" : " "
            let expansion = node.children.isEmpty ? " " : (node.isExpanded ? "+" : "-")
            lines.append(String(repeating: "    ", count: level) + visibility + expansion + " " + String(describing: id))
        }
        return lines.joined(separator: "\n")
    }

    public var description: String { visualDescription() }
}
