/// What an apply asks the collection view to do.
public enum ApplyUpdate: Sendable, Hashable {
    /// `reloadData`: every section re-queried, every visible cell requested again (D3.2).
    case reloadData(ReloadCause)
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

/// Why an apply became `reloadData`.
public enum ReloadCause: String, Sendable, Hashable {
    /// The app asked for it: `applySnapshotUsingReloadData`, `reloadData()`.
    case requested
    /// A non-animated apply on iOS 13/14, where it is `reloadData` (D3.2; iOS 15 diffs it).
    case nonAnimatedApply
}
