/// A feed's progress.
struct FeedState: Sendable {
    let spec: FeedSpec
    /// A request is in flight (P3.2 step 1).
    var inFlight = false
    var pagesDelivered = 0
    /// The feed stopped: max pages reached, retries exhausted, or a fatal duplicate.
    var ended = false
    /// Whether a Texture check already ran since the last data change (P3.3 loop guard).
    var checkedSinceUpdate = false

    init(spec: FeedSpec) { self.spec = spec }

    var isExhausted: Bool { ended || (spec.maxPages.map { pagesDelivered >= $0 } ?? false) }
}

extension FeedTrigger {
    var isLeadingScreens: Bool {
        if case .leadingScreens = self { return true }
        return false
    }
}
