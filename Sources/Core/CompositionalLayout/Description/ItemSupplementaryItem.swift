/// The edges of a rectangle, direction-aware (UIKit's `NSDirectionalRectEdge`).
public struct DirectionalRectEdge: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let top = DirectionalRectEdge(rawValue: 1 << 0)
    public static let leading = DirectionalRectEdge(rawValue: 1 << 1)
    public static let bottom = DirectionalRectEdge(rawValue: 1 << 2)
    public static let trailing = DirectionalRectEdge(rawValue: 1 << 3)
    public static let all: DirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

/// Where an item supplementary attaches to its item (UIKit's `NSCollectionLayoutAnchor`).
public struct LayoutAnchor: Sendable, Hashable {
    /// The item edges the supplementary's matching edges align with; on an axis with neither (or
    /// both) edges it is centred [B].
    public var edges: DirectionalRectEdge
    /// A shift after alignment: points, or fractions of the supplementary's own size.
    public var offset: Point
    public var isFractionalOffset: Bool

    public init(edges: DirectionalRectEdge, offset: Point = .zero, isFractionalOffset: Bool = false) {
        self.edges = edges
        self.offset = offset
        self.isFractionalOffset = isFractionalOffset
    }

    /// The supplementary's frame for an item frame `container` and a supplementary size `size`.
    ///
    /// Apple's badge sample anchors a 20 × 20 badge at `[.top, .trailing]` with a fractional
    /// offset (0.3, −0.3): its top-trailing corner sits on the item's, then it moves 6 pt right
    /// and 6 pt up, sticking out of the corner.
    public func frame(of size: Size, in container: Rect) -> Rect {
        func place(start: Bool, end: Bool, min: Double, max: Double, length: Double) -> Double {
            if start && !end { return min }
            if end && !start { return max - length }
            return (min + max - length) / 2
        }
        var x = place(
            start: edges.contains(.leading), end: edges.contains(.trailing), min: container.minX, max: container.maxX,
            length: size.width)
        var y = place(
            start: edges.contains(.top), end: edges.contains(.bottom), min: container.minY, max: container.maxY,
            length: size.height)
        x += isFractionalOffset ? offset.x * size.width : offset.x
        y += isFractionalOffset ? offset.y * size.height : offset.y
        return Rect(x: x, y: y, width: size.width, height: size.height)
    }
}

/// A view attached to one item, such as a badge (UIKit's `NSCollectionLayoutSupplementaryItem`).
/// Its size resolves against the item's frame (UIKit model G1.2); it is requested from the
/// supplementary view provider with the item's index path (G1.8.6).
public struct ItemSupplementaryItem: Sendable, Hashable {
    public var elementKind: String {
        get { kind.name }
        set { kind = ElementKindName(newValue) }
    }
    /// The kind's name by reference, for the attributes made from it (`ElementKindName`).
    var kind: ElementKindName
    public var layoutSize: LayoutSize
    public var containerAnchor: LayoutAnchor
    public var zIndex: Int

    public init(elementKind: String, layoutSize: LayoutSize, containerAnchor: LayoutAnchor, zIndex: Int = 1) {
        self.kind = ElementKindName(elementKind)
        self.layoutSize = layoutSize
        self.containerAnchor = containerAnchor
        self.zIndex = zIndex
    }
}

/// An item supplementary placed in a group instance, relative to the group's origin.
public struct PlacedItemSupplementary: Sendable, Hashable {
    /// The leaf (data item within the instance) it belongs to.
    public var leaf: Int
    public var item: ItemSupplementaryItem
    public var frame: Rect
}
