/// A motion in progress on the main axis or one orthogonal row.
struct Animation: Sendable {
    enum Target: Sendable, Hashable {
        case main
        case row(String)
    }

    enum Motion: Sendable {
        /// Exponential approach to `target` at the deceleration's rate: the closed form of
        /// P1.2 with the resting point replaced by the snap target (a pure deceleration when the
        /// target is the resting point).
        case approach(target: Double, deceleration: Deceleration)
        /// A finger drag: `remaining` frames of `delta` points each, then an optional settle.
        case drag(remaining: Int, delta: Double, settle: SnapTarget?, dragStart: Double)
    }

    var target: Target
    var motion: Motion
}
