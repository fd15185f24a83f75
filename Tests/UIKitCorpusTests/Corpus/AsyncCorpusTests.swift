import Testing
import UIKit

/// Screens that page asynchronously, as production apps do: their loads run on the simulator's
/// clock, and their counts are those of the same screen with its loads made synchronous by hand
/// (the answers scheduled on the simulator itself, at the same virtual times).
@MainActor
@Suite("Corpus: screens that page asynchronously")
struct AsyncCorpusTests {
    func voters(byHand: Bool) throws -> (ScrollSimulator, VoterFeedViewController) {
        let simulator = ScrollSimulator(device: .iPhone13)
        let manager = VoterFeedManager()
        if byHand { manager.deliver = { delay, work in simulator.schedule(after: delay) { work() } } }
        let screen = VoterFeedViewController(manager: manager)
        try simulator.show(UINavigationController(rootViewController: screen))
        try simulator.runUntilIdle()
        for _ in 0..<4 {
            try simulator.fling(velocity: 4000)
            try simulator.runUntilIdle()
        }
        return (simulator, screen)
    }

    @Test("a feed manager on its own queue + Combine's receive(on: main): every page lands 0.5 s after its request")
    func voterFeed() throws {
        let (simulator, screen) = try voters(byHand: false)
        #expect(screen.voters.count == 130)  // five pages of 30, 30, 30, 30, 10, then the empty end
        let applies = simulator.events(.apply).map(\.time)
        #expect(applies.count == 6)  // the empty last page is published and applied too, as in the app
        #expect(abs(applies[0] - 0.5) < 1e-9)  // the first page: requested in viewDidLoad, answered 0.5 s later
        #expect(simulator.counts.sectionProvider == 0)  // a table view: no section provider of the app's
        #expect(!simulator.events(.appWork).isEmpty)
        #expect(simulator.warnings.allSatisfy { !$0.hasPrefix("runUntilIdle") })
    }

    @Test("the same counts as the loads made synchronous by hand")
    func voterFeedMatchesByHand() throws {
        let (simulator, _) = try voters(byHand: false)
        let (byHand, _) = try voters(byHand: true)
        #expect(simulator.counts == byHand.counts)
        #expect(simulator.events(.apply).map(\.time) == byHand.events(.apply).map(\.time))
    }
}
