import ScrollSimUIKit
import XCTest

/// The XCTest pattern that works on Linux (docs/uikit-swift.md): a test method marked
/// `@MainActor` crashes there, so the method stays non-isolated and runs its body with
/// `MainActor.assumeIsolated` (XCTest calls test methods on the main thread).
final class XCTestPatternTests: XCTestCase {
    func testBudgetFromXCTest() throws {
        try MainActor.assumeIsolated {
            let controller = FlowGridController(sections: [Array(repeating: .zero, count: 100)])
            let simulator = ScrollSimulator(device: .iPhone13)
            try simulator.show(controller)
            try simulator.fling(velocity: 3000)
            try simulator.runUntilIdle()
            XCTAssertGreaterThan(simulator.counts.cellProvider, 20)
            try simulator.checkBudget(CountBudget(total: ["sectionProvider": 0], sections: ["0": ["cellProvider": 100]]))
        }
    }
}
