/// A live simulation the configuration asks for.
package struct LiveSimulationSpec: Sendable, Hashable {
    package var scenario: String
    package var width: Double
    package var height: Double
    package var policy: String?
    package var seed: UInt64
    /// Viewport lengths ahead in which cells are prepared (0: prefetching off); nil: the scenario's.
    package var prefetch: Double?

    package init(
        scenario: String, width: Double, height: Double, policy: String? = nil, seed: UInt64 = 0, prefetch: Double? = nil
    ) {
        self.scenario = scenario
        self.width = width
        self.height = height
        self.policy = policy
        self.seed = seed
        self.prefetch = prefetch
    }

    /// A stable identifier, so a restart or a reload finds the same live simulation again.
    package var id: String {
        "live-\(scenario)-\(Int(width))x\(Int(height))" + (policy.map { "-\($0)" } ?? "") + (seed == 0 ? "" : "-s\(seed)")
            + (prefetch.map { "-prefetch\(String(describing: $0))" } ?? "")
    }
}
