import CollectionTypes

/// A dequeued cell: which object (by number) and from which registration. Cells hold no pixels;
/// only their identity matters for reuse counts (SEMANTICS 2.4).
public struct CellHandle: Sendable, Hashable {
    /// Unique per created cell, in creation order.
    public let id: Int
    public let reuseIdentifier: String
}

/// What a dequeue did (SEMANTICS 2.4).
public enum DequeueOutcome: Sendable, Hashable {
    /// The pool was empty: a new cell.
    case created
    /// A cell from the pool (`prepareForReuse` runs).
    case reused
    /// A reconfigure: the item's own live cell, no `prepareForReuse` (B4.2).
    case reconfiguring
}

/// Why the cell provider was asked for a cell (SEMANTICS 2.3).
public enum CellRequestReason: String, Sendable, Hashable {
    /// The item entered the visible or prefetch region.
    case appeared
    /// A reloaded item with a live cell: a new cell is dequeued.
    case reloaded
    /// A reconfigured item with a live cell: the same cell is configured again.
    case reconfigured
    /// reloadData: every visible item is requested again.
    case reloadData
}

/// UIKit's crashes in the collection view, as errors (issue: clear, catchable reports).
public enum CollectionViewError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `dequeueReusableCell` with an identifier no registration declared.
    case unregisteredReuseIdentifier(String)
    /// The cell provider returned a cell that was not dequeued for this index path.
    case cellNotDequeued(IndexPath)
    /// A reconfigure dequeued from another registration than the cell's own (B4.2).
    case reconfiguredWithDifferentIdentifier(existing: String, requested: String)
    /// The layout could not be solved.
    case layout(String)
    /// The data source rejected an apply.
    case snapshot(String)

    public var description: String {
        switch self {
        case .unregisteredReuseIdentifier(let identifier):
            "could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
        case .cellNotDequeued(let indexPath):
            "the cell returned from the cell provider for index path \(indexPath) was not retrieved by calling -dequeueReusableCellWithReuseIdentifier:forIndexPath:"
        case .reconfiguredWithDifferentIdentifier(let existing, let requested):
            "Attempted to dequeue a cell for a different registration or reuse identifier than the existing cell when reconfiguring an item, which is not allowed. You must dequeue a cell using the same registration or reuse identifier that was used to dequeue the cell originally to obtain the existing cell. Existing: \(existing); requested: \(requested)"
        case .layout(let message): "layout: \(message)"
        case .snapshot(let message): message
        }
    }
}
