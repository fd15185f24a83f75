import CollectionTypes

/// The apply model of `UICollectionViewDiffableDataSource` (UIKit model 3.3, 3.5): holds the current
/// snapshot and the outline section snapshots, turns every apply into the update the collection
/// view performs, and refuses re-entrant applies.
///
/// A class: it has identity (one per collection view) and its re-entrancy guard must be shared
/// with the update handler that runs during an apply. Not thread-safe: one owner, like UIKit's
/// main-queue data source.
public final class DiffableDataSource<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
    public typealias UpdateHandler = (ApplyUpdate) -> Void

    public let behavior: ApplyBehavior
    /// Called during each apply with the update to perform; the collection view runs its layout
    /// pass and cell requests here. An apply attempted from inside it throws `.reentrantApply`.
    public var updateHandler: UpdateHandler?
    public var sectionSnapshotHandlers = SectionSnapshotHandlers<ItemID>()

    private var current = Snapshot<SectionID, ItemID>()
    private var outlines: [SectionID: SectionSnapshot<ItemID>] = [:]
    private var isApplying = false

    public init(behavior: ApplyBehavior = .iOS15) {
        self.behavior = behavior
    }

    /// The current snapshot; outline sections list their visible items (D5.6 [B]).
    public func snapshot() -> Snapshot<SectionID, ItemID> { current }

    /// The section snapshot of `section`: the tree applied to it, or its items as roots.
    public func snapshot(for section: SectionID) -> SectionSnapshot<ItemID>? {
        if let outline = outlines[section] { return outline }
        guard let items = current.itemIdentifiers(inSection: section) else { return nil }
        var flat = SectionSnapshot<ItemID>()
        try? flat.append(items)
        return flat
    }

    /// The item shown at `indexPath`.
    public func itemIdentifier(for indexPath: ItemPath) -> ItemID? {
        guard indexPath.section >= 0, indexPath.section < current.numberOfSections else { return nil }
        let items = current.items(atSectionIndex: indexPath.section)
        return items.indices.contains(indexPath.item) ? items[indexPath.item] : nil
    }

    /// Where `item` is shown.
    public func indexPath(for item: ItemID) -> ItemPath? {
        guard let section = current.sectionIdentifier(containingItem: item), let s = current.indexOfSection(section),
            let i = current.indexOfItem(item)
        else { return nil }
        return ItemPath(item: i, section: s)
    }

    /// Applies `snapshot` (D3.1–D3.2): a diff on iOS 15+, `reloadData` for a non-animated apply
    /// on iOS 13/14. Outline trees are dropped: the full snapshot flattens them (D5.6 [B]).
    @discardableResult
    public func apply(
        _ snapshot: Snapshot<SectionID, ItemID>, animatingDifferences: Bool = true
    ) throws(SnapshotError) -> ApplyUpdate {
        guard !isApplying else { throw .reentrantApply }
        let update: ApplyUpdate =
            behavior == .iOS13 && !animatingDifferences ? .reloadData(.nonAnimatedApply) : .batch(current.changeset(to: snapshot))
        return try commit(snapshot, outlines: [:], update: update)
    }

    /// `applySnapshotUsingReloadData`: resets without a diff (D3.2).
    @discardableResult
    public func applySnapshotUsingReloadData(_ snapshot: Snapshot<SectionID, ItemID>) throws(SnapshotError) -> ApplyUpdate {
        try commit(snapshot, outlines: [:], update: .reloadData(.requested))
    }

    /// Applies a section snapshot to one section (D5.5): the section shows the tree's visible
    /// items. Its items must not appear in other sections (D5.7). A section not yet in the
    /// snapshot is appended [B].
    @discardableResult
    public func apply(
        _ sectionSnapshot: SectionSnapshot<ItemID>, to section: SectionID, animatingDifferences: Bool = true
    ) throws(SnapshotError) -> ApplyUpdate {
        guard !isApplying else { throw .reentrantApply }
        var duplicates: [SnapshotError.Duplicate] = []
        for item in sectionSnapshot.items {
            if let other = current.sectionIdentifier(containingItem: item), other != section {
                let index = current.indexOfItem(item)!
                duplicates.append(
                    .init(
                        identifier: String(reflecting: item),
                        origin: "already in section \(String(reflecting: other)) at index \(index)"))
            }
        }
        guard duplicates.isEmpty else { throw .duplicateItems(duplicates) }
        var next = current
        next.clearMarks()
        if let items = next.itemIdentifiers(inSection: section) {
            next.deleteItems(items)
        } else {
            try next.appendSections([section])
        }
        try next.appendItems(sectionSnapshot.visibleItems, toSection: section)
        let update: ApplyUpdate =
            behavior == .iOS13 && !animatingDifferences ? .reloadData(.nonAnimatedApply) : .batch(current.changeset(to: next))
        var trees = outlines
        trees[section] = sectionSnapshot
        return try commit(next, outlines: trees, update: update)
    }

    /// A user tap on an outline parent (D5.8, D5.9): asks the handlers, expands or collapses it
    /// through its section snapshot, and applies. Returns nil when `item` is not an outline parent
    /// or a handler declined.
    @discardableResult
    public func toggleExpansion(of item: ItemID) throws(SnapshotError) -> ApplyUpdate? {
        guard let section = current.sectionIdentifier(containingItem: item), var outline = outlines[section],
            outline.contains(item)
        else { return nil }
        let handlers = sectionSnapshotHandlers
        if outline.isExpanded(item) {
            guard handlers.shouldCollapseItem?(item) ?? true else { return nil }
            handlers.willCollapseItem?(item)
            outline.collapse([item])
        } else {
            guard handlers.shouldExpandItem?(item) ?? true else { return nil }
            handlers.willExpandItem?(item)
            if let supply = handlers.snapshotForExpandingParent {
                let children = supply(item, (try? outline.snapshot(of: item)) ?? SectionSnapshot())
                try outline.replace(childrenOf: item, using: children)
            }
            outline.expand([item])
        }
        return try apply(outline, to: section)
    }

    /// Installs `next` and runs the update handler under the re-entrancy guard (D3.4).
    private func commit(
        _ next: Snapshot<SectionID, ItemID>, outlines trees: [SectionID: SectionSnapshot<ItemID>], update: ApplyUpdate
    ) throws(SnapshotError) -> ApplyUpdate {
        guard !isApplying else { throw .reentrantApply }
        isApplying = true
        defer { isApplying = false }
        current = next
        current.clearMarks()
        outlines = trees
        updateHandler?(update)
        return update
    }
}
