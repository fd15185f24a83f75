/// One side of a layout size (UIKit's `NSCollectionLayoutDimension`).
public enum Dimension: Sendable, Hashable {
    /// A fixed length in points.
    case absolute(Double)
    /// An estimate replaced by the measured length once the cell self-sizes (UIKit model G1.10).
    case estimated(Double)
    /// A fraction of the parent box's width, on either axis (UIKit model G1.2).
    case fractionalWidth(Double)
    /// A fraction of the parent box's height, on either axis (UIKit model G1.2).
    case fractionalHeight(Double)

    /// Whether this dimension self-sizes.
    @inlinable
    public var isEstimated: Bool {
        if case .estimated = self { return true }
        return false
    }

    /// The number the dimension carries (points or a fraction).
    @inlinable
    public var value: Double {
        switch self {
        case .absolute(let v), .estimated(let v), .fractionalWidth(let v), .fractionalHeight(let v): v
        }
    }

    /// The length in points against the parent box `parent` (UIKit model G1.2 table).
    ///
    /// An estimated dimension resolves to its estimate until a measured size replaces it.
    @inlinable
    public func resolve(in parent: Size) -> Double {
        switch self {
        case .absolute(let v), .estimated(let v): v
        case .fractionalWidth(let f): f * parent.width
        case .fractionalHeight(let f): f * parent.height
        }
    }
}

/// A width and a height dimension (UIKit's `NSCollectionLayoutSize`).
public struct LayoutSize: Sendable, Hashable {
    public var widthDimension: Dimension
    public var heightDimension: Dimension

    @inlinable
    public init(widthDimension: Dimension, heightDimension: Dimension) {
        self.widthDimension = widthDimension
        self.heightDimension = heightDimension
    }

    /// The dimension along `axis`.
    @inlinable
    public func dimension(along axis: Axis) -> Dimension {
        axis == .horizontal ? widthDimension : heightDimension
    }

    /// Both dimensions resolved against `parent`.
    @inlinable
    public func resolve(in parent: Size) -> Size {
        Size(width: widthDimension.resolve(in: parent), height: heightDimension.resolve(in: parent))
    }
}

/// `Dimension` under a name that does not collide with Foundation's `Dimension` (units), for
/// modules that import both (ScrollSimUIKit).
public typealias LayoutDimension = Dimension
