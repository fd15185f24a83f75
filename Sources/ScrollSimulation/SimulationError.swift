/// Why a simulation cannot continue.
public enum SimulationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The spec names something that does not exist.
    case invalidSpec(String)
    /// The collection view or the data source failed (an app crash in UIKit).
    case collectionView(String)

    public var description: String {
        switch self {
        case .invalidSpec(let message): "invalid simulation: \(message)"
        case .collectionView(let message): message
        }
    }
}
