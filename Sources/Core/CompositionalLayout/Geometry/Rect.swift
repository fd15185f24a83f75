/// A rectangle in layout coordinates.
public struct Rect: Sendable, Hashable {
    public var origin: Point
    public var size: Size

    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// Builds a rectangle from its extents along `axis` and across it.
    @inlinable
    public init(axis: Axis, along: Double, across: Double, alongLength: Double, acrossLength: Double) {
        self.init(
            origin: Point(axis: axis, along: along, across: across),
            size: Size(axis: axis, along: alongLength, across: acrossLength))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    @inlinable public var minX: Double { origin.x }
    @inlinable public var minY: Double { origin.y }
    @inlinable public var maxX: Double { origin.x + size.width }
    @inlinable public var maxY: Double { origin.y + size.height }

    /// The lowest coordinate along `axis`.
    @inlinable
    public func min(along axis: Axis) -> Double { origin.value(along: axis) }

    /// The highest coordinate along `axis`.
    @inlinable
    public func max(along axis: Axis) -> Double { origin.value(along: axis) + size.length(along: axis) }

    /// Whether the two rectangles overlap on both axes.
    ///
    /// Half-open semantics: rectangles that only touch along an edge do not intersect, so a cell
    /// that ends exactly where the viewport starts is not visible. A zero-length rectangle strictly
    /// inside the other one does intersect.
    @inlinable
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The rectangle moved by `dx`, `dy`.
    @inlinable
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(origin: Point(x: origin.x + dx, y: origin.y + dy), size: size)
    }

    /// The rectangle moved by `delta` along `axis`.
    @inlinable
    public func offset(by delta: Double, along axis: Axis) -> Rect {
        axis == .horizontal ? offsetBy(dx: delta, dy: 0) : offsetBy(dx: 0, dy: delta)
    }

    /// The rectangle shrunk by `insets` on each edge (UIKit model G1.3.1).
    @inlinable
    public func inset(by insets: DirectionalEdgeInsets) -> Rect {
        Rect(
            x: origin.x + insets.leading, y: origin.y + insets.top,
            width: size.width - insets.leading - insets.trailing,
            height: size.height - insets.top - insets.bottom)
    }

    /// The rectangle grown by `before` below its start and `after` past its end along `axis`.
    @inlinable
    public func extended(along axis: Axis, before: Double, after: Double) -> Rect {
        Rect(
            axis: axis, along: min(along: axis) - before, across: min(along: axis.other),
            alongLength: size.length(along: axis) + before + after, acrossLength: size.length(along: axis.other))
    }

    /// The smallest rectangle containing both.
    @inlinable
    public func union(_ other: Rect) -> Rect {
        let x0 = Swift.min(minX, other.minX)
        let y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX)
        let y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension Rect: CustomStringConvertible {
    public var description: String {
        "(\(formatPoints(minX)), \(formatPoints(minY)), \(formatPoints(size.width)), \(formatPoints(size.height)))"
    }
}

/// Formats a point value without a trailing ".0" for whole numbers (390 rather than 390.0); used
/// wherever points are shown to people (frames, tables, error messages).
public func formatPoints(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}
