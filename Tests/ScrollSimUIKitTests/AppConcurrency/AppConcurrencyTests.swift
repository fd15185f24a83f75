import ScrollSimUIKit
import Testing

/// The app's own asynchronous code on the simulator's clock: dispatch queues, tasks, sleeps,
/// timers and the run loop's `perform` run at their virtual times, in a deterministic order, and
/// cost no real time (docs/uikit-swift.md, "Asynchronous app code").
@MainActor
@Suite("App concurrency on the virtual clock")
struct AppConcurrencyTests {
    /// Shows the paging row, flings it three times and runs until idle.
    func run(_ style: PagingRowController.Style) throws -> (ScrollSimulator, PagingRowController) {
        let simulator = ScrollSimulator(device: .iPhone13)
        simulator.network.respond(to: "https://api.example.com/items", json: "[1, 2, 3, 4, 5, 6, 7, 8]")
        let screen = PagingRowController(style: style, simulator: simulator)
        try simulator.show(screen)
        for _ in 0..<3 {
            try simulator.fling(section: 0, velocity: 3000)
            try simulator.runUntilIdle()
        }
        return (simulator, screen)
    }

    @Test(
        "every way an app waits for its page gives the counts of the load made synchronous by hand",
        arguments: PagingRowController.Style.allCases.filter { $0 != .byHand })
    func asyncStylesMatchTheSynchronousLoad(style: PagingRowController.Style) throws {
        let (reference, referenceScreen) = try run(.byHand)
        let (simulator, screen) = try run(style)
        #expect(referenceScreen.pagesLoaded >= 2)
        #expect(screen.pagesLoaded == referenceScreen.pagesLoaded)
        var counts = simulator.counts
        if style == .urlSessionCompletion || style == .urlSessionAsync {
            // Each page is a URL load: a data request, completed.
            #expect(counts.dataRequests == screen.pagesLoaded)
            #expect(counts.dataRequestsCompleted == screen.pagesLoaded)
            #expect(simulator.network.requests.map(\.description).first == "GET https://api.example.com/items?after=8")
            counts.dataRequests = 0
            counts.dataRequestsCompleted = 0
        }
        #expect(counts == reference.counts)
        #expect(simulator.time == reference.time)
        #expect(simulator.warnings == reference.warnings)
        // Each page's apply happens 300 ms after the request, as with the reference. A
        // `DispatchTime` deadline is read against the real clock when the work is submitted, so
        // real time spent between `.now() + 0.3` and the submission (a millisecond on a machine
        // slowed by a sanitizer) can make it that much earlier, rounded up to the millisecond.
        let applies = simulator.events(.apply).map(\.time)
        let expected = reference.events(.apply).map(\.time)
        #expect(applies.count == expected.count)
        #expect(zip(applies, expected).allSatisfy { $0 <= $1 + 1e-9 && $1 - $0 <= 0.002 + 1e-9 }, "\(applies) \(expected)")
        #expect(!simulator.events(.appWork).isEmpty)
    }

    @Test("the same inputs give the same event log, app work included")
    func deterministic() throws {
        for style in [PagingRowController.Style.globalQueueThenMain, .detachedTaskThenMainActorRun] {
            let first = try run(style).0.events.map { "\($0.time) \($0.kind) \($0.detail) \($0.cause)" }
            let second = try run(style).0.events.map { "\($0.time) \($0.kind) \($0.detail) \($0.cause)" }
            #expect(first == second)
        }
    }

    @Test("app work is logged with what it is and when it ran")
    func logged() throws {
        let (simulator, _) = try run(.dispatchAsyncAfter)
        let work = simulator.events(.appWork)
        let first = try #require(work.first)
        #expect(first.detail == "main queue: DispatchQueue.main.asyncAfter 0.3 s")
        let request = try #require(simulator.events(.cell).first { $0.time > 0 && $0.item == 5 })
        #expect(first.time > request.time)
        let (tasks, _) = try run(.taskSleep)
        let details = tasks.events(.appWork).map(\.detail)
        #expect(details.first == "task: task 1 job")
        #expect(details.contains("sleep: task 1 sleep 0.3 s") || details.contains("sleep: Task.sleep 0.3 s"))
    }

    @Test("an hour's asyncAfter, a long Task.sleep and a repeating timer cost no real time")
    func noRealWaiting() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(UICollectionView(frame: .zero, collectionViewLayout: PagingRowController.layout()))
        var ran: [String] = []
        try simulator.perform { AppWorkExamples.startLongWaits { ran.append($0) } }
        #expect(ran.isEmpty)
        #expect(try simulator.runUntilIdle(limit: 7200))
        #expect(ran == (1...10).map { "tick \($0)" } + ["sleep", "asyncAfter"])
        #expect(simulator.time == 3600)
    }

    @Test("runUntilIdle names the app work still pending when it stops")
    func pendingWorkIsNamed() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(UICollectionView(frame: .zero, collectionViewLayout: PagingRowController.layout()))
        try simulator.perform { AppWorkExamples.startEndlessWork() }
        #expect(try !simulator.runUntilIdle(limit: 10))
        let warning = try #require(simulator.warnings.first { $0.hasPrefix("runUntilIdle") })
        #expect(warning.contains("Timer every 1.0 s (due at 11 s)"))
        #expect(warning.contains("DispatchQueue.main.asyncAfter 90.0 s (due at 90 s)"))
    }

    @Test("a data response that nothing applies is a warning")
    func responseNotApplied() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(UICollectionView(frame: .zero, collectionViewLayout: PagingRowController.layout()))
        simulator.dataRequest(section: "feed", latency: 0.2) {
            // The app stores the page and forgets to apply it.
        }
        try simulator.runUntilIdle()
        #expect(simulator.counts.dataRequestsCompleted == 1)
        #expect(simulator.warnings.contains { $0.contains("data request 'feed' completed and nothing was applied") })
    }

    @Test("a cancelled task's sleep ends at once")
    func cancelledSleep() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(UICollectionView(frame: .zero, collectionViewLayout: PagingRowController.layout()))
        var outcome = "running"
        try simulator.perform {
            AppWorkExamples.sleepCancelledAfterOneSecond(time: { simulator.time }, outcome: { outcome = $0 })
        }
        try simulator.runUntilIdle()
        #expect(outcome == "cancelled at 1.0")
        #expect(simulator.time == 1)
    }

    @Test("a UIKit crash inside an app task is thrown by the simulator call that ran it")
    func crashInTask() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        let screen = PagingRowController(style: .byHand, simulator: simulator)
        try simulator.show(screen)
        #expect(throws: UIKitException.self) {
            try simulator.perform { AppWorkExamples.applyDuplicateInTask(screen.dataSource) }
        }
    }

    @Test("a URL the network has no response for fails at once with a warning; a failure is counted")
    func unregisteredURL() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        simulator.network.fail("https://api.example.com/down", with: .timedOut, latency: 2)
        try simulator.show(UICollectionView(frame: .zero, collectionViewLayout: PagingRowController.layout()))
        var outcomes: [String] = []
        try simulator.perform {
            AppWorkExamples.load("https://elsewhere.example.com/x") { outcomes.append("\($0) at \(simulator.time)") }
            AppWorkExamples.load("https://api.example.com/down") { outcomes.append("\($0) at \(simulator.time)") }
        }
        try simulator.runUntilIdle()
        #expect(outcomes == ["\(URLError.Code.cannotFindHost.rawValue) at 0.3", "\(URLError.Code.timedOut.rawValue) at 2.0"])
        #expect(simulator.counts.dataRequests == 2)
        #expect(simulator.counts.dataRequestsFailed == 2)
        #expect(simulator.warnings.contains { $0.contains("GET https://elsewhere.example.com/x") && $0.contains("no response") })
    }

    @Test("cancelling a URL load ends it with URLError.cancelled and the late response never arrives")
    func cancelledLoad() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        simulator.network.respond(to: "https://api.example.com/", latency: 5, json: "[]")
        try simulator.show(UICollectionView(frame: .zero, collectionViewLayout: PagingRowController.layout()))
        var outcomes: [String] = []
        try simulator.perform {
            let task = AppWorkExamples.load("https://api.example.com/slow") { outcomes.append("\($0) at \(simulator.time)") }
            DispatchQueue.main.asyncAfter(deadline: .now() + 1) { task.cancel() }
        }
        try simulator.runUntilIdle()
        #expect(outcomes == ["\(URLError.Code.cancelled.rawValue) at 1.0"])
        #expect(simulator.time == 1)
    }

    @Test("a debounced work item runs once, 0.3 s after the last keystroke; cancelled ones never run")
    func debouncedWorkItems() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(UICollectionView(frame: .zero, collectionViewLayout: PagingRowController.layout()))
        let search = DebouncedSearch()
        for (index, text) in ["s", "sc", "scr"].enumerated() {
            try simulator.perform { search.textDidChange(text) }
            try simulator.advance(by: index == 2 ? 0 : 0.1)
        }
        try simulator.runUntilIdle()
        #expect(search.searches == ["scr"])
        #expect(simulator.time == 0.5)
    }

    @Test("a Foundation timer from a file that imports Foundation directly is a warning, not a silent miss")
    func realTimerIsLoud() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(UICollectionView(frame: .zero, collectionViewLayout: PagingRowController.layout()))
        let timer = try simulator.perform { RealTimerExample.start() }
        defer { timer.invalidate() }
        #expect(simulator.warnings.contains { $0.hasPrefix("a Foundation Timer was scheduled on a real run loop") })
        #expect(simulator.events(.appWork).isEmpty)
    }

    @Test("work started outside a simulator call is left to the real queues")
    func outsideASimulatorCall() async throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(UICollectionView(frame: .zero, collectionViewLayout: PagingRowController.layout()))
        await withCheckedContinuation { continuation in
            DispatchQueue.main.async { continuation.resume() }
        }
        try await Task.sleep(nanoseconds: 1_000_000)
        try simulator.runUntilIdle()
        #expect(simulator.events(.appWork).isEmpty)
        #expect(simulator.time == 0)
    }
}
