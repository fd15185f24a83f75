import ScrollSimUIKit

/// One count of a simulator as a performance metric, in the manner of XCTest's `XCTMetric`: what
/// `measure(metrics:)` records for an iteration is how much the count grew while the block ran.
public struct CountMetric: Sendable {
    /// The count, as `Counts` names it.
    public let count: WritableKeyPath<Counts, Int> & Sendable
    /// The simulator whose count is read before and after each iteration.
    public let simulator: ScrollSimulator

    public init(_ count: WritableKeyPath<Counts, Int> & Sendable, of simulator: ScrollSimulator) {
        self.count = count
        self.simulator = simulator
    }

    /// The count's name in `docs/scenarios.md` (`sectionProvider`, `cellProvider`, …).
    public var name: String {
        Counts.fields.first { $0.keyPath == count }?.name ?? "\(count)"
    }

    /// The count's value now.
    @MainActor var current: Int { simulator.counts[keyPath: count] }

    /// What a layout's re-invocation costs: section-provider calls, cell-provider calls and
    /// layout passes of `simulator`.
    public static func providerCalls(of simulator: ScrollSimulator) -> [CountMetric] {
        [
            CountMetric(\.sectionProvider, of: simulator), CountMetric(\.cellProvider, of: simulator),
            CountMetric(\.layoutPasses, of: simulator),
        ]
    }
}
