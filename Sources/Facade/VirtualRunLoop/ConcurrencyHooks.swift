internal import CRuntimeHooks
import Foundation

/// The Swift concurrency runtime's hooks, set once, which send the jobs of tasks started during a
/// simulator call to the simulator's clock (`AppClock`).
///
/// Two runtime entry points decide where a job goes: `swift_task_enqueueGlobal` for work on the
/// global concurrent executor (nonisolated tasks, default actors), and `swift_task_getMainExecutor`
/// for anything isolated to the main actor. While the calling thread drives a simulator, the first
/// hands its job over and the second answers with `VirtualMainExecutor`, whose `enqueue` does the
/// same; on any other thread, or outside a simulator call, both defer to the runtime. The hooks
/// themselves are C (`CRuntimeHooks`), which calls the two functions below.
enum ConcurrencyHooks {
    /// Installs the hooks the first time it is called.
    static func install() { _ = installed }

    private static let installed: Bool = scrollsim_install_concurrency_hooks(takeGlobalJob, drivingMainExecutor)
}

/// Takes a job sent to the global executor from the simulator's thread; false for any other.
private func takeGlobalJob(_ job: UnsafeMutableRawPointer?) -> Bool {
    guard AppClock.isDriving, let job else { return false }
    AppClock.submit(VirtualMainExecutor.work(for: unsafeBitCast(job, to: UnownedJob.self), delay: 0, kind: .task))
    return true
}

/// The main executor while the simulator drives this thread; false leaves the runtime's own.
private func drivingMainExecutor(_ executor: UnsafeMutablePointer<ScrollsimExecutorRef>?) -> Bool {
    guard AppClock.isDriving, let executor else { return false }
    executor.pointee = unsafeBitCast(VirtualMainExecutor.shared.asUnownedSerialExecutor(), to: ScrollsimExecutorRef.self)
    return true
}
