import ScrollSimUIKit
import Testing

/// Gestures that cannot do what they ask say so in the app's terms instead of doing something
/// else silently.
@MainActor
@Suite("gestures a user could not make")
struct GestureWarningTests {
    func homeSimulator() throws -> ScrollSimulator {
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(HomeViewController(feed: try HomeFeed.load(), pager: nil))
        return simulator
    }

    @Test("a gesture on a section the collection view does not have names the sections it has")
    func noSuchSection() throws {
        let simulator = try homeSimulator()
        #expect {
            try simulator.fling(section: 5, velocity: 2000)
        } throws: { error in
            (error as? ScrollSimulatorError)?.description == "the collection view has no section 5: it has 3 (0…2)"
        }
        #expect(throws: ScrollSimulatorError.noSuchSection(section: 7, sections: 3)) {
            try simulator.drag(section: 7, by: 100)
        }
    }

    @Test("flinging a row that is off screen still moves it, and the run warns that a user could not touch it")
    func offScreenRow() throws {
        let simulator = try homeSimulator()
        // The company row (section 1) is on screen: no warning.
        try simulator.fling(section: 1, velocity: 2000)
        try simulator.runUntilIdle()
        #expect(!simulator.warnings.contains { $0.contains("off screen") }, "\(simulator.warnings)")
        // In landscape the screen is 390 points tall: the row of section 2 is below it.
        try simulator.rotate()
        try simulator.fling(section: 2, velocity: 3000)
        let warning = simulator.warnings.first { $0.contains("off screen") }
        #expect(warning?.contains("a gesture on section 2's row, which is off screen") == true, "\(simulator.warnings)")
        #expect(warning?.contains("a user could not touch it") == true)
    }
}
