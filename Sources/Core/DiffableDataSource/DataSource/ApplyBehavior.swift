/// Which UIKit generation's apply semantics to reproduce (D3.2).
public enum ApplyBehavior: String, Sendable, Hashable, CaseIterable {
    /// iOS 15+: `apply` always diffs; the flag only controls animation.
    case iOS15
    /// iOS 13/14: `apply(animatingDifferences: false)` is `reloadData`.
    case iOS13
}
