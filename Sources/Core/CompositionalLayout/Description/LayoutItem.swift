/// A leaf of a group: one data item gets one cell in its slot (UIKit's `NSCollectionLayoutItem`).
public struct LayoutItem: Sendable, Hashable {
    /// The slot size, resolved against the containing group's box (UIKit model G1.2).
    public var layoutSize: LayoutSize
    /// Insets that shrink the cell inside its slot (UIKit model G1.3.1); ignored on estimated axes
    /// (G1.3.2).
    public var contentInsets: DirectionalEdgeInsets
    /// Space outside the slot (UIKit model G1.3.3 to G1.3.5).
    public var edgeSpacing: EdgeSpacing?
    /// Views attached to each cell of this item, such as badges.
    public var supplementaryItems: [ItemSupplementaryItem]

    @inlinable
    public init(
        layoutSize: LayoutSize, contentInsets: DirectionalEdgeInsets = .zero, edgeSpacing: EdgeSpacing? = nil,
        supplementaryItems: [ItemSupplementaryItem] = []
    ) {
        self.layoutSize = layoutSize
        self.contentInsets = contentInsets
        self.edgeSpacing = edgeSpacing
        self.supplementaryItems = supplementaryItems
    }
}
