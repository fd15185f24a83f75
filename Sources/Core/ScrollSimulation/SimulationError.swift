import CollectionView
import DiffableDataSource

/// Why a simulation cannot continue, or an input cannot be performed.
public enum SimulationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The spec or an input names something that does not exist.
    case invalidSpec(String)
    /// The collection view failed: UIKit would crash the app here.
    case collectionView(CollectionViewError)
    /// A snapshot edit failed: UIKit would crash the app here.
    case snapshot(SnapshotError)
    /// What ran the simulation outside this process stopped (a screen host that crashed, hung or
    /// broke its protocol), in words that name the cause.
    case external(String)
    /// An edit would grow the simulation past the item budget it is charged to (`ItemBudget`).
    case limitReached(name: String, maximum: Int)

    public var description: String {
        switch self {
        case .invalidSpec(let message): "invalid simulation: \(message)"
        case .collectionView(let error): error.description
        case .snapshot(let error): error.description
        case .external(let reason): reason
        case .limitReached(let name, let maximum): "limit \(name) reached (at most \(maximum) items)"
        }
    }
}
