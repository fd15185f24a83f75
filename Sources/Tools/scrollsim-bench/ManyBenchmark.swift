import CollectionView
import Scenario
import ScrollSimulation
import ShippedScenarios

/// `scrollsim-bench many`: the cost of a frame when many simulations share one thread, as the
/// daemon's live workers run them — in this process, with no daemon: each simulation is advanced
/// by one tick in turn, so the figure shows what a frame costs once the simulations no longer fit
/// in the processor's caches, next to one simulation run alone.
enum ManyBenchmark {
    /// `count` simulations of the shipped home scenario, on sizes that differ as the live
    /// benchmark's do.
    static func simulations(_ count: Int) -> [ScenarioSimulation] {
        let home = try! ScenarioCatalog.embedded(ShippedScenarios.files).load("home")
        return (0..<count).map { i in
            let viewport = home.viewport(at: ViewportSize(width: Double(320 + i), height: Double(568 + i % 400)))
            return try! ScenarioSimulation(spec: home.simulationSpec(viewport: viewport), seed: UInt64(i))
        }
    }

    /// Nanoseconds per frame over `ticks` ticks of `tick` seconds, every simulation advanced once a tick.
    static func frameCost(_ simulations: [ScenarioSimulation], ticks: Int, tick: Double) -> (ns: Double, frames: Int) {
        let start = simulations[0].time
        let framesBefore = simulations.reduce(0) { $0 + $1.totalCounts.frames }
        let clock = ContinuousClock()
        let t0 = clock.now
        for t in 1...ticks {
            let target = start + Double(t) * tick
            for simulation in simulations { try! simulation.advance(to: target) }
        }
        let elapsed = Measure.seconds(clock.now - t0)
        let frames = simulations.reduce(0) { $0 + $1.totalCounts.frames } - framesBefore
        return (elapsed * 1e9 / Double(frames), frames)
    }

    /// 1,000 simulations for a profiler (`perf record -g scrollsim-bench many-profile`).
    static func profile() {
        let simulations = simulations(1_000)
        _ = frameCost(simulations, ticks: 60, tick: 1.0 / 60)
        let (ns, frames) = frameCost(simulations, ticks: 16 * 60, tick: 1.0 / 60)
        print("\(Measure.format(ns: ns)) per frame over \(frames) frames")
    }

    static func run() {
        print("== many: the shipped home scenario's frames, simulations advanced a tick each in turn (one thread) ==")
        var alone = 0.0
        for (count, tick) in [(1, 60.0), (100, 60), (1_000, 60), (1_000, 30), (1_000, 15), (5_000, 60), (5_000, 20)] {
            let simulations = simulations(count)
            // Into the script's steady state first (feeds loaded, cells created).
            _ = frameCost(simulations, ticks: 60, tick: 1.0 / 60)
            let ticks = Int(8 * tick)
            let (ns, frames) = frameCost(simulations, ticks: ticks, tick: 1.0 / tick)
            if count == 1 { alone = ns }
            print(
                "\(Measure.pad(String(count), 5)) simulations, \(Int(tick)) Hz ticks: \(Measure.format(ns: ns)) per frame (\(frames) frames), "
                    + "\(Measure.format3(ns / alone))× one alone; one core runs \(Int(1e9 / ns / 120)) viewports at 120 Hz")
        }
    }
}
