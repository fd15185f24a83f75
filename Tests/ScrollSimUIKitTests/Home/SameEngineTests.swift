import CompositionalLayout
import ScrollSimUIKit
import ScrollSimulation
import SeedScreens
import Testing

/// The UIKit-style screen and the daemon's simulation of the same screen must count the same:
/// they share the engine, the physics and the feed model.
@MainActor
@Suite("ScrollSimUIKit and the daemon's simulation agree")
struct SameEngineTests {
    /// A 390 × 844 screen with no safe area: the daemon's home scenario viewport.
    static let bare = ScrollSimulator.Device(
        name: "390 × 844, no safe area", size: CGSize(width: 390, height: 844), safeAreaInsets: .zero, scale: 3)

    func daemonCounts(velocity: Double, seconds: Double) throws -> Counts {
        let sections = SeedSections.home()
        let spec = SimulationSpec(
            name: "home",
            sections: [
                SectionSpec(id: "consult", reuseIdentifier: "ConsultCell", items: .count(3)),
                SectionSpec(id: "company", reuseIdentifier: "CompanyCell", items: .count(5)),
                SectionSpec(id: "expert", reuseIdentifier: "ExpertCell", items: .count(4)),
            ],
            makeLayout: { CompositionalLayout { index, _ in sections[index] } },
            context: LayoutContext(size: Size(width: 390, height: 844)),
            feeds: [FeedSpec(section: "company", pageSize: 5, trigger: .displayedIndex(4), latency: 0.3)],
            script: Script(steps: [ScriptStep(at: 0, input: .gesture(.fling(section: "company", velocity: velocity)))]))
        let simulation = try ScenarioSimulation(spec: spec)
        try simulation.advance(to: seconds)
        return simulation.counts.total
    }

    @Test("fling the company row and append from the cell provider: every count equal", arguments: [2000.0, 6000.0, -1000.0])
    func companyRowFling(velocity: Double) throws {
        let simulator = ScrollSimulator(device: Self.bare)
        let feed = try HomeFeed.load()
        let controller = HomeViewController(
            feed: feed, pager: SimulatedCompanyPager(simulator: simulator, page: feed.companyInfoList, latency: 0.3))
        try simulator.show(controller)
        try simulator.fling(section: 1, velocity: CGFloat(velocity))
        try simulator.advance(by: 4)
        let daemon = try daemonCounts(velocity: velocity, seconds: 4)
        #expect(daemon.frames > 0)
        #expect(daemon.dataRequests == (velocity > 0 ? 1 : 0))
        // Both prefetch (UIKit's default), so the comparison covers cells requested ahead too.
        if velocity > 0 { #expect(daemon.prefetched > 0) }
        #expect(simulator.counts.named.map(\.0) == daemon.named.map(\.0))
        for ((name, uikit), (_, expected)) in zip(simulator.counts.named, daemon.named) {
            #expect(uikit == expected, "\(name)")
        }
    }
}
