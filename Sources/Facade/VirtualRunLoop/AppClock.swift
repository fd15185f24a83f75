import Foundation
import Synchronization

/// Who runs the app's asynchronous work.
///
/// While a `ScrollSimulator` call is in progress, work the app starts from the thread of that call
/// — blocks sent to the main, a global or a private dispatch queue, `Task`s and what they await,
/// sleeps, timers, `RunLoop.main.perform`, URL loads — is handed to the simulator, which runs it
/// on its virtual clock in the order and at the times UIKit's main run loop would. Work started
/// on another thread, or outside a simulator call, goes to the real executors as usual: tests
/// running in parallel on other threads are never captured.
package enum AppClock {
    /// The thread of the simulator call in progress (`pthread_self`), 0 when there is none.
    private static let drivingThread = Atomic<UInt>(0)
    /// Work submitted during the current simulator call and not yet scheduled by it; touched only
    /// on the driving thread.
    nonisolated(unsafe) private static var submitted: [AppWork] = []
    /// The network of the simulator call in progress; touched only on the driving thread.
    nonisolated(unsafe) package private(set) static var network: SimulatedNetwork?
    /// Reads the simulator's virtual time, in seconds; set only during a simulator call.
    nonisolated(unsafe) private static var clock: (() -> Double)?
    /// Told of what the app's code was sent and what the simulator should warn about; set only
    /// during a simulator call.
    nonisolated(unsafe) private static var reporter: ((AppReport) -> Void)?

    /// The simulator's virtual time during a simulator call on this thread, else nil (schedulers
    /// then read the real clock).
    package static var now: Double? { isDriving ? clock?() : nil }

    /// Whether the caller runs on the thread of a simulator call in progress.
    package static var isDriving: Bool { drivingThread.load(ordering: .relaxed) == UInt(pthread_self()) }

    /// Runs `body` as a simulator call: app work started on this thread meanwhile goes to
    /// `take()`. Nested calls keep the outer call's thread.
    @MainActor
    package static func drive<T>(
        network: SimulatedNetwork, clock: @escaping () -> Double, reporter: @escaping (AppReport) -> Void,
        _ body: () throws -> T
    ) rethrows -> T {
        ConcurrencyHooks.install()
        let outer = (
            thread: drivingThread.load(ordering: .relaxed), network: self.network, clock: self.clock, reporter: self.reporter
        )
        drivingThread.store(UInt(pthread_self()), ordering: .relaxed)
        self.network = network
        self.clock = clock
        self.reporter = reporter
        defer {
            drivingThread.store(outer.thread, ordering: .relaxed)
            self.network = outer.network
            self.clock = outer.clock
            self.reporter = outer.reporter
        }
        return try body()
    }

    /// Tells the simulator call in progress of `report`; one made outside a call goes to the
    /// simulators alive on this thread, which say it at their next call (what the app did between
    /// calls: an outlet read in a controller made before `show`, a notification posted by the
    /// test), and is nobody's concern on a thread without one.
    package static func report(_ report: AppReport) {
        if isDriving, let reporter {
            reporter(report)
            return
        }
        let task = currentTask
        let logs = betweenCallsLogs.withLock { $0[UInt(pthread_self())]?.compactMap(\.log) ?? [] }
        for log in logs where log.task == task { log.append(report) }
    }

    /// The task running the caller, if any: tests share the main thread, and one test's simulator
    /// hears only what its own test's code (its task) does between calls.
    private static var currentTask: Int? { withUnsafeCurrentTask { $0?.hashValue } }

    /// Registers `observer` to run at the end of every run-loop turn of a simulator call (after a
    /// frame, after a piece of app work): key-value observations compare their values there. It
    /// runs until the returned token is released or cancelled.
    package static func observeTurns(_ observer: @escaping @MainActor () -> Void) -> TurnObservation {
        let observation = TurnObservation(observer)
        turnObservers.withLock {
            $0.append(WeakTurnObservation(observation: observation))
            hasTurnObservers.store(true, ordering: .releasing)
        }
        return observation
    }

    /// Runs the turn observers still alive (the simulator calls it at the end of each turn).
    @MainActor
    package static func endOfTurn() {
        // Most screens observe nothing: a frame then costs one load, not a lock and two walks.
        guard hasTurnObservers.load(ordering: .acquiring) else { return }
        let live = turnObservers.withLock { list -> [TurnObservation] in
            list.removeAll { $0.observation == nil }
            if list.isEmpty { hasTurnObservers.store(false, ordering: .releasing) }
            return list.compactMap(\.observation)
        }
        for observation in live where !observation.isCancelled { observation.observer() }
    }

    private static let turnObservers = Mutex<[WeakTurnObservation]>([])
    /// Whether `turnObservers` may hold a live observation (set and cleared under its lock).
    private static let hasTurnObservers = Atomic<Bool>(false)

    /// The logs of the simulators alive, by the thread each was made on.
    private static let betweenCallsLogs = Mutex<[UInt: [WeakBetweenCallsLog]]>([:])

    /// A log of what the app does on this thread between the calls of a simulator made here; it
    /// lasts as long as the simulator keeps it.
    package static func betweenCallsLog() -> BetweenCallsLog {
        let log = BetweenCallsLog(task: currentTask)
        betweenCallsLogs.withLock { logs in
            let thread = UInt(pthread_self())
            logs[thread, default: []].removeAll { $0.log == nil }
            logs[thread, default: []].append(WeakBetweenCallsLog(log: log))
        }
        return log
    }

    /// App work (`label`) started outside a simulator call: on a thread where a simulator lives it
    /// goes to the real executors and misses the simulator's clock, so each simulator alive there
    /// warns at its next call.
    package static func noteUndriven(_ label: String) {
        guard !isDriving else { return }
        report(.undriven(label))
    }

    /// Logs an action sent to the app's code (`description`), and why it did not run (`failure`).
    package static func noteAction(_ description: String, failure: String?) {
        report(.action(description, failure: failure))
    }

    /// Hands work to the simulator call in progress. Call only when `isDriving`.
    package static func submit(_ work: AppWork) {
        submitted.append(work)
    }

    /// The work submitted since the last call, oldest first.
    package static func take() -> [AppWork] {
        guard !submitted.isEmpty else { return [] }
        defer { submitted.removeAll(keepingCapacity: true) }
        return submitted
    }
}

/// A registration of `AppClock.observeTurns`: it lasts while this object lives, until cancelled.
package final class TurnObservation: @unchecked Sendable {
    // Unchecked: the observer runs, and `isCancelled` is set, on the simulator's (main) thread.
    let observer: @MainActor () -> Void
    package private(set) var isCancelled = false
    init(_ observer: @escaping @MainActor () -> Void) { self.observer = observer }
    package func cancel() { isCancelled = true }
}

private struct WeakTurnObservation: @unchecked Sendable {
    // Unchecked: a weak reference, read and cleared atomically by the runtime, under a mutex.
    weak var observation: TurnObservation?
}

/// What the app did between one simulator's calls (`AppClock.report` outside a call).
package final class BetweenCallsLog: Sendable {
    private let reports = Mutex<[AppReport]>([])
    /// The task that made the simulator (nil outside any task).
    let task: Int?

    init(task: Int?) { self.task = task }

    func append(_ report: AppReport) {
        reports.withLock { reports in
            // A simulator that is never called again keeps only the latest.
            if reports.count == 1_000 { reports.removeFirst() }
            reports.append(report)
        }
    }

    /// The reports since the last call, oldest first.
    package func take() -> [AppReport] {
        reports.withLock { reports in
            defer { reports.removeAll() }; return reports
        }
    }
}

private struct WeakBetweenCallsLog: @unchecked Sendable {
    // Unchecked: a weak reference, read and cleared atomically by the runtime, under a mutex.
    weak var log: BetweenCallsLog?
}

/// What app code tells the simulator besides the work it schedules.
package enum AppReport: Sendable {
    /// An action was sent to the app's code (a target–action pair, a notification's selector), and
    /// why it did not run, if it did not.
    case action(String, failure: String?)
    /// Something the counts would not show: said once in the simulator's warnings.
    case warning(String)
    /// A message the app logged (`os.Logger`), for the event log.
    case log(String)
    /// App work started between simulator calls, which runs on the real executors.
    case undriven(String)
}

/// A piece of app work on the simulator's clock: what it is (for the event log and warnings),
/// how long after its submission it is due, and what runs.
package struct AppWork {
    package enum Kind: String, Sendable {
        /// A block on the main queue or `RunLoop.main.perform`.
        case mainQueue = "main queue"
        /// A block on a global or private dispatch queue.
        case backgroundQueue = "background queue"
        /// A job of a Swift concurrency task (a start, or a resumption after an await).
        case task
        /// A `Task.sleep` or clock sleep ending.
        case sleep
        /// A `Timer` firing.
        case timer
        /// A URL load answering.
        case network
        /// Work the test scheduled (`schedule(after:)`, `dataRequest`).
        case scheduled
    }

    package var kind: Kind
    /// What the work is, in the app's terms: `DispatchQueue.main.asyncAfter 0.3 s`,
    /// `Task.sleep 0.5 s`; for a task's job, what it resumes from.
    package var label: String
    /// The runtime's identifier of the task a job belongs to (the simulator numbers tasks in the
    /// order it meets them, so logs do not depend on other tests).
    package var task: UInt64? = nil
    /// Seconds after submission.
    package var delay: Double
    /// Whether the work no longer needs to run (a sleep its task's cancellation ended, a timer
    /// invalidated): it is then dropped without moving the clock.
    package var isObsolete: (@Sendable () -> Bool)? = nil
    package var run: @MainActor () -> Void

    package init(
        kind: Kind, label: String, task: UInt64? = nil, delay: Double, isObsolete: (@Sendable () -> Bool)? = nil,
        run: @escaping @MainActor () -> Void
    ) {
        self.kind = kind
        self.label = label
        self.task = task
        self.delay = delay
        self.isObsolete = isObsolete
        self.run = run
    }

    /// A delay measured against a real clock, to the millisecond: the deadline was computed a few
    /// microseconds before it reached the simulator, so it is rounded up to the whole millisecond
    /// the app asked for.
    package static func delay(nanosecondsUntilDeadline nanoseconds: Int64) -> Double {
        guard nanoseconds > 0 else { return 0 }
        return Double((nanoseconds + 999_999) / 1_000_000) / 1_000
    }
}
