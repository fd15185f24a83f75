import Combine
import Testing
import UIKit

/// A Combine-paged screen on the simulator: every page is a URL load (counted), its values reach
/// the screen through `receive(on: DispatchQueue.main)` at the virtual time the response arrives,
/// and the same inputs give the same counts.
@MainActor
@Suite("Combine paging on the simulator")
struct CombinePagingTests {
    func run() throws -> (ScrollSimulator, CombineFeedViewController) {
        let simulator = ScrollSimulator(device: .iPhone13)
        simulator.network.respond(to: "https://api.example.com/items", latency: 0.3, json: "[1, 2, 3, 4, 5, 6, 7, 8]")
        let screen = CombineFeedViewController()
        try simulator.show(screen)
        for _ in 0..<3 {
            try simulator.fling(section: 0, velocity: 3000)
            try simulator.runUntilIdle()
        }
        return (simulator, screen)
    }

    @Test("each page is a counted request applied 0.3 s later; runs repeat exactly")
    func paging() throws {
        let (simulator, screen) = try run()
        let pages = (screen.viewModel.items.count - 8) / 8
        #expect(pages >= 2)
        #expect(simulator.counts.dataRequests == pages)
        #expect(simulator.counts.dataRequestsCompleted == pages)
        #expect(simulator.counts.applies == pages + 1)
        let requests = simulator.events(.request).filter { $0.detail.hasPrefix("issued") }.map(\.time)
        // The first apply ran in viewDidLoad, before the screen was shown (and logged).
        let applies = simulator.events(.apply).map(\.time)
        #expect(applies.count == pages)
        #expect(zip(requests, applies).allSatisfy { abs($1 - $0 - 0.3) < 1e-9 })
        #expect(simulator.warnings.allSatisfy { !$0.contains("nothing was applied") })
        let (again, _) = try run()
        #expect(again.counts == simulator.counts)
        #expect(again.events.map(\.detail) == simulator.events.map(\.detail))
    }
}
