/// How a section scrolls across the main axis (UIKit's
/// `UICollectionLayoutSectionOrthogonalScrollingBehavior`; raw values from UIKit model G1.9.1).
public enum OrthogonalScrollingBehavior: Int, Sendable, Hashable, CaseIterable {
    case none = 0
    case continuous = 1
    case continuousGroupLeadingBoundary = 2
    case paging = 3
    case groupPaging = 4
    case groupPagingCentered = 5

    /// The name UIKit spells (and scenarios use).
    public var name: String {
        switch self {
        case .none: "none"
        case .continuous: "continuous"
        case .continuousGroupLeadingBoundary: "continuousGroupLeadingBoundary"
        case .paging: "paging"
        case .groupPaging: "groupPaging"
        case .groupPagingCentered: "groupPagingCentered"
        }
    }

    /// Whether the section lays its groups along the other axis (G1.9.1).
    public var isOrthogonal: Bool { self != .none }
}
