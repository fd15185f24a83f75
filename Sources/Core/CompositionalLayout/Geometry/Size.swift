/// A width and a height in points.
public struct Size: Sendable, Hashable {
    public var width: Double
    public var height: Double

    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Builds a size from its length along `axis` and across it.
    @inlinable
    public init(axis: Axis, along: Double, across: Double) {
        if axis == .horizontal {
            self.init(width: along, height: across)
        } else {
            self.init(width: across, height: along)
        }
    }

    public static let zero = Size(width: 0, height: 0)

    /// The length along `axis` (width for horizontal, height for vertical).
    @inlinable
    public func length(along axis: Axis) -> Double { axis == .horizontal ? width : height }

    /// Returns a copy whose length along `axis` is `value`.
    @inlinable
    public func with(_ value: Double, along axis: Axis) -> Size {
        var copy = self
        if axis == .horizontal { copy.width = value } else { copy.height = value }
        return copy
    }
}
