/// One laid-out element (a slim `UICollectionViewLayoutAttributes`).
public struct LayoutAttributes: Sendable, Hashable {
    public enum Category: Sendable, Hashable {
        /// A cell, from the cell provider.
        case cell
        /// A section's header or footer, from the supplementary view provider (G1.8.6).
        case supplementaryView
        /// A layout-wide header or footer (G1.7.4); its index path is `[0, i]`.
        case layoutSupplementaryView
        /// A view the layout places itself, e.g. a section background (G1.13); its index path is
        /// `[section, 0]`.
        case decorationView
    }

    public var category: Category
    /// The supplementary or decoration element kind; nil for cells.
    public var elementKind: String? {
        get { kind?.name }
        set { kind = newValue.map(ElementKindName.init) }
    }
    /// The kind by reference (`ElementKindName`: attributes then copy without a string).
    var kind: ElementKindName?
    public var indexPath: ItemPath
    /// The frame in content coordinates. Orthogonal sections' items are unscrolled (U3): on
    /// screen, subtract the section's orthogonal offset.
    public var frame: Rect
    public var zIndex: Int
    /// Whether the frame was moved by `pinToVisibleBounds` (G1.8.4).
    public var isPinned: Bool

    public init(
        category: Category, elementKind: String? = nil, indexPath: ItemPath, frame: Rect, zIndex: Int = 0,
        isPinned: Bool = false
    ) {
        self.init(
            category: category, kind: elementKind.map(ElementKindName.init), indexPath: indexPath, frame: frame, zIndex: zIndex,
            isPinned: isPinned)
    }

    /// Attributes whose kind is a description's box (made once, shared by every frame's attributes).
    init(category: Category, kind: ElementKindName?, indexPath: ItemPath, frame: Rect, zIndex: Int = 0, isPinned: Bool = false) {
        self.category = category
        self.kind = kind
        self.indexPath = indexPath
        self.frame = frame
        self.zIndex = zIndex
        self.isPinned = isPinned
    }

    /// A copy with the frame snapped to the pixel grid (G1.11).
    public func pixelSnapped(scale: Double) -> LayoutAttributes {
        var copy = self
        copy.frame = frame.pixelSnapped(scale: scale)
        return copy
    }
}

extension Rect {
    /// The rectangle with x, y, width and height each rounded to the nearest 1/`scale`
    /// independently (UIKit model G1.11.2, A8 [B]). A last pass for display and visibility tests;
    /// never feed the result back into geometry (G1.11.3).
    public func pixelSnapped(scale: Double) -> Rect {
        guard scale > 0 else { return self }
        func snap(_ v: Double) -> Double { (v * scale).rounded() / scale }
        return Rect(x: snap(minX), y: snap(minY), width: snap(size.width), height: snap(size.height))
    }
}

extension LayoutAttributes.Category {
    /// The category's name in reports (GetLayout's `category`, `scrollsimctl layout --json`).
    public var name: String {
        switch self {
        case .cell: "cell"
        case .supplementaryView: "supplementary"
        case .layoutSupplementaryView: "layoutSupplementary"
        case .decorationView: "decoration"
        }
    }
}
