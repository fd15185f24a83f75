import CollectionView
import CompositionalLayout
import ScrollSimulation
import SeedScreens

/// `scrollsim-bench simulate`: simulated frames per second for the home screen, and the cost of a
/// frame with 10^6 items in the consult section against 10^3.
enum SimulateBenchmark {
    /// Home (UIKit model 5d) with `consult` items; the script flings the main list and the company
    /// row back and forth forever, so every frame moves something.
    static func spec(consult: Int) -> SimulationSpec {
        let sections = SeedSections.home()
        return SimulationSpec(
            name: "home",
            sections: [
                SectionSpec(id: "consult", reuseIdentifier: "ConsultCell", items: .count(consult)),
                SectionSpec(id: "company", reuseIdentifier: "CompanyCell", items: .count(50)),
                SectionSpec(id: "expert", reuseIdentifier: "ExpertCell", items: .count(4)),
            ],
            makeLayout: { CompositionalLayout { index, _ in sections[index] } },
            context: LayoutContext(size: Size(width: 390, height: 844)),
            script: Script(
                steps: [
                    ScriptStep(at: 0, input: .gesture(.fling(section: nil, velocity: 3000))),
                    ScriptStep(at: 0.5, input: .gesture(.fling(section: "company", velocity: 4000))),
                    ScriptStep(at: 2.0, input: .gesture(.fling(section: nil, velocity: -3000))),
                    ScriptStep(at: 2.5, input: .gesture(.fling(section: "company", velocity: -4000))),
                ], repeatEvery: 4))
    }

    /// Seconds of wall time per simulated frame, over `seconds` of virtual time.
    static func frameCost(consult: Int, seconds: Double) -> (nsPerFrame: Double, frames: Int) {
        let simulation = try! ScenarioSimulation(spec: spec(consult: consult), logCapacity: 1_000)
        let clock = ContinuousClock()
        let t0 = clock.now
        try! simulation.advance(to: seconds)
        let elapsed = Measure.seconds(clock.now - t0)
        let frames = simulation.counts.total.frames
        return (elapsed * 1e9 / Double(frames), frames)
    }

    /// The 10^3-item case only, for a profiler (`perf record -g scrollsim-bench simulate-profile`).
    static func profile() {
        let (cost, frames) = frameCost(consult: 1_000, seconds: 4_000)
        print("\(Measure.format(ns: cost)) per frame over \(frames) frames")
    }

    static func run() {
        print("== simulate: the home screen, main list and company row flung back and forth (120 Hz while moving) ==")
        _ = frameCost(consult: 1_000, seconds: 20)  // warm up
        var results: [Int: Double] = [:]
        for consult in [1_000, 1_000_000] {
            var costs: [Double] = []
            var frames = 0
            for _ in 0..<3 {
                let (cost, count) = frameCost(consult: consult, seconds: 400)
                costs.append(cost)
                frames = count
            }
            let median = costs.sorted()[1]
            results[consult] = median
            print(
                "consult items \(Measure.pad(String(consult), 8)): \(Measure.format(ns: median)) per frame, "
                    + "\(Measure.format3(1e9 / median / 1000))k frames/s (\(frames) frames in 400 s of virtual time, median of 3)"
            )
        }
        let framesPerSecond = 1e9 / results[1_000]!
        print(
            "goal: ≥ 500,000 frames/s on one core for home: \(Int(framesPerSecond)) "
                + (framesPerSecond >= 500_000 ? "ok" : "MISSED"))
        let ratio = results[1_000_000]! / results[1_000]!
        print(
            "frame cost 10^6 / 10^3 consult items: \(Measure.format3(ratio))× (goal ≤ 1.5×) " + (ratio <= 1.5 ? "ok" : "MISSED"))
    }
}
