/// A flow layout's answers for one section (UIKit's `UICollectionViewFlowLayout`, FL5): the
/// delegate's where it implements the method, the layout's own properties elsewhere.
public struct FlowSection: Sendable, Hashable {
    /// Item sizes, cycled over the section's items: item `i` is `itemSizes[i % itemSizes.count]`,
    /// so one entry sizes every item.
    public var itemSizes: [Size]
    /// Whether the sizes are the delegate's `sizeForItemAt` answers: then every item of the
    /// section is asked for whenever the layout asks the delegate again (FL5, FL6).
    public var sizesFromDelegate: Bool
    /// `sectionInset`, with UIKit's left as leading and right as trailing.
    public var inset: DirectionalEdgeInsets
    /// The minimum space between lines.
    public var minimumLineSpacing: Double
    /// The minimum space between items of a line.
    public var minimumInteritemSpacing: Double
    /// Only the extent along the scrolling counts (a vertical layout's header height); zero for
    /// none (FL4).
    public var headerReferenceSize: Size
    public var footerReferenceSize: Size

    /// UIKit's defaults: 50 × 50 items, 10-point spacings, no insets, header or footer.
    public init(
        itemSizes: [Size] = [Size(width: 50, height: 50)], sizesFromDelegate: Bool = false, inset: DirectionalEdgeInsets = .zero,
        minimumLineSpacing: Double = 10, minimumInteritemSpacing: Double = 10, headerReferenceSize: Size = .zero,
        footerReferenceSize: Size = .zero
    ) {
        self.itemSizes = itemSizes
        self.sizesFromDelegate = sizesFromDelegate
        self.inset = inset
        self.minimumLineSpacing = minimumLineSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.headerReferenceSize = headerReferenceSize
        self.footerReferenceSize = footerReferenceSize
    }

    /// The length of this section's lines: the container across the scrolling, less the insets.
    public func lineLength(container: Size, scrollDirection: Axis) -> Double {
        let length =
            scrollDirection == .vertical
            ? container.width - inset.leading - inset.trailing : container.height - inset.top - inset.bottom
        return max(0, length)
    }

    /// The delegate calls a pass that asks again costs for this section: one `sizeForItemAt` per
    /// item when the delegate sizes the items (FL5).
    public func sizeForItemCalls(itemCount: Int) -> Int { sizesFromDelegate ? itemCount : 0 }
}

/// What a flow layout says once for all its sections.
public struct FlowLayoutStyle: Sendable, Hashable {
    /// Pinned headers or footers stay on screen while their section is (FL4).
    public var sectionHeadersPinToVisibleBounds: Bool
    public var sectionFootersPinToVisibleBounds: Bool
    /// Where the last line of a section of items of different sizes starts (FL2 [S]).
    public var lastLineAlignment: FlowLineAlignment
    /// The element kinds of headers and footers.
    public var headerElementKind: String
    public var footerElementKind: String

    public init(
        sectionHeadersPinToVisibleBounds: Bool = false, sectionFootersPinToVisibleBounds: Bool = false,
        lastLineAlignment: FlowLineAlignment = .leading, headerElementKind: String = LayoutSection.headerElementKind,
        footerElementKind: String = LayoutSection.footerElementKind
    ) {
        self.sectionHeadersPinToVisibleBounds = sectionHeadersPinToVisibleBounds
        self.sectionFootersPinToVisibleBounds = sectionFootersPinToVisibleBounds
        self.lastLineAlignment = lastLineAlignment
        self.headerElementKind = headerElementKind
        self.footerElementKind = footerElementKind
    }
}
