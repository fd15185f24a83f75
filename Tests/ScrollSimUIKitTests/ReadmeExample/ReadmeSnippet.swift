import ScrollSimUIKit
import Testing

/// The README's short ScrollSimUIKit snippet, run as a test (between the markers, indented by eight
/// spaces); `ReadmeExampleTests` checks the README holds it verbatim.
@MainActor
@Suite("README snippet")
struct ReadmeSnippet {
    @Test("the README's snippet runs: a flick of the stories row loads a page, whose apply re-queries both sections")
    func snippet() throws {
        // snippet begin
        let simulator = ScrollSimulator(device: .iPhone13)
        simulator.network.respond(to: "https://api.example.com/stories", latency: 0.3, json: #"[{"title": "More"}]"#)
        try simulator.show(StoriesViewController())
        try simulator.fling(section: 1, velocity: 3000)
        try simulator.runUntilIdle()
        print(simulator.counts.sectionProvider, simulator.counts.cellProvider, simulator.counts.dataRequests)
        // snippet end
        #expect(simulator.counts.dataRequestsCompleted >= 1)
        #expect(simulator.counts.sectionProvider == 2 * simulator.counts.layoutPasses)
        #expect(simulator.counts.prefetched > 0)
    }

    @Test("the README's table-view snippet runs: a flick through a table reuses a screenful of cells")
    func tableSnippet() throws {
        // snippet begin
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(UINavigationController(rootViewController: ContactsViewController()))
        try simulator.fling(velocity: 2500)
        try simulator.runUntilIdle()
        print(simulator.counts.cellProvider, simulator.counts.cellsCreated, simulator.counts.cellsReused)
        // snippet end
        #expect(simulator.counts.cellsReused > 0)
    }
}
