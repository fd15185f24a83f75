/// Where a supplementary item sits against its section (UIKit's `NSRectAlignment`).
public enum RectAlignment: String, Sendable, Hashable, CaseIterable {
    case none, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing

    /// Which end of `axis` the alignment names: `-1` start, `+1` end, `0` neither.
    ///
    /// For the vertical axis top is the start; for the horizontal axis leading is (LTR, U1).
    public func side(along axis: Axis) -> Int {
        switch axis {
        case .vertical:
            switch self {
            case .top, .topLeading, .topTrailing: -1
            case .bottom, .bottomLeading, .bottomTrailing: 1
            case .none, .leading, .trailing: 0
            }
        case .horizontal:
            switch self {
            case .leading, .topLeading, .bottomLeading: -1
            case .trailing, .topTrailing, .bottomTrailing: 1
            case .none, .top, .bottom: 0
            }
        }
    }
}

/// A section header or footer, or a layout-wide one (UIKit's
/// `NSCollectionLayoutBoundarySupplementaryItem`).
public struct BoundarySupplementaryItem: Sendable, Hashable {
    /// The element kind, e.g. `"header"`; supplementary views are requested per kind (G1.8.6).
    public var elementKind: String {
        get { kind.name }
        set { kind = ElementKindName(newValue) }
    }
    /// The kind's name by reference, for the attributes made from it (`ElementKindName`).
    var kind: ElementKindName
    public var layoutSize: LayoutSize
    public var alignment: RectAlignment
    /// A shift applied after alignment.
    public var absoluteOffset: Point
    /// Whether the item adds to the section's extent (default true, UIKit model G1.8.3).
    public var extendsBoundary: Bool
    /// Whether the item stays visible while its section is on screen (G1.8.4).
    public var pinToVisibleBounds: Bool
    public var zIndex: Int
    public var contentInsets: DirectionalEdgeInsets

    public init(
        elementKind: String, layoutSize: LayoutSize, alignment: RectAlignment, absoluteOffset: Point = .zero,
        extendsBoundary: Bool = true, pinToVisibleBounds: Bool = false, zIndex: Int = 0,
        contentInsets: DirectionalEdgeInsets = .zero
    ) {
        self.kind = ElementKindName(elementKind)
        self.layoutSize = layoutSize
        self.alignment = alignment
        self.absoluteOffset = absoluteOffset
        self.extendsBoundary = extendsBoundary
        self.pinToVisibleBounds = pinToVisibleBounds
        self.zIndex = zIndex
        self.contentInsets = contentInsets
    }
}
