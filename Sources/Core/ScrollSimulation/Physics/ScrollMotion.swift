/// How one scroll view (the main one or an orthogonal row) moves from frame to frame (UIKit model
/// 4.1, 4.2). Pure: the caller owns the offsets and the clock, and applies each step's position.
/// The simulation and `ScrollSimUIKit`'s simulator both step their motions with it.
public enum ScrollMotion: Sendable {
    /// Exponential approach to `target` at the deceleration's rate: the closed form of P1.2 with
    /// the resting point replaced by the snap target (a pure deceleration when the target is the
    /// resting point).
    case approach(target: Double, deceleration: Deceleration)
    /// A finger drag: `remaining` frames of `delta` points each, then an optional settle.
    case drag(remaining: Int, delta: Double, settle: SnapTarget?, dragStart: Double)

    /// One frame of a motion.
    public struct Step: Sendable {
        /// The offset at the end of the frame (before clamping to the content).
        public var position: Double
        /// The motion that continues next frame; nil when it ended.
        public var next: ScrollMotion?
        /// For a drag whose finger lifted in this frame: where the scroll view will rest (Texture
        /// checks its fetch trigger against it, P3.3).
        public var releasedToward: Double?
    }

    /// Advances the motion by `dt` milliseconds from `position` (P1.6).
    public func step(from position: Double, dt: Double, physics: PhysicsParameters) -> Step {
        switch self {
        case .approach(let target, let deceleration):
            let decay = deceleration.step(position: 0, velocity: 1, dt: dt).velocity
            let newPosition = target + (position - target) * decay
            let speed = abs(newPosition - target) * -deceleration.logRate
            if abs(newPosition - target) < physics.settleDistance || speed < physics.minimumVelocity {
                return Step(position: target, next: nil, releasedToward: nil)
            }
            return Step(position: newPosition, next: self, releasedToward: nil)
        case .drag(let remaining, let delta, let settle, let dragStart):
            let newPosition = position + delta
            if remaining > 1 {
                return Step(
                    position: newPosition,
                    next: .drag(remaining: remaining - 1, delta: delta, settle: settle, dragStart: dragStart),
                    releasedToward: nil)
            }
            // The finger lifts: the row settles on its snap target.
            let target = settle?.target(release: newPosition, dragStart: dragStart, velocity: 0) ?? newPosition
            let next: ScrollMotion? =
                if let settle, target != newPosition { .approach(target: target, deceleration: settle.deceleration) } else { nil }
            return Step(position: newPosition, next: next, releasedToward: target)
        }
    }
}
