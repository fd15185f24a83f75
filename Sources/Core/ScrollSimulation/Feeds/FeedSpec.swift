/// When a feed asks for the next page (UIKit model 4.3, `docs/scenarios.md`).
public enum FeedTrigger: Sendable, Hashable {
    /// A cell among the last `n` items is requested.
    case itemsFromEnd(Int)
    /// Texture's rule: the remaining content is within `screens` viewport lengths (P3.2).
    case leadingScreens(Double)
    /// The cell at this index is requested (the seed app's rule); fires again only when that cell
    /// is requested again.
    case displayedIndex(Int)
}

/// Retry after a failed request: after `after` seconds, doubling each time, at most `limit` times.
public struct RetryPolicy: Sendable, Hashable {
    public var after: Double
    public var limit: Int

    public init(after: Double, limit: Int) {
        self.after = after
        self.limit = limit
    }
}

/// Infinite append on one section.
public struct FeedSpec: Sendable, Hashable {
    public var section: String
    public var pageSize: Int
    /// Pages after which the feed ends (nil: never).
    public var maxPages: Int?
    public var trigger: FeedTrigger
    /// Seconds from request to response.
    public var latency: Double
    /// Probability that a request fails.
    public var failureRate: Double
    public var retry: RetryPolicy?
    /// Whether each page is applied with animation (`apply(_:to:animatingDifferences:)`; UIKit's
    /// default `true`; the seed app applies its pages without).
    public var animatingDifferences: Bool

    public init(
        section: String, pageSize: Int, maxPages: Int? = nil, trigger: FeedTrigger, latency: Double = 0.3,
        failureRate: Double = 0, retry: RetryPolicy? = nil, animatingDifferences: Bool = true
    ) {
        self.section = section
        self.pageSize = pageSize
        self.maxPages = maxPages
        self.trigger = trigger
        self.latency = latency
        self.failureRate = failureRate
        self.retry = retry
        self.animatingDifferences = animatingDifferences
    }
}
