import CollectionView
import Foundation

/// The same screen under several invalidation policies: what `scrollsimctl profile` compares for
/// a scenario, for a Swift screen.
extension ScrollSimulator {
    /// One policy's run of `comparePolicies`.
    public struct PolicyRun: Sendable {
        public var policy: InvalidationPolicy
        public var counts: Counts
        public var warnings: [String]
    }

    /// Runs `scenario` once per policy, each on a fresh simulator of `device` whose collection
    /// views follow that policy, and returns each run's counts and warnings in the order given.
    /// `scenario` shows the screen and drives it (the screen must be made inside it, so each run
    /// starts from nothing). The policy collection views are created with is restored after.
    public static func comparePolicies(
        _ policies: [InvalidationPolicy] = InvalidationPolicy.allCases, device: Device = .iPhone13,
        _ scenario: (ScrollSimulator) throws -> Void
    ) rethrows -> [PolicyRun] {
        let saved = UICollectionView.invalidationPolicy
        defer { UICollectionView.invalidationPolicy = saved }
        var runs: [PolicyRun] = []
        for policy in policies {
            UICollectionView.invalidationPolicy = policy
            let simulator = ScrollSimulator(device: device)
            try scenario(simulator)
            runs.append(PolicyRun(policy: policy, counts: simulator.counts, warnings: simulator.warnings))
        }
        return runs
    }
}
