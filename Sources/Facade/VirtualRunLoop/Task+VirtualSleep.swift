import Foundation
import Synchronization

// `Task.sleep` during a simulator call ends on the simulator's clock after exactly the duration
// asked for, costing no real time. These declarations shadow the standard library's (a module's
// declarations shadow those of the modules it imports), so app code calls them unchanged; outside
// a simulator call they sleep as the standard library does.

extension Task where Success == Never, Failure == Never {
    /// Suspends the current task for at least `duration` nanoseconds: on the simulator's clock
    /// during a simulator call.
    public static func sleep(nanoseconds duration: UInt64) async throws {
        guard AppClock.isDriving else {
            return try await ContinuousClock().sleep(until: .now + .nanoseconds(duration), tolerance: nil)
        }
        try await VirtualSleep.sleep(seconds: Double(duration) / 1e9)
    }

    /// Suspends the current task for `duration`: on the simulator's clock during a simulator call.
    public static func sleep(for duration: Duration) async throws {
        guard AppClock.isDriving else {
            return try await ContinuousClock().sleep(until: .now + duration, tolerance: nil)
        }
        try await VirtualSleep.sleep(seconds: VirtualMainExecutor.seconds(duration))
    }

    /// Suspends the current task for `duration` on `clock`: on the simulator's clock during a
    /// simulator call when `clock` is the continuous or the suspending clock.
    public static func sleep<C: Clock>(
        for duration: C.Instant.Duration, tolerance: C.Instant.Duration? = nil, clock: C = .continuous
    ) async throws {
        guard AppClock.isDriving, C.self == ContinuousClock.self || C.self == SuspendingClock.self,
            let duration = duration as? Duration
        else {
            return try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: tolerance)
        }
        try await VirtualSleep.sleep(seconds: VirtualMainExecutor.seconds(duration))
    }
}

/// A sleep on the simulator's clock: the task suspends, and app work due `seconds` later resumes
/// it; cancelling the task resumes it at once with `CancellationError`, as `Task.sleep` does.
enum VirtualSleep {
    static func sleep(seconds: Double) async throws {
        try Task.checkCancellation()
        let waiter = Waiter()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                waiter.wait(continuation)
                let work = AppWork(
                    kind: .sleep, label: "Task.sleep \(seconds) s", delay: max(0, seconds), isObsolete: { waiter.hasResumed }
                ) { waiter.resume(.success(())) }
                AppClock.submit(work)
            }
        } onCancel: {
            waiter.resume(.failure(CancellationError()))
        }
    }

    /// The suspended task's continuation, resumed once: by the clock or by a cancellation, which
    /// may come from another thread.
    final class Waiter: Sendable {
        private let state = Mutex<(continuation: CheckedContinuation<Void, any Error>?, early: Result<Void, any Error>?)>(
            (nil, nil))

        func wait(_ continuation: CheckedContinuation<Void, any Error>) {
            let early = state.withLock { state -> Result<Void, any Error>? in
                if let early = state.early { return early }
                state.continuation = continuation
                return nil
            }
            if let early { continuation.resume(with: early) }
        }

        /// Whether the task was resumed (woken or cancelled).
        var hasResumed: Bool { state.withLock { $0.early != nil } }

        func resume(_ result: Result<Void, any Error>) {
            let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let continuation = state.continuation else {
                    if state.early == nil { state.early = result }
                    return nil
                }
                state.continuation = nil
                state.early = result
                return continuation
            }
            continuation?.resume(with: result)
        }
    }
}
