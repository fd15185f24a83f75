/// The state of a collection view's data: sections and their items, each identified by a unique
/// `Hashable` value (UIKit's `NSDiffableDataSourceSnapshot`).
///
/// Identifiers are unique across the whole snapshot, items included (D1.1); every mutation checks
/// that and throws `SnapshotError` naming the duplicates instead of crashing (D1.2).
public struct Snapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
    @usableFromInline var sectionIDs: [SectionID] = []
    /// Each section's items, in chunks shared with the snapshots this one was copied from.
    @usableFromInline var sectionItems: [ItemList<ItemID>] = []
    @usableFromInline var sectionIndex: [SectionID: Int] = [:]
    /// Where every item is (its section's token, and the chunk of that section's list that holds
    /// it): the uniqueness check, `sectionIdentifier(containingItem:)`, and deletes that find an
    /// item without walking its section. Shared with copies too, so an edit of a copy of a large
    /// snapshot costs what it touches, not the snapshot's size. Sections
    /// appear by token, a number each section keeps while it moves, so entries are plain
    /// integers that copy without reference counting.
    @usableFromInline var itemSection = ItemIndex<ItemID>()
    /// Each section's token (`ItemList.sectionToken`) → its index.
    @usableFromInline var tokenIndex: [UInt32: Int] = [:]
    @usableFromInline var nextToken: UInt32 = 0

    public internal(set) var reloadedItemIdentifiers: Set<ItemID> = []
    public internal(set) var reconfiguredItemIdentifiers: Set<ItemID> = []
    public internal(set) var reloadedSectionIdentifiers: Set<SectionID> = []

    public var rules: SnapshotRules

    /// An empty snapshot.
    public init(rules: SnapshotRules = .strict) {
        self.rules = rules
    }

    // MARK: Queries (UIKit model 3.2, last row)

    public var numberOfSections: Int { sectionIDs.count }
    public var numberOfItems: Int { itemSection.count }
    public var sectionIdentifiers: [SectionID] { sectionIDs }
    /// Every item, section by section.
    public var itemIdentifiers: [ItemID] { sectionItems.flatMap { $0 } }

    /// - Complexity: O(1).
    public func numberOfItems(inSection identifier: SectionID) -> Int? {
        sectionIndex[identifier].map { sectionItems[$0].count }
    }

    /// - Complexity: O(1).
    /// - Complexity: O(items in the section): UIKit's method returns an array.
    public func itemIdentifiers(inSection identifier: SectionID) -> [ItemID]? {
        sectionIndex[identifier].map { Array(sectionItems[$0]) }
    }

    /// The items of a section as they are stored (no copy).
    /// - Complexity: O(1).
    public func items(inSection identifier: SectionID) -> ItemList<ItemID>? { sectionIndex[identifier].map { sectionItems[$0] } }

    /// - Complexity: O(log n).
    public func sectionIdentifier(containingItem identifier: ItemID) -> SectionID? {
        itemSection[identifier].map { sectionIDs[tokenIndex[$0.section]!] }
    }

    /// - Complexity: O(1).
    public func indexOfSection(_ identifier: SectionID) -> Int? { sectionIndex[identifier] }

    /// The item's index within its section.
    /// - Complexity: O(chunks of its section + one chunk).
    public func indexOfItem(_ identifier: ItemID) -> Int? {
        guard let place = itemSection[identifier], let s = tokenIndex[place.section] else { return nil }
        return sectionItems[s].index(of: identifier, inChunk: place.chunk)
    }

    public func contains(item identifier: ItemID) -> Bool { itemSection[identifier] != nil }
    public func contains(section identifier: SectionID) -> Bool { sectionIndex[identifier] != nil }

    /// The items of section index `s` (for the diff and the collection view).
    @inlinable
    public func items(atSectionIndex s: Int) -> ItemList<ItemID> { sectionItems[s] }

    @usableFromInline
    mutating func reindexSections(from start: Int = 0) {
        for i in start..<sectionIDs.count {
            sectionIndex[sectionIDs[i]] = i
            tokenIndex[sectionItems[i].sectionToken] = i
        }
    }

    /// A token for a new section.
    @usableFromInline
    mutating func newSectionToken() -> UInt32 {
        defer { nextToken &+= 1 }
        return nextToken
    }
}

extension Snapshot: Equatable {
    /// Equal when sections, items and marks are equal (rules are not compared).
    public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
        lhs.sectionIDs == rhs.sectionIDs && lhs.sectionItems == rhs.sectionItems
            && lhs.reloadedItemIdentifiers == rhs.reloadedItemIdentifiers
            && lhs.reconfiguredItemIdentifiers == rhs.reconfiguredItemIdentifiers
            && lhs.reloadedSectionIdentifiers == rhs.reloadedSectionIdentifiers
    }
}

/// Where an item is: its section's token, and the key of the chunk of that section's `ItemList`
/// that holds it.
@usableFromInline
struct ItemPlace: Sendable {
    @usableFromInline var section: UInt32
    @usableFromInline var chunk: UInt32

    @inlinable
    init(section: UInt32, chunk: UInt32) {
        self.section = section
        self.chunk = chunk
    }
}
