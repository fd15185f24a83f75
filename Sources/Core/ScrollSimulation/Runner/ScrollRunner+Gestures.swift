import CollectionView
import CompositionalLayout

/// Gestures turned into motions (docs/uikit-model.md, section 4), the same for the daemon's
/// scripts and ScrollSimUIKit's simulator.
extension ScrollRunner {
    /// The snapping model of an orthogonal section at its current size (P2); nil when the section
    /// is not an orthogonal row.
    public func snapTarget(for section: Section, in view: View) -> SnapTarget? {
        view.snapTarget(forSection: section, velocityThreshold: physics.pagingVelocityThreshold)
    }

    /// A flick of the main scroll view at `velocity` pt/s: plain deceleration at the main rate, no
    /// snapping (P2.6), clamped to the content.
    /// - Returns: where it will rest (Texture checks its fetch trigger against it, P3.3).
    @discardableResult
    public func flingMain(velocity: Double, in view: View) -> Double {
        let rest = physics.mainDeceleration.restingPoint(from: view.contentOffset, velocity: velocity / 1000)
        let range = view.contentOffsetRange
        let target = Swift.min(Swift.max(rest, range.lowerBound), range.upperBound)
        start(.approach(target: target, deceleration: physics.mainDeceleration), on: .main)
        return target
    }

    /// A flick of an orthogonal row at `velocity` pt/s: it comes to rest where its
    /// `orthogonalScrollingBehavior` snaps (P2.1 to P2.5).
    /// - Returns: where it will rest; nil (and nothing moves) when the section is not a row.
    @discardableResult
    public func flingRow(_ section: Section, velocity: Double, in view: View) -> Double? {
        guard let snap = snapTarget(for: section, in: view) else { return nil }
        let origin = view.orthogonalOffsets[section] ?? 0
        let target = snap.target(release: origin, dragStart: origin, velocity: velocity / 1000)
        start(.approach(target: target, deceleration: snap.deceleration), on: .row(section))
        return target
    }

    /// A finger drag by `distance` points over `duration` seconds, of the main scroll view
    /// (`section` nil: it stops where the finger lifts) or of a row (it then settles on its snap
    /// point).
    /// - Returns: false (and nothing moves) when `section` is not an orthogonal row.
    @discardableResult
    public func drag(_ section: Section?, by distance: Double, duration: Double, in view: View) -> Bool {
        let frames = Swift.max(1, Int((duration * frameRate).rounded()))
        let target: Target = section.map { .row($0) } ?? .main
        guard let origin = Self.offset(of: target, in: view) else { return false }
        let settle = section.flatMap { snapTarget(for: $0, in: view) }
        start(.drag(remaining: frames, delta: distance / Double(frames), settle: settle, dragStart: origin), on: target)
        return true
    }
}
