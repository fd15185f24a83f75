/// What a flow layout asked its delegate and did (FL5 to FL7): each delegate method's calls (only
/// those the app implements), `prepare()` runs, explicit invalidations and self-sizing ones.
public struct FlowLayoutCounts: Sendable, Hashable {
    /// Layout passes that laid sections out again (`prepare()` calls).
    public var prepares = 0
    /// `invalidateLayout()` calls, the layout's own property changes included.
    public var invalidations = 0
    /// Invalidations by a self-sized cell whose preferred size differed.
    public var selfSizingInvalidations = 0
    public var sizeForItem = 0
    public var insetForSection = 0
    public var minimumLineSpacing = 0
    public var minimumInteritemSpacing = 0
    public var referenceSizeForHeader = 0
    public var referenceSizeForFooter = 0

    public init() {}

    /// Every delegate call.
    public var delegateCalls: Int {
        sizeForItem + insetForSection + minimumLineSpacing + minimumInteritemSpacing + referenceSizeForHeader
            + referenceSizeForFooter
    }
}
