import CollectionView
import DiffableDataSource
import Foundation

import struct CollectionTypes.AnyIdentifier

/// A collection view's data source fed by snapshots (UIKit's `UICollectionViewDiffableDataSource`).
///
/// `apply` diffs against the current state and the collection view performs the update: on iOS
/// 15+ (the default policy) a non-empty diff is one layout pass that re-runs the section provider
/// for every section, and the cell provider runs for inserted, reloaded or reconfigured items that
/// are visible (UIKit model 2.2, 2.3, 3.3). Completion handlers run when `apply` returns.
@preconcurrency @MainActor
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>
{
    public typealias CellProvider = @MainActor (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    public typealias SupplementaryViewProvider = @MainActor (UICollectionView, String, IndexPath) -> UICollectionReusableView?
    public typealias Snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    public typealias SectionSnapshot = NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>

    /// The user-driven expand/collapse hooks (UIKit's `SectionSnapshotHandlers`, D5.8).
    public struct SectionSnapshotHandlers<Item: Hashable & Sendable> {
        public var shouldExpandItem: (@MainActor (Item) -> Bool)?
        public var willExpandItem: (@MainActor (Item) -> Void)?
        public var shouldCollapseItem: (@MainActor (Item) -> Bool)?
        public var willCollapseItem: (@MainActor (Item) -> Void)?
        /// Supplies the children of a parent about to expand.
        public var snapshotForExpandingParent:
            (@MainActor (Item, NSDiffableDataSourceSectionSnapshot<Item>) -> NSDiffableDataSourceSectionSnapshot<Item>)?

        public init() {}
    }

    /// The user-driven reorder hooks (UIKit's `ReorderingHandlers`). Rows can be dragged only
    /// when `canReorderItem` is set and returns true for the row's item.
    public struct ReorderingHandlers {
        public var canReorderItem: (@MainActor (ItemIdentifierType) -> Bool)?
        public var willReorder: (@MainActor (NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
        public var didReorder: (@MainActor (NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?

        public init() {}
    }

    private unowned let collectionView: UICollectionView

    /// Asked when the user drags a row to a new place (a simulator's `reorder(itemAt:to:)`).
    public var reorderingHandlers = ReorderingHandlers() {
        didSet {
            collectionView.reorderer = { [unowned self] from, to in try self.reorder(from: from, to: to) }
        }
    }

    /// Returns headers, footers and badges, dequeued from the collection view (G1.8.6).
    public var supplementaryViewProvider: SupplementaryViewProvider? {
        didSet {
            guard let provider = supplementaryViewProvider else {
                collectionView.supplementaryProvider = nil
                return
            }
            collectionView.supplementaryProvider = { [unowned collectionView] kind, indexPath in
                provider(collectionView, kind, indexPath)
            }
        }
    }

    /// Asked when the user expands or collapses an outline parent.
    public var sectionSnapshotHandlers = SectionSnapshotHandlers<ItemIdentifierType>() {
        didSet { installSectionSnapshotHandlers() }
    }

    /// Becomes the collection view's data source (replacing any other).
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        collectionView.cellProvider = { [unowned collectionView] indexPath, item in
            cellProvider(collectionView, indexPath, item.typed())
        }
        collectionView.engine.cellProvider = { [unowned collectionView] _, path, item in
            try MainActor.assumeIsolated { try collectionView.provideCell(at: path, item: item) }
        }
        collectionView.dataSource = self
    }

    // MARK: Applying

    /// Applies a snapshot: a diff and its update (iOS 15+: whatever `animatingDifferences`).
    open func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        collectionView.perform { engine in try engine.apply(snapshot.core, animatingDifferences: animatingDifferences) }
        holdIdentifiers(of: snapshot)
        completion?()
    }

    /// The engine now holds the snapshot's identifiers (unless the apply raised UIKit's exception).
    private func holdIdentifiers(of snapshot: Snapshot) {
        guard !UIKitException.isPending else { return }
        collectionView.heldIdentifiers.replace(with: snapshot.arena, engine: collectionView.engine)
    }

    /// Resets to a snapshot without a diff: every section re-queried, every visible cell
    /// requested again (D3.2).
    open func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
        collectionView.perform { engine in try engine.applyUsingReloadData(snapshot.core) }
        holdIdentifiers(of: snapshot)
        completion?()
    }

    /// Replaces one section's contents with an outline; the section shows its visible items (D5.5).
    open func apply(
        _ snapshot: SectionSnapshot, to section: SectionIdentifierType, animatingDifferences: Bool = true,
        completion: (() -> Void)? = nil
    ) {
        collectionView.perform { engine in
            try engine.apply(snapshot.core, to: AnyIdentifier.lookup(section), animatingDifferences: animatingDifferences)
        }
        if !UIKitException.isPending { collectionView.heldIdentifiers.add(snapshot.arena, engine: collectionView.engine) }
        completion?()
    }

    /// The async form: returns when the apply (and its layout pass) is done.
    open func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true) async {
        apply(snapshot, animatingDifferences: animatingDifferences, completion: nil)
    }

    /// The async form of `applySnapshotUsingReloadData(_:completion:)`.
    open func applySnapshotUsingReloadData(_ snapshot: Snapshot) async {
        applySnapshotUsingReloadData(snapshot, completion: nil)
    }

    /// The async form of `apply(_:to:animatingDifferences:completion:)`.
    open func apply(_ snapshot: SectionSnapshot, to section: SectionIdentifierType, animatingDifferences: Bool = true) async {
        apply(snapshot, to: section, animatingDifferences: animatingDifferences, completion: nil)
    }

    // MARK: Reading

    /// The current snapshot; an outline section lists its visible items (D5.6 [B]).
    open func snapshot() -> Snapshot {
        Snapshot(core: collectionView.engine.dataSource.snapshot(), arena: collectionView.heldIdentifiers.arena)
    }

    /// A section's outline, or its items as roots.
    open func snapshot(for section: SectionIdentifierType) -> SectionSnapshot {
        SectionSnapshot(
            core: collectionView.engine.dataSource.snapshot(for: AnyIdentifier.lookup(section)) ?? .init(),
            arena: collectionView.heldIdentifiers.arena)
    }

    /// The item shown at `indexPath`, if any.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        collectionView.engine.dataSource.itemIdentifier(for: indexPath.core)?.typed()
    }

    /// Where an item is shown, if it is.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        collectionView.engine.dataSource.indexPath(for: AnyIdentifier.lookup(itemIdentifier)).map(IndexPath.init)
    }

    /// The section at `index` (what iOS 15 section providers use to pick a layout).
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        let ids = collectionView.engine.dataSource.snapshot().sectionIdentifiers
        return ids.indices.contains(index) ? ids[index].typed() : nil
    }

    /// The index of a section, if it is shown.
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
        collectionView.engine.dataSource.snapshot().indexOfSection(AnyIdentifier.lookup(sectionIdentifier))
    }

    /// A user drag of the row at `from` to `to` (E2): the handlers may refuse; the data source
    /// updates its snapshot with the move (an apply without animation that moves one item, no
    /// cell-provider call: the cell is already where the user dropped it), telling `willReorder`
    /// before and `didReorder` after.
    private func reorder(from: IndexPath, to: IndexPath) throws -> Bool {
        guard let canReorder = reorderingHandlers.canReorderItem, let item = itemIdentifier(for: from), canReorder(item) else {
            return false
        }
        let initial = snapshot()
        let sections = initial.sectionIdentifiers
        guard sections.indices.contains(to.section) else { throw ReorderError.destinationOutOfRange(to) }
        let destination = sections[to.section]
        var final = initial
        final.deleteItems([item])
        let remaining = final.itemIdentifiers(inSection: destination)
        guard to.item <= remaining.count else { throw ReorderError.destinationOutOfRange(to) }
        if to.item < remaining.count {
            final.insertItems([item], beforeItem: remaining[to.item])
        } else {
            final.appendItems([item], toSection: destination)
        }
        let changed = Set([sections[from.section], destination])
        let sectionTransactions = sections.filter { changed.contains($0) }.map { section in
            let before = initial.itemIdentifiers(inSection: section)
            let after = final.itemIdentifiers(inSection: section)
            var initialSection = SectionSnapshot()
            initialSection.append(before)
            var finalSection = SectionSnapshot()
            finalSection.append(after)
            return NSDiffableDataSourceSectionTransaction(
                sectionIdentifier: section, initialSnapshot: initialSection, finalSnapshot: finalSection,
                difference: after.difference(from: before))
        }
        let transaction = NSDiffableDataSourceTransaction(
            initialSnapshot: initial, finalSnapshot: final,
            difference: final.itemIdentifiers.difference(from: initial.itemIdentifiers), sectionTransactions: sectionTransactions)
        reorderingHandlers.willReorder?(transaction)
        apply(final, animatingDifferences: false)
        reorderingHandlers.didReorder?(transaction)
        return true
    }

    private func installSectionSnapshotHandlers() {
        let handlers = sectionSnapshotHandlers
        var core = collectionView.engine.dataSource.sectionSnapshotHandlers
        // The engine calls these synchronously from a main-actor apply or tap.
        core.shouldExpandItem = handlers.shouldExpandItem.map { should in
            { (item: AnyIdentifier) in MainActor.assumeIsolated { should(item.typed()) } }
        }
        core.willExpandItem = handlers.willExpandItem.map { will in
            { (item: AnyIdentifier) in MainActor.assumeIsolated { will(item.typed()) } }
        }
        core.shouldCollapseItem = handlers.shouldCollapseItem.map { should in
            { (item: AnyIdentifier) in MainActor.assumeIsolated { should(item.typed()) } }
        }
        core.willCollapseItem = handlers.willCollapseItem.map { will in
            { (item: AnyIdentifier) in MainActor.assumeIsolated { will(item.typed()) } }
        }
        core.snapshotForExpandingParent = handlers.snapshotForExpandingParent.map { supply in
            { [unowned collectionView] (item: AnyIdentifier, children: SectionSnapshot.Core) in
                MainActor.assumeIsolated {
                    let supplied = supply(
                        item.typed(), SectionSnapshot(core: children, arena: collectionView.heldIdentifiers.arena))
                    collectionView.heldIdentifiers.add(supplied.arena, engine: collectionView.engine)
                    return supplied.core
                }
            }
        }
        collectionView.engine.dataSource.sectionSnapshotHandlers = core
    }
}

/// A reorder destination that is not in the data (a simulator call, not a UIKit crash).
public enum ReorderError: Error, Sendable, Hashable, CustomStringConvertible {
    case destinationOutOfRange(IndexPath)

    public var description: String {
        switch self {
        case .destinationOutOfRange(let path): "no place at \(path) to drop the row"
        }
    }
}
