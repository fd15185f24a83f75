import CollectionTypes

/// A move of a section, by old and new index.
public struct SectionMove: Sendable, Hashable {
    public var from: Int
    public var to: Int

    @inlinable
    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }
}

/// A move of an item, by old and new index path.
public struct ItemMove: Sendable, Hashable {
    public var from: ItemPath
    public var to: ItemPath

    @inlinable
    public init(from: ItemPath, to: ItemPath) {
        self.from = from
        self.to = to
    }
}

/// What changed between two snapshots, as one batch update (UIKit model D4.1, D4.2): deletes
/// indexed against the old state, inserts against the new state, moves from old to new.
///
/// Items of deleted sections are deleted with their section and are not listed; items of inserted
/// sections likewise. An item that leaves a deleted section for a surviving one is an insert (its
/// delete goes with the section), and one that enters an inserted section from a surviving one is
/// a delete.
public struct Changeset: Sendable, Hashable {
    /// Old section indices, ascending.
    public var sectionDeletes: [Int] = []
    /// New section indices, ascending.
    public var sectionInserts: [Int] = []
    /// Sections whose relative order changed, by destination.
    public var sectionMoves: [SectionMove] = []
    /// Sections marked with `reloadSections`, old → new index.
    public var sectionReloads: [SectionMove] = []
    /// Old index paths, ascending.
    public var itemDeletes: [ItemPath] = []
    /// New index paths, ascending.
    public var itemInserts: [ItemPath] = []
    /// Items whose relative order or section changed, by destination.
    public var itemMoves: [ItemMove] = []
    /// Items marked with `reloadItems` that exist in both states (new cell, D4.2).
    public var itemReloads: [ItemMove] = []
    /// Items marked with `reconfigureItems` that exist in both states (same cell).
    public var itemReconfigures: [ItemMove] = []

    public init() {}

    /// Whether nothing changed: an apply of this changeset costs nothing (A2 [B]).
    public var isEmpty: Bool {
        sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionMoves.isEmpty && sectionReloads.isEmpty
            && itemDeletes.isEmpty && itemInserts.isEmpty && itemMoves.isEmpty && itemReloads.isEmpty
            && itemReconfigures.isEmpty
    }

    /// Whether the structure changed (anything but reconfigures). A reconfigure-only apply does not
    /// invalidate the layout (UIKit model 2.2).
    public var changesStructure: Bool {
        !(sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionMoves.isEmpty && sectionReloads.isEmpty
            && itemDeletes.isEmpty && itemInserts.isEmpty && itemMoves.isEmpty && itemReloads.isEmpty)
    }

    /// The sections whose contents changed — inserted, deleted, moved or reloaded items, and
    /// reloaded sections — by index (old and new indices agree: the section list is unchanged);
    /// nil when sections were inserted, deleted or moved. Reconfigures are left out: they do not
    /// invalidate the layout. What a layout that re-queries only changed sections would re-query.
    public var sectionsWithChanges: Set<Int>? {
        guard sectionInserts.isEmpty, sectionDeletes.isEmpty, sectionMoves.isEmpty else { return nil }
        var sections = Set(itemInserts.map(\.section))
        sections.formUnion(itemDeletes.map(\.section))
        sections.formUnion(itemMoves.flatMap { [$0.from.section, $0.to.section] })
        sections.formUnion(itemReloads.map(\.to.section))
        sections.formUnion(sectionReloads.map(\.to))
        return sections
    }

    /// The number of changes of each kind, for counts and logs.
    public var summary: String {
        "sections -\(sectionDeletes.count) +\(sectionInserts.count) ~\(sectionMoves.count), items -\(itemDeletes.count) +\(itemInserts.count) ~\(itemMoves.count), reload \(itemReloads.count), reconfigure \(itemReconfigures.count)"
    }
}
