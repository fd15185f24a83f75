/// A live simulation the configuration asks for.
public struct LiveSimulationSpec: Sendable, Hashable {
    public var scenario: String
    public var width: Double
    public var height: Double
    public var policy: String?
    public var seed: UInt64
    /// Viewport lengths ahead in which cells are prepared (0: prefetching off); nil: the scenario's.
    public var prefetch: Double?

    public init(
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
    public var id: String {
        "live-\(scenario)-\(Int(width))x\(Int(height))" + (policy.map { "-\($0)" } ?? "") + (seed == 0 ? "" : "-s\(seed)")
            + (prefetch.map { "-prefetch\(String(describing: $0))" } ?? "")
    }
}
