import CompositionalLayout
import Foundation
import ScrollSimulation
import Testing

/// UIKit model 4.1 and 4.2: deceleration numbers and snapping targets.
@Suite("Scroll physics (UIKit model 4.1, 4.2)")
struct PhysicsTests {
    @Test("P1.4: projections 499.5 × v0 (continuous) and 499 × v0 (discrete) at 0.998; 99.5 / 99 at 0.99")
    func projections() {
        #expect(abs(Deceleration.normal.projection(velocity: 1) - 499.500) < 0.001)
        #expect(abs(Deceleration.normal.discreteProjection(velocity: 1) - 499) < 1e-9)
        #expect(abs(Deceleration.fast.projection(velocity: 1) - 99.499) < 0.001)
        #expect(abs(Deceleration.fast.discreteProjection(velocity: 1) - 99) < 1e-9)
        #expect(abs(Deceleration.normal.logRate - -0.0020020027) < 1e-10)
    }

    @Test("P1.4: v0 = 1 pt/ms, ε = 0.5 pt: normal stops after ≈ 3450 ms, fast after ≈ 527 ms")
    func durations() {
        #expect(abs(Deceleration.normal.duration(velocity: 1, epsilon: 0.5) - 3450) < 5)
        #expect(abs(Deceleration.fast.duration(velocity: 1, epsilon: 0.5) - 527) < 2)
    }

    @Test("P1.6: stepping by frames follows the closed form exactly")
    func stepping() {
        var state = (position: 0.0, velocity: 1.0)
        for _ in 0..<120 {
            state = Deceleration.normal.step(position: state.position, velocity: state.velocity, dt: 1000.0 / 120)
        }
        let closed = 1 * (pow(0.998, 1000.0) - 1) / Deceleration.normal.logRate
        #expect(abs(state.position - closed) < 1e-6)
        #expect(abs(state.velocity - pow(0.998, 1000.0)) < 1e-9)
    }

    static func company(_ behavior: OrthogonalScrollingBehavior, groups: Int = 5) -> SnapTarget {
        // 5b: groups 350 wide, spacing 10 (P = 360), insets 10, C = 1810 → max offset 1420.
        let c = 10 + Double(groups) * 350 + Double(groups - 1) * 10 + 10
        return SnapTarget(
            behavior: behavior, viewportLength: 390, pitch: 360, groupLength: 350, leadingInset: 10, groupCount: groups,
            offsetRange: 0...(c - 390))
    }

    @Test("5b / P2.3: a 2 pt/ms flick at 0 projects 999 pt and rests at b_3 = 1080 (continuousGroupLeadingBoundary [B])")
    func leadingBoundary() {
        let snap = Self.company(.continuousGroupLeadingBoundary)
        #expect(abs(Deceleration.normal.projection(velocity: 2) - 999) < 0.01)
        #expect(snap.target(release: 0, dragStart: 0, velocity: 2) == 1080)
        #expect(snap.target(release: 1080, dragStart: 1080, velocity: -0.5) == 720)  // floor backward
        #expect(snap.target(release: 1000, dragStart: 1000, velocity: 0) == 1080)  // nearest at rest
        #expect(snap.target(release: 1300, dragStart: 1300, velocity: 3) == 1420)  // the end is allowed
    }

    @Test("P2.1 paging [B]: one page of W per gesture whatever the velocity; slow release rounds")
    func paging() {
        let snap = Self.company(.paging)
        #expect(snap.target(release: 10, dragStart: 0, velocity: 5) == 390)
        #expect(snap.target(release: 380, dragStart: 390, velocity: -0.3) == 0)
        #expect(snap.target(release: 250, dragStart: 0, velocity: 0.1) == 390)  // below the threshold: round(250/390)
        #expect(snap.target(release: 1400, dragStart: 1170, velocity: 2) == 1420)  // last page clamped to max offset
    }

    @Test("P2.4 groupPaging [B]: one group per gesture")
    func groupPaging() {
        let snap = Self.company(.groupPaging)
        #expect(snap.target(release: 100, dragStart: 0, velocity: 9) == 360)
        #expect(snap.target(release: 700, dragStart: 720, velocity: -0.21) == 360)
        #expect(snap.target(release: 500, dragStart: 360, velocity: 0) == 360)
        #expect(snap.deceleration == .fast)
    }

    @Test("P2.5 groupPagingCentered [B]: group k rests centred at 10 + 360k + 175 − 195; group 0 before 0 (A10)")
    func groupPagingCentered() {
        var snap = Self.company(.groupPagingCentered)
        snap.offsetRange = -20...1440
        #expect(snap.target(release: -10, dragStart: -20, velocity: 1) == 350)
        #expect(snap.target(release: 345, dragStart: 340, velocity: -1) == -10)
        #expect(snap.target(release: 1400, dragStart: 1420, velocity: 5) == 1430)  // group 4, the last
    }

    @Test("P2.2 continuous: plain deceleration, clamped")
    func continuous() {
        let snap = Self.company(.continuous)
        #expect(abs(snap.target(release: 100, dragStart: 100, velocity: 1) - 599.5) < 0.01)
        #expect(snap.target(release: 100, dragStart: 100, velocity: 10) == 1420)
    }
}
