/// One section's items as a tree with expansion state (UIKit's
/// `NSDiffableDataSourceSectionSnapshot`, UIKit model 3.5).
///
/// "Visible" means "no collapsed ancestor", not "on screen" (D5.3). New parents start collapsed
/// (D5.4, A12 [B]).
public struct SectionSnapshot<ItemID: Hashable & Sendable>: Sendable {
    @usableFromInline
    struct Node: Sendable, Hashable {
        var parent: ItemID?
        var children: [ItemID] = []
        var isExpanded = false
    }

    @usableFromInline var roots: [ItemID] = []
    @usableFromInline var nodes: [ItemID: Node] = [:]

    public init() {}

    /// The top-level items, in order.
    public var rootItems: [ItemID] { roots }

    /// Every item, depth first.
    /// - Complexity: O(n).
    public var items: [ItemID] {
        var result: [ItemID] = []
        result.reserveCapacity(nodes.count)
        walk(roots, onlyVisible: false) { id, _ in result.append(id) }
        return result
    }

    /// The items with no collapsed ancestor, depth first: what the collection view shows (D5.3,
    /// D5.5).
    /// - Complexity: O(visible + roots).
    public var visibleItems: [ItemID] {
        var result: [ItemID] = []
        walk(roots, onlyVisible: true) { id, _ in result.append(id) }
        return result
    }

    /// The expanded items (iOS 18.1), depth first.
    public var expandedItems: [ItemID] { items.filter { nodes[$0]!.isExpanded } }

    public var count: Int { nodes.count }
    public func contains(_ item: ItemID) -> Bool { nodes[item] != nil }

    /// The depth of `item`: 0 for roots (D5.2 [B]).
    public func level(of item: ItemID) -> Int? {
        guard var node = nodes[item] else { return nil }
        var level = 0
        while let parent = node.parent {
            level += 1
            node = nodes[parent]!
        }
        return level
    }

    /// The parent of `item`; nil for roots and unknown items (D5.2 [B]).
    public func parent(of item: ItemID) -> ItemID? { nodes[item]?.parent }

    /// The children of `item`, in order.
    public func children(of item: ItemID) -> [ItemID] { nodes[item]?.children ?? [] }

    public func isExpanded(_ item: ItemID) -> Bool { nodes[item]?.isExpanded ?? false }

    /// Whether `item` has no collapsed ancestor.
    public func isVisible(_ item: ItemID) -> Bool {
        guard var node = nodes[item] else { return false }
        while let parent = node.parent {
            node = nodes[parent]!
            if !node.isExpanded { return false }
        }
        return true
    }

    /// The position of `item` in `items` (depth first).
    public func index(of item: ItemID) -> Int? { items.firstIndex(of: item) }

    /// A section snapshot of `parent`'s subtree, with `parent` as its only root when
    /// `includingParent`, else its children as roots.
    public func snapshot(of parent: ItemID, includingParent: Bool = false) throws(SnapshotError) -> SectionSnapshot {
        guard let node = nodes[parent] else { throw .parentNotFound(Self.describe(parent)) }
        var result = SectionSnapshot()
        result.roots = includingParent ? [parent] : node.children
        walk(result.roots, onlyVisible: false) { id, _ in result.nodes[id] = nodes[id]! }
        for root in result.roots { result.nodes[root]!.parent = nil }
        return result
    }

    /// Depth-first traversal; `body` gets each item and its level.
    func walk(_ start: [ItemID], onlyVisible: Bool, _ body: (ItemID, Int) -> Void) {
        var stack: [(ItemID, Int)] = start.reversed().map { ($0, 0) }
        while let (id, level) = stack.popLast() {
            body(id, level)
            let node = nodes[id]!
            if !onlyVisible || node.isExpanded {
                for child in node.children.reversed() { stack.append((child, level + 1)) }
            }
        }
    }

    static func describe<T>(_ value: T) -> String { String(reflecting: value) }
}

extension SectionSnapshot: Equatable {
    public static func == (lhs: SectionSnapshot, rhs: SectionSnapshot) -> Bool {
        lhs.roots == rhs.roots && lhs.nodes == rhs.nodes
    }
}
