/// What the collection view asked a layout of the app's own (CL1 to CL6).
public struct CustomLayoutCounts: Sendable, Hashable {
    /// `prepare()` calls: one per layout pass after an invalidation.
    public var prepares = 0
    /// `layoutAttributesForElements(in:)` calls (one per pass, for the whole content, CL2).
    public var elementsInRect = 0
    /// `layoutAttributesForItem(at:)` calls, for items the whole-content query left out.
    public var itemAttributes = 0
    /// `shouldInvalidateLayout(forBoundsChange:)` calls (every bounds change) and how many said
    /// yes.
    public var shouldInvalidateForBoundsChange = 0
    public var boundsChangeInvalidations = 0
    /// `invalidateLayout(with:)` calls, whoever made them.
    public var invalidations = 0
    /// `prepare(forCollectionViewUpdates:)` calls (one per update).
    public var updatePreparations = 0
    /// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)` calls (one per fling).
    public var targetContentOffsets = 0
    /// `shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)` calls (a
    /// cell preferred another size) and how many said yes (CL8).
    public var shouldInvalidateForPreferredAttributes = 0
    public var preferredAttributesInvalidations = 0

    public init() {}
}
