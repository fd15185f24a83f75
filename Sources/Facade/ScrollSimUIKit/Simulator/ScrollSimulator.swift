import CollectionView
import CompositionalLayout
import Foundation
import ScrollSimulation
import VirtualRunLoop

import struct CollectionTypes.AnyIdentifier
@_exported import struct ScrollSimulation.PhysicsParameters
@_exported import struct ScrollSimulation.SimulationRecord

/// Scrolls a collection view built with UIKit's names, in virtual time, with the same engine and
/// scroll physics as scrollsimd's simulations (UIKit model 2 to 4): show it on a device, perform
/// gestures, advance the clock, read the counts and the event log.
///
/// Nothing waits on a real clock: `advance(by:)` runs every frame (at `frameRate`, only while
/// something moves) and every piece of app work due up to the new time. The app's own
/// asynchronous code runs on this clock as it is: blocks sent to dispatch queues, `Task`s and
/// what they await, `Task.sleep`, timers, `RunLoop.main.perform` and `URLSession` loads started
/// during a simulator call (`AppClock`); each is logged as an `appWork` event when it runs. A test
/// can also schedule work itself (`schedule(after:_:)`, `dataRequest(section:latency:response:)`).
///
/// Every method runs inside `UIKitException.catching`: a UIKit crash in your code (a duplicate
/// identifier, an unregistered reuse identifier, a cell from the wrong registration) is thrown as
/// a `UIKitException` with UIKit's message.
@preconcurrency @MainActor
public final class ScrollSimulator {
    /// The screen, in portrait (`screen` is the current orientation).
    public let device: Device
    /// Frames per second while something moves.
    public let frameRate: Double
    /// Deceleration rates, paging threshold and settle distances (UIKit model 4, [B] defaults).
    public let physics: PhysicsParameters
    /// Seconds of virtual time since `show`.
    public var time: TimeInterval { runner.time }
    /// The collection view shown.
    public internal(set) var collectionView: UICollectionView?
    /// Whether the screen is in landscape (after `rotate()`).
    public internal(set) var isLandscape = false
    /// The logged events, oldest first: the most recent `logCapacity` of them.
    public var events: [SimulationRecord] { runner.log.records }
    /// Known pitfalls met so far, each once, in plain words.
    public var warnings: [String] { runner.warnings }
    /// How many events `events` keeps (the most recent).
    public let logCapacity: Int
    /// The network the app's `URLSession` loads go to: register the responses the screen needs
    /// (`network.respond(to:latency:json:)`); each load is counted as a data request.
    public let network = SimulatedNetwork()

    /// The clock, frames, motions, event log and request counters: the same runner as the
    /// daemon's simulations, with the app's scheduled work as its work items.
    let runner: ScrollRunner<AnyIdentifier, AnyIdentifier, ScheduledWork>
    /// The controller `show` was given, and the one whose content is on screen (the top of a
    /// navigation stack, a presented controller).
    var rootController: UIViewController?
    public internal(set) var shownController: UIViewController?
    /// The navigation and search bars' heights (UIKit model N1, [B] measured defaults).
    public let bars: BarMetrics
    /// Whether the shown collection view fills the screen (and follows it when rotated).
    var fillsScreen = true
    /// The app's key window while this simulator shows something: what it shows is in it.
    public let window = UIWindow(frame: .zero)
    /// App work scheduled and not yet run, by its number (for the warnings about unfinished work).
    var pendingWork: [Int: PendingWork] = [:]
    /// The number the next scheduled work gets.
    var nextWorkNumber = 0
    /// The simulator's numbers for the tasks it has run jobs of, by the runtime's task identifier.
    var taskNumbers: [UInt64: Int] = [:]
    /// Data responses delivered with no apply or reload since (named in a warning when idle).
    var responsesAwaitingApply: [String] = []
    /// Section identifiers the simulator counts by itself (`dataRequest(section:…)`), kept interned.
    let ownIdentifiers = IdentifierArena()
    /// What the app did on the simulator's thread between its calls (said at the next call).
    let betweenCalls = AppClock.betweenCallsLog()

    /// A simulator for `device` (UIKit model section 5 uses the iPhone 13).
    public init(
        device: Device = .iPhone13, frameRate: Double = 120, physics: PhysicsParameters = PhysicsParameters(),
        logCapacity: Int = 100_000, bars: BarMetrics = BarMetrics()
    ) {
        self.device = device
        self.bars = bars
        self.frameRate = frameRate
        self.physics = physics
        self.logCapacity = max(1, logCapacity)
        self.runner = ScrollRunner(frameRate: frameRate, physics: physics, logCapacity: logCapacity, cause: "show")
        network.requestStarted = { [unowned self] request, matched in
            MainActor.assumeIsolated { urlLoadStarted(request, matched: matched) }
        }
        network.requestFinished = { [unowned self] request, succeeded in
            MainActor.assumeIsolated { urlLoadFinished(request, succeeded: succeeded) }
        }
    }

    /// The device as currently oriented.
    public var screen: Device { isLandscape ? device.landscape : device }

    // MARK: Showing

    /// Puts a collection view on the device's screen and runs its first layout (the section
    /// provider for every section, cells for what is visible). With no size, or the screen's, it
    /// fills the screen under its safe area; otherwise it keeps its size.
    public func show(_ collectionView: UICollectionView) throws {
        try simulate {
            enterWindow(collectionView, controller: nil)
            attach(collectionView)
            collectionView.layoutIfNeeded()
        }
    }

    /// Makes the window key and puts `view` (a shown controller's, or a bare collection view) in it.
    func enterWindow(_ view: UIView, controller: UIViewController?) {
        UIScreen.device = screen
        window.frame = CGRect(origin: .zero, size: screen.size)
        window.rootViewController = controller
        for subview in window.subviews { subview.removeFromSuperview() }
        window.addSubview(view)
        window.makeKeyAndVisible()
    }

    static func firstCollectionView(in view: UIView) -> UICollectionView? {
        if let found = view as? UICollectionView { return found }
        for subview in view.subviews {
            if let found = firstCollectionView(in: subview) { return found }
        }
        return nil
    }

    func attach(_ collectionView: UICollectionView) {
        self.collectionView = collectionView
        // Weak: a view outlives a simulator the test let go of; it is then simply not driven.
        collectionView.eventObserver = { [weak self] event in
            guard let self else { return }
            runner.record(event)
            if case .applied = event { responsesApplied() }
        }
        collectionView.warningHandler = { [weak self] message in self?.runner.warn(message) }
        // A layout of the app's own is the app's code running: each preparation is logged, so
        // the event log and the trace show when its prepare() ran (CL6).
        collectionView.layoutCallHandler = { [weak self] call in
            self?.runner.append(.appWork, section: nil, item: nil, detail: "layout: \(call)")
        }
        collectionView.offsetAnimator = { [weak self] target in
            // UIKit's animated setContentOffset takes about 0.3 s [B]; modelled as a fast approach.
            self?.runner.start(.approach(target: Double(target), deceleration: .fast), on: .main)
        }
        // A collection view with no size, or the screen's, fills the screen and gets its safe
        // area; one the app sized itself (a carousel under a header) keeps its size and no insets.
        let size = collectionView.frame.size
        fillsScreen = size == .zero || size == screen.size
        placeOnScreen(collectionView)
    }

    func placeOnScreen(_ collectionView: UICollectionView) {
        let screen = self.screen
        UIScreen.device = screen
        window.frame = CGRect(origin: .zero, size: screen.size)
        collectionView.placeOnScreen(
            size: fillsScreen ? screen.size : collectionView.frame.size, safeArea: fillsScreen ? contentSafeArea : .zero,
            traits: coreTraits)
    }

    /// The screen's traits in the engine's terms.
    var coreTraits: TraitCollection {
        TraitCollection(
            displayScale: Double(screen.scale),
            horizontalSizeClass: screen.isPad ? .regular : .compact,
            verticalSizeClass: screen.isPad || !isLandscape ? .regular : .compact)
    }

    /// The traits views and controllers on this screen report.
    var traits: UITraitCollection { UITraitCollection(coreTraits) }

    /// Puts a table view on the screen, as `show(_:)` does a collection view (UIKit model T4).
    public func show(_ tableView: UITableView) throws {
        try show(tableView.backingCollectionView)
    }

    // MARK: Time

    /// Runs frames and scheduled work up to `time + seconds`.
    public func advance(by seconds: TimeInterval) throws {
        try simulate { try advanceLoop(to: time + max(0, seconds)) }
    }

    /// Runs until nothing moves and no app work is due, or `limit` seconds have passed. App work
    /// still pending then (a timer that repeats, a response due later) is named in `warnings`.
    /// - Returns: whether the screen is idle.
    @discardableResult
    public func runUntilIdle(limit: TimeInterval = 60) throws -> Bool {
        try simulate {
            let end = time + limit
            while let next = nextEventTime, next <= end {
                try advanceLoop(to: next)
            }
            warnAboutUnfinishedWork(limit: limit)
            return isIdle
        }
    }

    /// Whether nothing moves and no app work is scheduled.
    public var isIdle: Bool { nextEventTime == nil }

    /// Runs `work` after `delay` seconds of virtual time (what `DispatchQueue.main.asyncAfter`
    /// would do in the app; app code calling `asyncAfter` itself needs no help).
    public func schedule(after delay: TimeInterval, _ work: @escaping @MainActor () -> Void) {
        submit(AppWork(kind: .scheduled, label: "scheduled \(max(0, delay)) s", delay: max(0, delay), run: work))
    }

    /// A data request the app makes (e.g. the next page of an infinite row): counted as
    /// `dataRequests` for `section`, answered by `response` after `latency` seconds, then counted
    /// as `dataRequestsCompleted`.
    public func dataRequest<Section: Hashable & Sendable>(
        section: Section, latency: TimeInterval, response: @escaping @MainActor () -> Void
    ) {
        // Held for the simulator's life: the counts name the section even if no snapshot holds it.
        let id = ownIdentifiers.hold([section])[0]
        if UICollectionView.requestDepth > 0 {
            runner.warn(
                "a data request for '\(section)' was made from inside the cell provider: when it fires depends on which cells the collection view requests (reuse, prefetching, a fixed index that stops being the end after the first page), not on how close the user is to the end"
            )
        }
        let name = "data request '\(section)'"
        runner.count(\.dataRequests, section: id)
        runner.append(
            .request, section: String(describing: section), item: nil, detail: "issued latency=\(latency)s",
            facts: .request(.issued, page: nil))
        let work = AppWork(kind: .scheduled, label: name, delay: max(0, latency)) { [unowned self] in
            runner.count(\.dataRequestsCompleted, section: id)
            runner.append(
                .request, section: String(describing: section), item: nil, detail: "completed",
                facts: .request(.completed, page: nil))
            awaitApply(after: name)
            let outer = runner.cause
            runner.cause = "response \(section)"
            response()
            runner.cause = outer
        }
        submit(work)
    }

    /// Runs `body` as a simulator call: app code the test calls directly (a refresh, a page load)
    /// runs with its asynchronous work on the virtual clock, then the work due now runs.
    public func perform<T>(_ body: () throws -> T) throws -> T {
        try simulate(body)
    }

    /// Every public call runs here: UIKit exceptions are caught, app work started meanwhile goes
    /// to the virtual clock, and the call ends with the main run loop's turn at the current time
    /// (the work due now runs).
    func simulate<T>(_ body: () throws -> T) throws -> T {
        let timersBefore = RealRunLoopTimers.nextFireDates()
        defer {
            if RealRunLoopTimers.appeared(before: timersBefore, after: RealRunLoopTimers.nextFireDates()) {
                runner.warn(
                    "a Foundation Timer was scheduled on a real run loop: it fires in real time, never during the simulated run (a file that imports Foundation directly gets Foundation's Timer; drop that import, UIKit brings Foundation, or use DispatchQueue.main.asyncAfter)"
                )
            }
        }
        return try UIKitException.catching {
            try AppClock.drive(
                network: network, clock: { [unowned self] in MainActor.assumeIsolated { runner.time } },
                reporter: { [unowned self] report in MainActor.assumeIsolated { received(report) } }
            ) {
                try UIKitException.whileDriving {
                    receiveReportsBetweenCalls()
                    let result = try body()
                    scheduleSubmittedWork()
                    try advanceLoop(to: time)
                    return result
                }
            }
        }
    }

    /// Runs frames and app work up to `target`, while `more()` allows (asked after each event).
    /// - Returns: whether it reached `target`; stopped early, the clock stays at the last event
    ///   run, so going on later runs what one uninterrupted call would have.
    @discardableResult
    func advanceLoop(to target: TimeInterval, while more: () -> Bool = { true }) throws -> Bool {
        // What the call itself changed is observed before time moves (key-value observations).
        AppClock.endOfTurn()
        scheduleSubmittedWork()
        while let due = runner.nextDue(through: target) {
            switch due {
            case .frame:
                frame()
            case .work(let scheduled):
                // Work cancelled meanwhile (a sleep, a timer) is dropped; runUntilIdle never moves
                // the clock to it (`nextEventTime`).
                guard scheduled.work.isObsolete?() != true else {
                    pendingWork[scheduled.number] = nil
                    continue
                }
                run(scheduled)
                collectionView?.layoutIfNeeded()  // the run loop turn ends with a layout cycle
            }
            AppClock.endOfTurn()
            scheduleSubmittedWork()
            if UIKitException.isPending { return true }
            if let view = collectionView { runner.settle(view.engine) }
            if let next = runner.nextEventTime, next <= target, !more() { return false }
        }
        runner.finish(at: target)
        // The run loop turns at least once: a layout invalidated since the last frame (a new
        // configuration, invalidateLayout()) is laid out, as UIKit's next layout cycle would.
        if let view = collectionView, view.engine.layout.needsLayout { view.layoutIfNeeded() }
        return true
    }
}

/// A simulator call that cannot be performed (not a UIKit crash).
public enum ScrollSimulatorError: Error, Sendable, Hashable, CustomStringConvertible {
    case notShowing
    case noCollectionView(String)
    case notOrthogonal(section: Int)
    case noSuchSection(section: Int, sections: Int)
    case itemNotOnScreen(IndexPath)
    case barButtonCannotRun(String)
    case nothingToPop
    case noSearchBar(String)
    case noSwipeActions(IndexPath, SwipeEdge)
    case noSwipeAction(IndexPath, Int)
    case cannotReorder(IndexPath)
    case noAlert
    case noRefreshControl
    case noAlertAction(String, [String])
    case recognizerNotInView(String)

    public var description: String {
        switch self {
        case .notShowing: "nothing is shown: call show(_:) first"
        case .noCollectionView(let controller): "\(controller)'s view has no UICollectionView"
        case .notOrthogonal(let section): "section \(section) does not scroll orthogonally"
        case .noSuchSection(let section, let count):
            count == 0
                ? "the collection view has no section \(section): it has none (has the data source applied a snapshot?)"
                : "the collection view has no section \(section): it has \(count) (0…\(count - 1))"
        case .itemNotOnScreen(let indexPath): "the item at \(indexPath) has no cell on screen to tap"
        case .barButtonCannotRun(let title):
            "the bar button '\(title)' has no primary action or menu, and no target–action pair that could run (a selector made from a string cannot be sent on Linux: write #selector and build the file through scrollsim-prepare, or give the button a UIAction)"
        case .nothingToPop: "the shown controller is not above another in a navigation stack: there is no back button"
        case .noSwipeActions(let path, let edge):
            "the row at \(path) has no \(edge) swipe actions (no \(edge)SwipeActionsConfigurationProvider, or it returned none)"
        case .noSwipeAction(let path, let index): "the swipe on \(path) reveals no action number \(index)"
        case .noAlert: "no alert or action sheet is presented"
        case .noRefreshControl: "the shown collection or table view has no refreshControl"
        case .recognizerNotInView(let kind):
            "the \(kind) is not added to a view (addGestureRecognizer), so it cannot recognize anything"
        case .noAlertAction(let title, let titles):
            "the presented alert has no enabled button '\(title)' (its buttons: \(titles.map { "'\($0)'" }.joined(separator: ", ")))"
        case .cannotReorder(let path):
            "the row at \(path) cannot be moved: the data source has no reorderingHandlers.canReorderItem, or it returned false"
        case .noSearchBar(let controller):
            "\(controller) shows no search bar (no navigation item search controller, no UISearchBar)"
        }
    }
}
