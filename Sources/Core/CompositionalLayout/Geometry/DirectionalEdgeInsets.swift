/// Insets on the four edges, named by direction (UIKit's `NSDirectionalEdgeInsets`).
///
/// Layouts are left-to-right (UIKit model U1): leading is the left edge, trailing the right one.
public struct DirectionalEdgeInsets: Sendable, Hashable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    @inlinable
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same inset on every edge.
    @inlinable
    public init(all value: Double) {
        self.init(top: value, leading: value, bottom: value, trailing: value)
    }

    public static let zero = DirectionalEdgeInsets()

    /// The inset at the start of `axis` (leading for horizontal, top for vertical).
    @inlinable
    public func start(along axis: Axis) -> Double { axis == .horizontal ? leading : top }

    /// The inset at the end of `axis` (trailing for horizontal, bottom for vertical).
    @inlinable
    public func end(along axis: Axis) -> Double { axis == .horizontal ? trailing : bottom }

    /// The sum of both insets along `axis`.
    @inlinable
    public func total(along axis: Axis) -> Double { start(along: axis) + end(along: axis) }

    /// A copy with the insets along `axis` set to zero.
    ///
    /// Content insets are ignored on any axis whose dimension is estimated (UIKit model G1.3.2).
    @inlinable
    public func zeroing(_ axis: Axis) -> DirectionalEdgeInsets {
        var copy = self
        if axis == .horizontal {
            copy.leading = 0
            copy.trailing = 0
        } else {
            copy.top = 0
            copy.bottom = 0
        }
        return copy
    }

    /// Resolves insets below 1 as fractions of `size` on that axis, when `enabled`.
    ///
    /// Apple documents the fractional reading only for `NSCollectionLayoutContainer`; an
    /// open-source re-implementation applies it to every inset (UIKit model G1.1.3, A14 [B]).
    /// scrollsim therefore makes it opt-in and off by default.
    @inlinable
    public func resolvingFractions(in size: Size, enabled: Bool) -> DirectionalEdgeInsets {
        guard enabled else { return self }
        func resolve(_ value: Double, _ length: Double) -> Double {
            value > 0 && value < 1 ? value * length : value
        }
        return DirectionalEdgeInsets(
            top: resolve(top, size.height), leading: resolve(leading, size.width),
            bottom: resolve(bottom, size.height), trailing: resolve(trailing, size.width))
    }
}
