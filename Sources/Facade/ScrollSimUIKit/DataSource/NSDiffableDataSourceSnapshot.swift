import DiffableDataSource
import Foundation

import struct CollectionTypes.AnyIdentifier

/// The sections and items a data source shows (UIKit's `NSDiffableDataSourceSnapshot`).
///
/// Identifiers must be unique across the whole snapshot (D1.1); breaking a rule raises UIKit's
/// exception (D1.2, 3.2) and leaves the snapshot unchanged.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    Sendable
{
    typealias Core = Snapshot<AnyIdentifier, AnyIdentifier>
    var core: Core
    /// What keeps the snapshot's identifiers interned (nil while it holds only `Int`s).
    var arena: IdentifierArena?

    public init() { core = Core() }

    init(core: Core, arena: IdentifierArena?) {
        self.core = core
        self.arena = arena
    }

    /// The identifiers of values being added: held by the snapshot's arena (`Int`s need none).
    private mutating func holding<T: Hashable & Sendable>(_ values: [T]) -> [AnyIdentifier] {
        if T.self == Int.self { return AnyIdentifier.lookup(values) }
        return arena.forAdding().hold(values)
    }

    /// The identifiers of values the snapshot may hold, for queries and removals.
    private static func ids<T: Hashable & Sendable>(_ values: [T]) -> [AnyIdentifier] { AnyIdentifier.lookup(values) }

    // MARK: Queries

    public var numberOfItems: Int { core.numberOfItems }
    public var numberOfSections: Int { core.numberOfSections }
    public var sectionIdentifiers: [SectionIdentifierType] { AnyIdentifier.typed(core.sectionIdentifiers) }
    public var itemIdentifiers: [ItemIdentifierType] { AnyIdentifier.typed(core.itemIdentifiers) }
    public var reloadedItemIdentifiers: [ItemIdentifierType] { core.reloadedItemIdentifiers.map { $0.typed() } }
    public var reconfiguredItemIdentifiers: [ItemIdentifierType] { core.reconfiguredItemIdentifiers.map { $0.typed() } }
    public var reloadedSectionIdentifiers: [SectionIdentifierType] { core.reloadedSectionIdentifiers.map { $0.typed() } }

    /// The number of items in a section; a missing section raises UIKit's exception.
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        guard let count = core.numberOfItems(inSection: AnyIdentifier.lookup(identifier)) else {
            UIKitException.raise(
                SnapshotError.sectionNotFound(String(reflecting: identifier), operation: "numberOfItems(inSection:)").description)
            return 0
        }
        return count
    }

    /// The items of a section; a missing section raises UIKit's exception.
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        guard let items = core.itemIdentifiers(inSection: AnyIdentifier.lookup(identifier)) else {
            UIKitException.raise(
                SnapshotError.sectionNotFound(String(reflecting: identifier), operation: "itemIdentifiers(inSection:)")
                    .description)
            return []
        }
        return AnyIdentifier.typed(items)
    }

    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        core.sectionIdentifier(containingItem: AnyIdentifier.lookup(identifier))?.typed()
    }

    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? { core.indexOfItem(AnyIdentifier.lookup(identifier)) }
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
        core.indexOfSection(AnyIdentifier.lookup(identifier))
    }

    // MARK: Items

    /// Appends to `sectionIdentifier`, or to the last section when nil.
    public mutating func appendItems(
        _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil
    ) {
        let ids = holding(identifiers)
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in
            try core.appendItems(ids, toSection: sectionIdentifier.map(AnyIdentifier.lookup))
        }
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        let ids = holding(identifiers)
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in
            try core.insertItems(ids, beforeItem: AnyIdentifier.lookup(beforeIdentifier))
        }
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        let ids = holding(identifiers)
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in
            try core.insertItems(ids, afterItem: AnyIdentifier.lookup(afterIdentifier))
        }
    }

    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in core.deleteItems(Self.ids(identifiers)) }
    }

    public mutating func deleteAllItems() {
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in core.deleteAllItems() }
    }

    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in
            try core.moveItem(AnyIdentifier.lookup(identifier), beforeItem: AnyIdentifier.lookup(toIdentifier))
        }
    }

    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in
            try core.moveItem(AnyIdentifier.lookup(identifier), afterItem: AnyIdentifier.lookup(toIdentifier))
        }
    }

    /// Marks items for reload: a new cell for each visible one (UIKit model 2.3).
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in
            try core.reloadItems(Self.ids(identifiers))
        }
    }

    /// Marks items for reconfigure: the same cell configured again (B4.2).
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in
            try core.reconfigureItems(Self.ids(identifiers))
        }
    }

    // MARK: Sections

    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        let ids = holding(identifiers)
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in
            try core.appendSections(ids)
        }
    }

    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType)
    {
        let ids = holding(identifiers)
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in
            try core.insertSections(ids, beforeSection: AnyIdentifier.lookup(toIdentifier))
        }
    }

    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType)
    {
        let ids = holding(identifiers)
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in
            try core.insertSections(ids, afterSection: AnyIdentifier.lookup(toIdentifier))
        }
    }

    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in
            core.deleteSections(Self.ids(identifiers))
        }
    }

    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in
            try core.moveSection(AnyIdentifier.lookup(identifier), beforeSection: AnyIdentifier.lookup(toIdentifier))
        }
    }

    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in
            try core.moveSection(AnyIdentifier.lookup(identifier), afterSection: AnyIdentifier.lookup(toIdentifier))
        }
    }

    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        mutateRaisingUIKitException(&core) { (core: inout Core) throws(SnapshotError) in
            try core.reloadSections(Self.ids(identifiers))
        }
    }
}
