/// A spacing value (UIKit's `NSCollectionLayoutSpacing`).
public enum Spacing: Sendable, Hashable {
    /// Exactly this many points (UIKit model G1.4.4).
    case fixed(Double)
    /// At least this many points; leftover space is spread (UIKit model G1.4.5, G1.3.5).
    case flexible(Double)

    /// The fixed value, or the flexible minimum.
    @inlinable
    public var minimum: Double {
        switch self {
        case .fixed(let v), .flexible(let v): v
        }
    }

    @inlinable
    public var isFlexible: Bool {
        if case .flexible = self { return true }
        return false
    }
}

/// Space outside an item's slot on each edge (UIKit's `NSCollectionLayoutEdgeSpacing`).
///
/// Edge spacing moves the item and keeps its size (UIKit model G1.3.3).
public struct EdgeSpacing: Sendable, Hashable {
    public var leading: Spacing?
    public var top: Spacing?
    public var trailing: Spacing?
    public var bottom: Spacing?

    @inlinable
    public init(leading: Spacing? = nil, top: Spacing? = nil, trailing: Spacing? = nil, bottom: Spacing? = nil) {
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
    }

    /// The spacing before the slot along `axis`.
    @inlinable
    public func start(along axis: Axis) -> Spacing? { axis == .horizontal ? leading : top }

    /// The spacing after the slot along `axis`.
    @inlinable
    public func end(along axis: Axis) -> Spacing? { axis == .horizontal ? trailing : bottom }
}
