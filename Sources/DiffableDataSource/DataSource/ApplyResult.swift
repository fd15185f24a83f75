/// What an apply asks the collection view to do.
public enum ApplyUpdate: Sendable, Hashable {
    /// `reloadData`: every section re-queried, every visible cell requested again (iOS 13/14
    /// non-animated apply, `applySnapshotUsingReloadData`; D3.2).
    case reloadData
    /// One batch update with this changeset (iOS 15+ always; iOS 13/14 when animated).
    case batch(Changeset)

    /// Whether the apply changes nothing (an empty batch: no layout pass, A2 [B]).
    public var isEmpty: Bool {
        if case .batch(let changes) = self { return changes.isEmpty }
        return false
    }

    /// The changeset of a batch update.
    public var changeset: Changeset? {
        if case .batch(let changes) = self { return changes }
        return nil
    }
}

/// Which UIKit generation's apply semantics to reproduce (D3.2).
public enum ApplyBehavior: String, Sendable, Hashable, CaseIterable {
    /// iOS 15+: `apply` always diffs; the flag only controls animation.
    case iOS15
    /// iOS 13/14: `apply(animatingDifferences: false)` is `reloadData`.
    case iOS13
}

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
