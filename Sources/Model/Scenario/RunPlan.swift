import CollectionView

/// A viewport's size in points as a request gives it (the interface's `Viewport`).
public struct ViewportSize: Sendable, Hashable {
    public var width: Double
    public var height: Double

    /// The largest side a viewport may have.
    public static let maximumSide = 100_000.0

    /// A size with both sides in 1…`maximumSide`; nil otherwise.
    public init?(width: Double, height: Double) {
        guard width >= 1, height >= 1, width <= Self.maximumSide, height <= Self.maximumSide else { return nil }
        self.width = width
        self.height = height
    }

    /// The standard device sizes a scenario is profiled on when none are given: 375×667 (iPhone SE),
    /// 390×844 (iPhone 13), 430×932 (iPhone 15 Pro Max).
    public static let standard = [
        ViewportSize(width: 375, height: 667)!, ViewportSize(width: 390, height: 844)!, ViewportSize(width: 430, height: 932)!,
    ]
}

/// The runs one request asks for, resolved the one way every command, the daemon and the Swift API
/// share: a size given or defaulted becomes the scenario's own viewport at that size (its scale
/// and safe area kept), a policy defaulted is the scenario's own. So a run's counts never depend
/// on how it was asked for.
public struct RunPlan: Sendable, Hashable {
    /// One run: a viewport under a policy.
    public struct Run: Sendable, Hashable {
        public let viewport: ScenarioViewport
        public let policy: InvalidationPolicy
    }

    /// Every viewport under every policy, viewport first.
    public let runs: [Run]

    /// `sizes` nil: the standard sizes; `policies` nil: the scenario's own policy.
    public init(_ scenario: Scenario, sizes: [ViewportSize]? = nil, policies: [InvalidationPolicy]? = nil) {
        let viewports = (sizes ?? ViewportSize.standard).map { scenario.viewport(at: $0) }
        let policies = policies ?? [scenario.invalidation]
        runs = viewports.flatMap { viewport in policies.map { Run(viewport: viewport, policy: $0) } }
    }
}

extension Scenario {
    /// This scenario's viewport at `size` (its own when nil): the scale and safe area are the
    /// scenario's whatever the size, so giving the default size explicitly changes nothing.
    public func viewport(at size: ViewportSize?) -> ScenarioViewport {
        guard let size else { return viewport }
        var resized = viewport
        resized.width = size.width
        resized.height = size.height
        return resized
    }

    /// Runs every run of `plan` for `seconds` of virtual time, in the plan's order.
    /// - Throws: `ScenarioError.invalid` naming the run that could not be simulated.
    public func run(_ plan: RunPlan, seconds: Double, seed: UInt64 = 0) throws(ScenarioError) -> [ScenarioRun] {
        var runs: [ScenarioRun] = []
        for run in plan.runs {
            runs += try self.run(seconds: seconds, viewports: [run.viewport], policy: run.policy, seed: seed)
        }
        return runs
    }
}
