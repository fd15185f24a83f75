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

    // UIKit's raw values follow the engine's case order (none, top, topLeading, ...).
    var core: RectAlignment { RectAlignment.allCases[rawValue] }

    init(_ core: RectAlignment) { self.init(rawValue: RectAlignment.allCases.firstIndex(of: core)!)! }
}

/// Which insets of the collection view a layout container subtracts (UIKit's
/// `UIContentInsetsReference`, UIKit model G1.1.2).
public enum UIContentInsetsReference: Int, Sendable, Hashable {
    case automatic = 0, none, safeArea, layoutMargins, readableContent

    // UIKit's raw values follow the engine's case order (automatic, none, safeArea, ...).
    var core: ContentInsetsReference { ContentInsetsReference.allCases[rawValue] }

    init(_ core: ContentInsetsReference) { self.init(rawValue: ContentInsetsReference.allCases.firstIndex(of: core)!)! }
}
