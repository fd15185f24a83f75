import ScrollSimulation
import Testing

/// `ScrollMotions` reuses a frame's lists for the next frame (a frame allocates none): the
/// offsets must be those of motions stepped without reuse, and a frame a caller still holds
/// must not change when the next one is stepped (P1.6 stepping, as PhysicsTests checks it).
@Suite("Scroll motions")
struct ScrollMotionsTests {
    typealias Motions = ScrollMotions<String>

    /// Steps `motions` frame by frame, the offsets set to what each frame asks for; returns every
    /// frame's main offset and rows.
    static func run(
        _ motions: inout Motions, frames: Int, offsets: inout [Motions.Target: Double]
    ) -> [(main: Double?, rows: [String])] {
        var seen: [(main: Double?, rows: [String])] = []
        for _ in 0..<frames {
            let snapshot = offsets
            let frame = motions.step(dt: 1000.0 / 120, physics: PhysicsParameters()) { snapshot[$0] }
            if let main = frame.main { offsets[.main] = main }
            for (section, offset) in frame.rows { offsets[.row(section)] = offset }
            seen.append((frame.main, frame.rows.map { "\($0.section)@\($0.offset)" }))
            let now = offsets
            _ = motions.finish(frame) { now[$0] }
        }
        return seen
    }

    @Test("P1.6: frames stepped with reused lists give the offsets of each motion's own steps")
    func reuseMatchesSteps() {
        let approach = ScrollMotion.approach(target: 800, deceleration: .normal)
        let drag = ScrollMotion.drag(remaining: 3, delta: 12, settle: nil, dragStart: 0)
        var offsets: [Motions.Target: Double] = [.main: 0, .row("company"): 0]
        var motions = Motions()
        motions.start(approach, on: .main)
        motions.start(drag, on: .row("company"))
        let frames = Self.run(&motions, frames: 40, offsets: &offsets)

        // The reference: each motion stepped by hand, no lists kept between frames.
        var reference: [(target: Motions.Target, motion: ScrollMotion)] = [(.main, approach), (.row("company"), drag)]
        var positions: [Motions.Target: Double] = [.main: 0, .row("company"): 0]
        for (n, frame) in frames.enumerated() {
            var main: Double?
            var rows: [String] = []
            var next: [(target: Motions.Target, motion: ScrollMotion)] = []
            for (target, motion) in reference {
                let step = motion.step(from: positions[target]!, dt: 1000.0 / 120, physics: PhysicsParameters())
                positions[target] = step.position
                switch target {
                case .main: main = step.position
                case .row(let section): rows.append("\(section)@\(step.position)")
                }
                if let following = step.next { next.append((target, following)) }
            }
            reference = next
            #expect(frame.main == main && frame.rows == rows, "frame \(n)")
        }
        #expect(frames.contains { !$0.rows.isEmpty } && frames.contains { $0.rows.isEmpty }, "the drag ended on the way")
        #expect(offsets == positions)
    }

    @Test("a frame the caller keeps is not changed by the next step, which reuses its lists")
    func keptFrameUnchanged() {
        var motions = Motions()
        motions.start(.drag(remaining: 5, delta: 10, settle: nil, dragStart: 0), on: .row("company"))
        var offset = 0.0
        let first = motions.step(dt: 1000.0 / 120, physics: PhysicsParameters()) { _ in offset }
        offset = first.rows[0].offset
        _ = motions.finish(first) { _ in offset }
        let second = motions.step(dt: 1000.0 / 120, physics: PhysicsParameters()) { _ in offset }
        #expect(first.rows.count == 1 && first.rows[0].offset == 10, "the kept frame still says 10")
        #expect(second.rows.count == 1 && second.rows[0].offset == 20)
    }
}
