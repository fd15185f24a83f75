import DiffableDataSource
import Foundation

import struct CollectionTypes.AnyIdentifier

/// One section's items as an outline (UIKit's `NSDiffableDataSourceSectionSnapshot`, D5.1 to
/// D5.4). New parents start collapsed (D5.4, A12 [B]).
public struct NSDiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable & Sendable>: Sendable {
    typealias Core = SectionSnapshot<AnyIdentifier>
    var core: Core
    /// What keeps the snapshot's identifiers interned (nil while it holds only `Int`s).
    var arena: IdentifierArena?

    public init() { core = Core() }

    init(core: Core, arena: IdentifierArena?) {
        self.core = core
        self.arena = arena
    }

    /// The identifiers of items being added: held by the snapshot's arena (`Int`s need none).
    private mutating func holding(_ values: [ItemIdentifierType]) -> [AnyIdentifier] {
        if ItemIdentifierType.self == Int.self { return AnyIdentifier.lookup(values) }
        return arena.forAdding().hold(values)
    }

    /// The identifiers of items the snapshot may hold, for queries and removals.
    private static func ids(_ values: [ItemIdentifierType]) -> [AnyIdentifier] { AnyIdentifier.lookup(values) }

    // MARK: Queries

    /// Every item, depth first.
    public var items: [ItemIdentifierType] { AnyIdentifier.typed(core.items) }
    public var rootItems: [ItemIdentifierType] { AnyIdentifier.typed(core.rootItems) }
    /// Items with no collapsed ancestor, depth first: what the collection view shows (D5.3).
    public var visibleItems: [ItemIdentifierType] { AnyIdentifier.typed(core.visibleItems) }
    public var expandedItems: [ItemIdentifierType] { AnyIdentifier.typed(core.expandedItems) }

    public func contains(_ item: ItemIdentifierType) -> Bool { core.contains(AnyIdentifier.lookup(item)) }
    public func isExpanded(_ item: ItemIdentifierType) -> Bool { core.isExpanded(AnyIdentifier.lookup(item)) }
    public func isVisible(_ item: ItemIdentifierType) -> Bool { core.isVisible(AnyIdentifier.lookup(item)) }
    public func index(of item: ItemIdentifierType) -> Int? { core.index(of: AnyIdentifier.lookup(item)) }
    /// 0 for roots, 1 for their children, ... (D5.2). A missing item raises UIKit's exception.
    public func level(of item: ItemIdentifierType) -> Int {
        guard let level = core.level(of: AnyIdentifier.lookup(item)) else {
            UIKitException.raise(SnapshotError.itemNotFound(String(reflecting: item), operation: "level(of:)").description)
            return 0
        }
        return level
    }
    public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? {
        core.parent(of: AnyIdentifier.lookup(child))?.typed()
    }

    /// The subtree under `parent` (with the parent as its root when `includingParent`).
    public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false) -> NSDiffableDataSourceSectionSnapshot {
        do {
            return NSDiffableDataSourceSectionSnapshot(
                core: try core.snapshot(of: AnyIdentifier.lookup(parent), includingParent: includingParent), arena: arena)
        } catch {
            UIKitException.raise(error.description)
            return NSDiffableDataSourceSectionSnapshot()
        }
    }

    /// The outline as text: `*` visible, `+` expanded, `-` collapsed (D5.3).
    public func visualDescription() -> String { core.visualDescription() }

    // MARK: Mutations

    /// Appends items as roots, or as the last children of `parent`.
    public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
        let ids = holding(items)
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in
            try core.append(ids, to: parent.map(AnyIdentifier.lookup))
        }
    }

    public mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType) {
        let ids = holding(items)
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in
            try core.insert(ids, before: AnyIdentifier.lookup(item))
        }
    }

    public mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType) {
        let ids = holding(items)
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in
            try core.insert(ids, after: AnyIdentifier.lookup(item))
        }
    }

    public mutating func insert(_ snapshot: NSDiffableDataSourceSectionSnapshot, before item: ItemIdentifierType) {
        arena = arena.merged(with: snapshot.arena)
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in
            try core.insert(snapshot.core, before: AnyIdentifier.lookup(item))
        }
    }

    public mutating func insert(_ snapshot: NSDiffableDataSourceSectionSnapshot, after item: ItemIdentifierType) {
        arena = arena.merged(with: snapshot.arena)
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in
            try core.insert(snapshot.core, after: AnyIdentifier.lookup(item))
        }
    }

    /// Deletes items and their descendants (D5.1).
    public mutating func delete(_ items: [ItemIdentifierType]) {
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in core.delete(Self.ids(items)) }
    }

    public mutating func deleteAll() {
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in core.deleteAll() }
    }

    public mutating func expand(_ items: [ItemIdentifierType]) {
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in core.expand(Self.ids(items)) }
    }

    public mutating func collapse(_ items: [ItemIdentifierType]) {
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in core.collapse(Self.ids(items)) }
    }

    public mutating func replace(childrenOf parent: ItemIdentifierType, using snapshot: NSDiffableDataSourceSectionSnapshot) {
        arena = arena.merged(with: snapshot.arena)
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in
            try core.replace(childrenOf: AnyIdentifier.lookup(parent), using: snapshot.core)
        }
    }
}
