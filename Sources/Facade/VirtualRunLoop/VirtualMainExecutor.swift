import Foundation
@_spi(ExperimentalScheduling) import _Concurrency

/// The main actor's executor during a simulator call: its jobs, and the sleeps of tasks running
/// on it, become app work on the simulator's clock. Every job the simulator runs (main-actor or
/// not) runs on this executor, on the simulator's thread, one at a time, as on a device's main
/// thread and a single-core pool.
final class VirtualMainExecutor: SerialExecutor, SchedulingExecutor, @unchecked Sendable {
    // Unchecked: the executor has no state; what it enqueues goes through AppClock, which only the
    // driving thread touches, or to the runtime.
    static let shared = VirtualMainExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        submit(UnownedJob(job), delay: 0, kind: .task)
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        let seconds = (delay as? Duration).map(Self.seconds) ?? 0
        submit(UnownedJob(job), delay: seconds, kind: .sleep)
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        let remaining = clock.now.duration(to: instant)
        let nanoseconds = (remaining as? Duration).map { Int64(Self.seconds($0) * 1e9) } ?? 0
        submit(UnownedJob(job), delay: AppWork.delay(nanosecondsUntilDeadline: nanoseconds), kind: .sleep)
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }

    /// Only the simulator's thread runs this executor's jobs.
    func checkIsolated() {
        precondition(AppClock.isDriving, "main-actor code of the app ran outside the simulator's thread")
    }

    /// Hands a job to the simulator; one resumed from another thread after the simulator call that
    /// started its task ended goes to the real main executor.
    private func submit(_ job: UnownedJob, delay: Double, kind: AppWork.Kind) {
        guard AppClock.isDriving else { return swiftTaskEnqueueMainExecutor(job) }
        AppClock.submit(Self.work(for: job, delay: delay, kind: kind))
    }

    /// The app work that runs `job` on this executor.
    static func work(for job: UnownedJob, delay: Double, kind: AppWork.Kind) -> AppWork {
        let label = kind == .sleep ? "sleep \(delay) s" : "job"
        return AppWork(kind: kind, label: label, task: swiftTaskJobTaskID(job), delay: delay) {
            job.runSynchronously(on: VirtualMainExecutor.shared.asUnownedSerialExecutor())
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

@_silgen_name("swift_task_enqueueMainExecutor")
private func swiftTaskEnqueueMainExecutor(_ job: UnownedJob)

@_silgen_name("swift_task_getJobTaskId")
private func swiftTaskJobTaskID(_ job: UnownedJob) -> UInt64
