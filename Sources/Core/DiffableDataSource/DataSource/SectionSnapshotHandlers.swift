/// The user-driven expand/collapse hooks (UIKit's `sectionSnapshotHandlers`, D5.8).
public struct SectionSnapshotHandlers<ItemID: Hashable & Sendable> {
    public var shouldExpandItem: ((ItemID) -> Bool)?
    public var willExpandItem: ((ItemID) -> Void)?
    public var shouldCollapseItem: ((ItemID) -> Bool)?
    public var willCollapseItem: ((ItemID) -> Void)?
    /// Supplies the children to show when a parent expands (lazy outlines).
    public var snapshotForExpandingParent: ((ItemID, SectionSnapshot<ItemID>) -> SectionSnapshot<ItemID>)?

    public init() {}
}
