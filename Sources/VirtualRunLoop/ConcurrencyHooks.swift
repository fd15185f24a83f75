import Foundation

/// The Swift concurrency runtime's hooks, set once, which send the jobs of tasks started during a
/// simulator call to the simulator's clock (`AppClock`).
///
/// Two runtime entry points decide where a job goes: `swift_task_enqueueGlobal` for work on the
/// global concurrent executor (nonisolated tasks, default actors), and `swift_task_getMainExecutor`
/// for anything isolated to the main actor. While the calling thread drives a simulator, the first
/// hands its job over and the second answers with `VirtualMainExecutor`, whose `enqueue` does the
/// same; on any other thread, or outside a simulator call, both defer to the runtime.
enum ConcurrencyHooks {
    /// Installs the hooks the first time it is called.
    static func install() { _ = installed }

    private static let installed: Bool = installHooks()

    private static func installHooks() -> Bool {
        guard let runtime = dlopen(nil, RTLD_NOW) else { return false }
        if let symbol = dlsym(runtime, "swift_task_enqueueGlobal_hook") {
            symbol.assumingMemoryBound(to: EnqueueHook?.self).pointee = { job, original in
                if !takeGlobal(job) { original(job) }
            }
        }
        if let symbol = dlsym(runtime, "swift_task_getMainExecutor_hook") {
            symbol.assumingMemoryBound(to: MainExecutorHook?.self).pointee = { original in
                AppClock.isDriving ? VirtualMainExecutor.shared.asUnownedSerialExecutor() : original()
            }
        }
        return true
    }
}

/// Takes a job sent to the global executor from the simulator's thread; false for any other. (A
/// top-level function: the compiler cannot yet lower the app work built here inside a thin
/// closure, nor a thin closure calling a static method.)
private func takeGlobal(_ job: UnownedJob) -> Bool {
    guard AppClock.isDriving else { return false }
    AppClock.submit(VirtualMainExecutor.work(for: job, delay: 0, kind: .task))
    return true
}

typealias EnqueueOriginal = @convention(thin) (UnownedJob) -> Void
typealias EnqueueHook = @convention(thin) (UnownedJob, EnqueueOriginal) -> Void
typealias MainExecutorOriginal = @convention(thin) () -> UnownedSerialExecutor
typealias MainExecutorHook = @convention(thin) (MainExecutorOriginal) -> UnownedSerialExecutor
