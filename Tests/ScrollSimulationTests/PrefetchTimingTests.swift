import CollectionView
import CompositionalLayout
import ScrollSimulation
import Testing

/// The seed home screen on an iPhone 13 (safe area 47 / 34) with the seed app's fixed-index rule
/// (a page is asked for when cell 4 of the company row is requested) and one flick of the row at
/// 2000 pt/s at t = 1 s: it decelerates toward 1080 (5b), its offset after n frames being
/// 1080 × (1 − 0.998^(1000 n / 120)) (P1.2, P1.6).
@Suite("Prefetching and the seed app's trigger")
struct PrefetchTimingTests {
    static func simulation(prefetch: PrefetchPolicy) throws -> ScenarioSimulation {
        var spec = homeSpec(
            feeds: [FeedSpec(section: "company", pageSize: 5, trigger: .displayedIndex(4), animatingDifferences: false)],
            script: Script(steps: [ScriptStep(at: 1, input: .gesture(.fling(section: "company", velocity: 2000)))]))
        spec.context.safeAreaInsets = DirectionalEdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0)
        spec.prefetch = prefetch
        return try ScenarioSimulation(spec: spec)
    }

    /// When the first data request was issued.
    static func requestTime(_ simulation: ScenarioSimulation) -> Double? {
        simulation.log.records.first { $0.kind == .request && $0.detail.hasPrefix("issued") }?.time
    }

    /// The frame after which the row first passes `offset`: 1080 (1 − 0.998^(1000 n / 120)) > offset.
    static func frame(passing offset: Double) -> Int {
        // ln(1 − offset / 1080) / ln 0.998 ms, in frames of 1000 / 120 ms (Deceleration has ln d).
        let milliseconds = Deceleration.normal.duration(velocity: 1, epsilon: (1 - offset / 1080) / -Deceleration.normal.logRate)
        return Int((milliseconds * 120 / 1000).rounded(.up))
    }

    @Test(
        "first display: 5 cells (expert starts at 820, below [−47, 797)), nothing prepared ahead before the first scroll, with or without prefetching (5d, PF2)",
        arguments: [PrefetchPolicy.uikit, .disabled])
    func firstDisplay(prefetch: PrefetchPolicy) throws {
        let simulation = try Self.simulation(prefetch: prefetch)
        #expect(simulation.counts.total.cellProvider == 5)
        #expect(simulation.counts.total.sectionProvider == 3)
    }

    @Test(
        "cell 4 (x 1450) is requested once it is within half a row ahead, 1450 < offset + 390 + 195: after frame 97 (offset 865.9), 0.81 s after the flick; without prefetching only when it shows, 1450 < offset + 390: frame 240 (offset 1060.3), 2.0 s after"
    )
    func fixedIndexTrigger() throws {
        #expect(Self.frame(passing: 865) == 97)
        #expect(Self.frame(passing: 1060) == 240)
        let prefetching = try Self.simulation(prefetch: .uikit)
        try prefetching.advance(to: 5)
        let early = try #require(Self.requestTime(prefetching))
        #expect(abs(early - (1 + 97.0 / 120)) < 1e-9)
        let visibleOnly = try Self.simulation(prefetch: .disabled)
        try visibleOnly.advance(to: 5)
        let late = try #require(Self.requestTime(visibleOnly))
        #expect(abs(late - (1 + 240.0 / 120)) < 1e-9)
    }

    @Test(
        "cell-provider calls for the row by 5 s: items 2, 3, 4 asked for on the way in both cases (8 in all); with prefetching all three ahead of the viewport"
    )
    func cellProviderCalls() throws {
        let prefetching = try Self.simulation(prefetch: .uikit)
        try prefetching.advance(to: 5)
        let visibleOnly = try Self.simulation(prefetch: .disabled)
        try visibleOnly.advance(to: 5)
        #expect(visibleOnly.counts.sections["company"]?.cellProvider == 5)
        #expect(visibleOnly.counts.sections["company"]?.prefetched == 0)
        #expect(prefetching.counts.sections["company"]?.cellProvider == 5)
        #expect(prefetching.counts.sections["company"]?.prefetched == 3)
        // The page arrived 0.3 s after the request and was appended at x ≥ 1810, beyond what the
        // row prepares at rest (its window [1080, 1470) plus 195): no call for it either way.
        #expect(prefetching.counts.total.inserted == 5 && visibleOnly.counts.total.inserted == 5)
        #expect(prefetching.counts.total.cellProvider == 8 && visibleOnly.counts.total.cellProvider == 8)
    }
}
