import CompositionalLayout

/// Where an orthogonal row comes to rest after a gesture (UIKit model 4.2). Offsets are the row's
/// own offset; velocities in points per millisecond, positive toward the end of the row.
public struct SnapTarget: Sendable, Hashable {
    public var behavior: OrthogonalScrollingBehavior
    /// The row's viewport length W (the container width, G1.9.5).
    public var viewportLength: Double
    /// Pitch P = group length + inter-group spacing.
    public var pitch: Double
    public var groupLength: Double
    /// The section's leading inset (where group 0 starts).
    public var leadingInset: Double
    /// The number of groups in the row.
    public var groupCount: Int
    /// The allowed offsets (0…C − W; widened for a centred row, P2.5).
    public var offsetRange: ClosedRange<Double>
    /// |velocity| above which paging moves one page or group (P2.1, A9 [B]: 0.2 pt/ms, IBP's value).
    public var velocityThreshold: Double

    public init(
        behavior: OrthogonalScrollingBehavior, viewportLength: Double, pitch: Double, groupLength: Double, leadingInset: Double,
        groupCount: Int, offsetRange: ClosedRange<Double>, velocityThreshold: Double = 0.2
    ) {
        self.behavior = behavior
        self.viewportLength = viewportLength
        self.pitch = pitch
        self.groupLength = groupLength
        self.leadingInset = leadingInset
        self.groupCount = groupCount
        self.offsetRange = offsetRange
        self.velocityThreshold = velocityThreshold
    }

    /// The deceleration a behaviour uses: `.fast` for the group-paging ones (IBP [S]), else
    /// `.normal` (P2.2, P2.4 [B]).
    public var deceleration: Deceleration {
        switch behavior {
        case .groupPaging, .groupPagingCentered, .paging: .fast
        default: .normal
        }
    }

    func clamp(_ x: Double) -> Double { Swift.min(Swift.max(x, offsetRange.lowerBound), offsetRange.upperBound) }

    /// The resting offset for a release at `release` with `velocity`, the gesture having started at
    /// `dragStart`.
    public func target(release: Double, dragStart: Double, velocity: Double) -> Double {
        let proposed = deceleration.restingPoint(from: release, velocity: velocity)
        let lastGroup = Swift.max(0, groupCount - 1)
        switch behavior {
        case .none, .continuous:
            return clamp(proposed)  // P2.2: plain deceleration
        case .continuousGroupLeadingBoundary:
            // P2.3: boundaries b_k = k·P; ceil when moving forward, floor backward, nearest at rest.
            guard pitch > 0 else { return clamp(proposed) }
            let k: Double =
                velocity > 0
                ? (proposed / pitch).rounded(.up)
                : velocity < 0 ? (proposed / pitch).rounded(.down) : (proposed / pitch).rounded()
            return clamp(k * pitch)
        case .paging:
            // P2.1: one page (W) per gesture whatever the velocity.
            guard viewportLength > 0 else { return clamp(proposed) }
            let start = (dragStart / viewportLength).rounded()
            var page = step(from: start, velocity: velocity) ?? (release / viewportLength).rounded()
            let lastPage = ((offsetRange.upperBound) / viewportLength).rounded(.up)
            page = Swift.min(Swift.max(page, 0), Swift.max(0, lastPage))
            return clamp(page * viewportLength)
        case .groupPaging:
            // P2.4: one group per gesture.
            guard pitch > 0 else { return clamp(proposed) }
            let start = (dragStart / pitch).rounded()
            var k = step(from: start, velocity: velocity) ?? (release / pitch).rounded()
            k = Swift.min(Swift.max(k, 0), Double(lastGroup))
            return clamp(k * pitch)
        case .groupPagingCentered:
            // P2.5: group k rests centred: leading + k·P + g/2 − W/2.
            guard pitch > 0 else { return clamp(proposed) }
            let base = leadingInset + groupLength / 2 - viewportLength / 2
            let start = ((dragStart - base) / pitch).rounded()
            var k = step(from: start, velocity: velocity) ?? ((release - base) / pitch).rounded()
            k = Swift.min(Swift.max(k, 0), Double(lastGroup))
            return clamp(base + k * pitch)
        }
    }

    /// ±1 from `start` when the velocity passes the threshold, else nil (P2.1).
    private func step(from start: Double, velocity: Double) -> Double? {
        if velocity > velocityThreshold { return start + 1 }
        if velocity < -velocityThreshold { return start - 1 }
        return nil
    }
}
