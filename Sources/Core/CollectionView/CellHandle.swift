import CollectionTypes

/// A dequeued cell: which object (by number) and from which registration. Cells hold no pixels;
/// only their identity matters for reuse counts (UIKit model 2.4).
public struct CellHandle: Sendable, Hashable {
    /// Unique per created cell, in creation order.
    public let id: Int
    public let reuseIdentifier: String
}

/// What a dequeue did (UIKit model 2.4).
public enum DequeueOutcome: Sendable, Hashable {
    /// The pool was empty: a new cell.
    case created
    /// A cell from the pool (`prepareForReuse` runs).
    case reused
    /// A reconfigure: the item's own live cell, no `prepareForReuse` (B4.2).
    case reconfiguring
}

/// Why the cell provider was asked for a cell (UIKit model 2.3).
public enum CellRequestReason: String, Sendable, Hashable {
    /// The item entered the visible region.
    case appeared
    /// The item is about to enter: requested ahead of the viewport (PF3).
    case prefetched
    /// A reloaded item with a live cell: a new cell is dequeued.
    case reloaded
    /// A reconfigured item with a live cell: the same cell is configured again.
    case reconfigured
    /// reloadData: every visible item is requested again.
    case reloadData
}
