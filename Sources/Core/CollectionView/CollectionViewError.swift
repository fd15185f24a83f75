import CollectionTypes
import CompositionalLayout
import DiffableDataSource

/// UIKit's crashes in the collection view, as errors: clear reports a caller can catch.
public enum CollectionViewError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `dequeueReusableCell` with an identifier no registration declared.
    case unregisteredReuseIdentifier(String)
    /// The cell provider returned a cell that was not dequeued for this index path.
    case cellNotDequeued(ItemPath)
    /// A reconfigure dequeued from another registration than the cell's own (B4.2).
    case reconfiguredWithDifferentIdentifier(existing: String, requested: String)
    /// The layout could not be solved.
    case layout(LayoutError)
    /// The data source rejected an apply or a snapshot edit.
    case snapshot(SnapshotError)
    /// The app's provider closure threw an error of its own (its description).
    case providerFailed(String)
    /// The layout puts more elements in the visible and prefetch area than a collection view
    /// here realises at once (`CollectionView.maxLiveElements`): items a fraction of a point
    /// long, where UIKit would try to make every one a view.
    case tooManyLiveElements(count: Int, limit: Int)

    public var description: String {
        switch self {
        case .unregisteredReuseIdentifier(let identifier):
            "could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
        case .cellNotDequeued(let indexPath):
            "the cell returned from the cell provider for index path \(indexPath) was not retrieved by calling -dequeueReusableCellWithReuseIdentifier:forIndexPath:"
        case .reconfiguredWithDifferentIdentifier(let existing, let requested):
            "Attempted to dequeue a cell for a different registration or reuse identifier than the existing cell when reconfiguring an item, which is not allowed. You must dequeue a cell using the same registration or reuse identifier that was used to dequeue the cell originally to obtain the existing cell. Existing: \(existing); requested: \(requested)"
        case .layout(let error): "layout: \(error.description)"
        case .snapshot(let error): error.description
        case .providerFailed(let message): message
        case .tooManyLiveElements(let count, let limit):
            "the layout puts \(count) elements in the visible and prefetch area at once (items a fraction of a point long?); a collection view realises at most \(limit)"
        }
    }
}
