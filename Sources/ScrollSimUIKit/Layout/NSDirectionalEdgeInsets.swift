import CompositionalLayout
import Foundation

/// Insets whose leading and trailing follow the layout direction (UIKit's
/// `NSDirectionalEdgeInsets`).
public struct NSDirectionalEdgeInsets: Sendable, Hashable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }

    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public static let zero = NSDirectionalEdgeInsets()

    init(_ core: DirectionalEdgeInsets) {
        self.init(top: core.top, leading: core.leading, bottom: core.bottom, trailing: core.trailing)
    }

    var core: DirectionalEdgeInsets {
        DirectionalEdgeInsets(top: Double(top), leading: Double(leading), bottom: Double(bottom), trailing: Double(trailing))
    }
}

/// Where a supplementary item sits against its container (UIKit's `NSRectAlignment`).
public enum NSRectAlignment: Int, Sendable, Hashable {
    case none = 0, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing

    var core: RectAlignment {
        switch self {
        case .none: .none
        case .top: .top
        case .topLeading: .topLeading
        case .leading: .leading
        case .bottomLeading: .bottomLeading
        case .bottom: .bottom
        case .bottomTrailing: .bottomTrailing
        case .trailing: .trailing
        case .topTrailing: .topTrailing
        }
    }

    init(_ core: RectAlignment) {
        self =
            switch core {
            case .none: .none
            case .top: .top
            case .topLeading: .topLeading
            case .leading: .leading
            case .bottomLeading: .bottomLeading
            case .bottom: .bottom
            case .bottomTrailing: .bottomTrailing
            case .trailing: .trailing
            case .topTrailing: .topTrailing
            }
    }
}

/// Which insets of the collection view a layout container subtracts (UIKit's
/// `UIContentInsetsReference`, SEMANTICS G1.1.2).
public enum UIContentInsetsReference: Int, Sendable, Hashable {
    case automatic = 0, none, safeArea, layoutMargins, readableContent

    var core: ContentInsetsReference {
        switch self {
        case .automatic: .automatic
        case .none: .none
        case .safeArea: .safeArea
        case .layoutMargins: .layoutMargins
        case .readableContent: .readableContent
        }
    }

    init(_ core: ContentInsetsReference) {
        self =
            switch core {
            case .automatic: .automatic
            case .none: .none
            case .safeArea: .safeArea
            case .layoutMargins: .layoutMargins
            case .readableContent: .readableContent
            }
    }
}
