/// What a non-empty snapshot apply costs (docs/scenarios.md "invalidation").
public enum InvalidationPolicy: String, Sendable, Hashable, CaseIterable {
    /// iOS 15+ (default): one layout pass that re-queries every section; cells only for inserted,
    /// reloaded or reconfigured items that are visible or prefetched (UIKit model 2.2, 2.3, A1 [O]).
    case uikit
    /// iOS 13/14: a non-animated apply is reloadData: every section re-queried, every visible
    /// cell requested again (D3.2).
    case uikit14
    /// Only the sections whose items changed are re-queried (what a caching layout could do).
    case targeted
}
