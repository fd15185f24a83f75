/// The state of a collection view's data: sections and their items, each identified by a unique
/// `Hashable` value (UIKit's `NSDiffableDataSourceSnapshot`).
///
/// Identifiers are unique across the whole snapshot, items included (D1.1); every mutation checks
/// that and throws `SnapshotError` naming the duplicates instead of crashing (D1.2).
public struct Snapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
    @usableFromInline var sectionIDs: [SectionID] = []
    @usableFromInline var sectionItems: [[ItemID]] = []
    @usableFromInline var sectionIndex: [SectionID: Int] = [:]
    /// The section of every item: the uniqueness check and `sectionIdentifier(containingItem:)`.
    @usableFromInline var itemSection: [ItemID: SectionID] = [:]

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
    public func itemIdentifiers(inSection identifier: SectionID) -> [ItemID]? {
        sectionIndex[identifier].map { sectionItems[$0] }
    }

    /// - Complexity: O(1).
    public func sectionIdentifier(containingItem identifier: ItemID) -> SectionID? { itemSection[identifier] }

    /// - Complexity: O(1).
    public func indexOfSection(_ identifier: SectionID) -> Int? { sectionIndex[identifier] }

    /// The item's index within its section.
    /// - Complexity: O(items in its section).
    public func indexOfItem(_ identifier: ItemID) -> Int? {
        guard let section = itemSection[identifier], let s = sectionIndex[section] else { return nil }
        return sectionItems[s].firstIndex(of: identifier)
    }

    public func contains(item identifier: ItemID) -> Bool { itemSection[identifier] != nil }
    public func contains(section identifier: SectionID) -> Bool { sectionIndex[identifier] != nil }

    /// The items of section index `s` (for the diff and the collection view).
    @inlinable
    public func items(atSectionIndex s: Int) -> [ItemID] { sectionItems[s] }

    @usableFromInline
    mutating func reindexSections(from start: Int = 0) {
        for i in start..<sectionIDs.count { sectionIndex[sectionIDs[i]] = i }
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
