import CompositionalLayout
import JSONModel
import LayoutRender

/// `profile --svg FILE`: each run of the profile replayed in steps, its counts read after each, and
/// drawn as lines over time (one per policy, a panel per count and viewport). The runs are
/// deterministic, so the last sample of each equals the profile's figures (a test checks it).
enum ProfileChart {
    /// The counts drawn, with their titles.
    static let counts: [(name: String, title: String)] = [
        ("sectionProvider", "section-provider calls"), ("cellProvider", "cell-provider calls"),
        ("layoutPasses", "layout passes"), ("dataRequestsCompleted", "appends (completed data requests)"),
    ]

    /// How many samples a run is cut into: enough for a smooth line, few enough that sampling
    /// costs about what the profile did.
    static let samplesPerRun = 120

    /// Samples every run of the profile: the same scenario, seed and prefetch, each run's policy and
    /// viewport, `seconds` long.
    static func chart(
        _ backend: SimulatorBackend, _ parameters: [String: JSONValue], runs: [ProfileRun], name: String, seconds: Double,
        progress: (Double) -> Void
    ) throws -> CountsChart {
        var base = parameters
        for key in ["seconds", "policies", "viewports"] { base.removeValue(forKey: key) }
        let step = Swift.max(0.05, seconds / Double(samplesPerRun))
        var sampled: [CountsChart.Run] = []
        for (index, profiled) in runs.enumerated() {
            var open = base
            open["policy"] = .string(profiled.policy)
            open["viewport"] = .object(["width": .number(profiled.width), "height": .number(profiled.height)])
            let samples = try RecordedRun.with(backend, open) { run in
                var samples: [(time: Double, counts: [String: Double])] = []
                repeat {
                    try run.advance(to: Swift.min(seconds, run.time + step), step: step)
                    let total = try run.counts().total
                    samples.append((run.time, Dictionary(uniqueKeysWithValues: total.named.map { ($0.0, Double($0.1)) })))
                    progress((Double(index) + run.time / Swift.max(seconds, 0.001)) / Double(runs.count))
                } while run.time < seconds
                return samples
            }
            sampled.append(CountsChart.Run(label: profiled.policy, viewport: profiled.viewport, samples: samples))
        }
        return CountsChart(
            title: "\(name): counts over \(formatPoints(seconds)) s of virtual time",
            subtitle:
                "the count so far under each policy, sampled every \(formatPoints(step)) s; the figures under each panel are the totals",
            counts: counts, runs: sampled)
    }
}
