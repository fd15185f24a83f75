/// A point in layout coordinates (points, origin top-left, y down; UIKit model U1).
public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Builds a point from its coordinate along `axis` and across it.
    @inlinable
    public init(axis: Axis, along: Double, across: Double) {
        if axis == .horizontal { self.init(x: along, y: across) } else { self.init(x: across, y: along) }
    }

    public static let zero = Point(x: 0, y: 0)

    /// The coordinate along `axis`.
    @inlinable
    public func value(along axis: Axis) -> Double { axis == .horizontal ? x : y }
}
