/// An element as a walk over the layout hands it to `forEachVisibleElement(in:marking:_:)`: the
/// fields of its `LayoutAttributes`, with the kind held unretained. A plain value: a collection
/// view visits every element of its regions on every frame, and attributes, which hold their kind
/// by reference, cost a retain and release per copy (with a `String` kind, calls through the type's
/// value witnesses).
///
/// Valid only inside the call that receives it: the kind belongs to the layout's descriptions,
/// which the walk keeps alive while it runs. Keep `attributes`, not the element itself.
public struct VisitedElement {
    public var category: LayoutAttributes.Category
    public var indexPath: ItemPath
    /// The frame in content coordinates, as `LayoutAttributes.frame`.
    public var frame: Rect
    public var zIndex: Int
    public var isPinned: Bool
    /// A section header or footer that pins to the visible bounds: its frame follows the
    /// viewport, pinned or not yet (`isPinned` says whether it is displaced now).
    public var isPinnable: Bool
    /// An item, or an item's supplementary view, of an orthogonal section: its frame is the
    /// unscrolled one and moves with the row's offset (section headers and backgrounds do not).
    public var movesWithRow: Bool
    let kind: Unmanaged<ElementKindName>?

    init(category: LayoutAttributes.Category, kind: ElementKindName?, indexPath: ItemPath, frame: Rect, zIndex: Int = 0) {
        self.category = category
        self.kind = kind.map(Unmanaged.passUnretained)
        self.indexPath = indexPath
        self.frame = frame
        self.zIndex = zIndex
        self.isPinned = false
        self.isPinnable = false
        self.movesWithRow = false
    }

    /// The supplementary or decoration element kind; nil for cells.
    public var elementKind: String? { kind?.takeUnretainedValue().name }

    /// The element's attributes, to keep.
    public var attributes: LayoutAttributes {
        LayoutAttributes(
            category: category, kind: kind?.takeUnretainedValue(), indexPath: indexPath, frame: frame, zIndex: zIndex,
            isPinned: isPinned)
    }
}
