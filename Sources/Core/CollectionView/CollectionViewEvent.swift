import CollectionTypes
import CompositionalLayout
import DiffableDataSource

/// One thing the collection view did, for the event log: one record per layout pass, per
/// cell-provider call, and so on.
public enum CollectionViewEvent<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
    /// A layout pass and the sections whose provider ran.
    case layoutPass(LayoutPass, queried: [SectionID])
    /// The cell provider ran.
    case cellRequested(
        section: SectionID, indexPath: ItemPath, item: ItemID, cell: CellHandle, created: Bool, reason: CellRequestReason)
    /// A cell left the visible and prefetch region and went back to its pool.
    case cellEnded(section: SectionID, indexPath: ItemPath, cell: CellHandle)
    /// A live cell came into the visible rectangle (UIKit's `willDisplay`).
    case cellDisplayed(section: SectionID, indexPath: ItemPath, cell: CellHandle)
    /// A live cell left the visible rectangle; it may stay prepared (UIKit's `didEndDisplaying`).
    case cellHidden(section: SectionID, indexPath: ItemPath, cell: CellHandle)
    /// Index paths entering the region ahead, for a prefetch data source (`prefetchItemsAt`),
    /// nearest first.
    case prefetchItems([ItemPath])
    /// Index paths announced by `prefetchItems` that left the region before their cell was
    /// requested (`cancelPrefetchingForItemsAt`).
    case cancelPrefetching([ItemPath])
    /// The supplementary view provider ran.
    case supplementaryRequested(section: SectionID?, kind: String, indexPath: ItemPath)
    /// A supplementary view left the visible and prefetch region (its view can be reused).
    case supplementaryEnded(kind: String, indexPath: ItemPath, layoutWide: Bool)
    /// The layout showed a decoration view (no provider runs, G1.13.5): a view from the kind's
    /// pool when `reused`, else a new one.
    case decorationShown(section: SectionID?, kind: String, indexPath: ItemPath, reused: Bool)
    /// A decoration view left the region and went back to its kind's pool.
    case decorationEnded(kind: String, indexPath: ItemPath)
    /// A snapshot apply and its update.
    case applied(ApplyUpdate)
    /// A `visibleItemsInvalidationHandler` ran for this section.
    case visibleItemsInvalidated(section: SectionID, offset: Double)
}
