/// One section's description, as a section provider returns it (UIKit's
/// `NSCollectionLayoutSection`).
public struct LayoutSection: Sendable {
    /// The group repeated to lay out the section's items (G1.6.1).
    public var group: LayoutGroup
    /// Space between group instances (G1.6.2).
    public var interGroupSpacing: Double
    /// Insets of the section's content (G1.2: they shrink the box the group resolves against).
    public var contentInsets: DirectionalEdgeInsets
    /// The section's container reference; `.automatic` defers to the configuration (G1.1.2).
    public var contentInsetsReference: ContentInsetsReference
    public var orthogonalScrollingBehavior: OrthogonalScrollingBehavior
    public var boundarySupplementaryItems: [BoundarySupplementaryItem]
    /// Whether headers and footers follow the section's leading/trailing insets (default true,
    /// UIKit model G1.8.1).
    public var supplementariesFollowContentInsets: Bool
    /// Views the layout places behind the section, e.g. its background (G1.13).
    public var decorationItems: [DecorationItem]
    /// The list appearance this section came from, if it was built by `list(using:environment:)`.
    public var listAppearance: ListConfiguration.Appearance?

    public init(
        group: LayoutGroup, interGroupSpacing: Double = 0, contentInsets: DirectionalEdgeInsets = .zero,
        contentInsetsReference: ContentInsetsReference = .automatic,
        orthogonalScrollingBehavior: OrthogonalScrollingBehavior = .none,
        boundarySupplementaryItems: [BoundarySupplementaryItem] = [], supplementariesFollowContentInsets: Bool = true,
        decorationItems: [DecorationItem] = []
    ) {
        self.group = group
        self.interGroupSpacing = interGroupSpacing
        self.contentInsets = contentInsets
        self.contentInsetsReference = contentInsetsReference
        self.orthogonalScrollingBehavior = orthogonalScrollingBehavior
        self.boundarySupplementaryItems = boundarySupplementaryItems
        self.supplementariesFollowContentInsets = supplementariesFollowContentInsets
        self.decorationItems = decorationItems
        self.listAppearance = nil
    }
}
