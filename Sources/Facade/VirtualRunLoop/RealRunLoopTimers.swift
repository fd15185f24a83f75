import Foundation

/// Foundation's own timers on the run loops of the simulator's thread and of the main thread.
///
/// A file that imports Foundation directly schedules Foundation's `Timer` (the simulator's
/// overload gives way there), and such a timer fires in real time, never during a simulated run.
/// The simulator compares the run loops' next fire dates around each call to notice one.
package enum RealRunLoopTimers {
    private typealias RunLoopGetter = @convention(c) () -> OpaquePointer?
    private typealias NextTimerFireDate = @convention(c) (OpaquePointer?, OpaquePointer?) -> Double

    private struct Functions: @unchecked Sendable {
        // Unchecked: C function pointers and an immutable CFString, resolved once.
        let main: RunLoopGetter
        let current: RunLoopGetter
        let nextFireDate: NextTimerFireDate
        let defaultMode: OpaquePointer?
    }

    /// CoreFoundation's run-loop queries, found in the Foundation library at run time.
    private static let functions: Functions? = {
        guard let library = dlopen(nil, RTLD_NOW), let main = dlsym(library, "CFRunLoopGetMain"),
            let current = dlsym(library, "CFRunLoopGetCurrent"),
            let next = dlsym(library, "CFRunLoopGetNextTimerFireDate"),
            let mode = dlsym(library, "kCFRunLoopDefaultMode")
        else { return nil }
        return Functions(
            main: unsafeBitCast(main, to: RunLoopGetter.self), current: unsafeBitCast(current, to: RunLoopGetter.self),
            nextFireDate: unsafeBitCast(next, to: NextTimerFireDate.self),
            defaultMode: mode.assumingMemoryBound(to: OpaquePointer?.self).pointee)
    }()

    /// The next fire dates (0 for none) of the main and the current run loop's default mode.
    package static func nextFireDates() -> [Double] {
        guard let functions else { return [] }
        return [functions.main(), functions.current()].map { functions.nextFireDate($0, functions.defaultMode) }
    }

    /// Whether a timer due earlier than any before appeared between two readings.
    package static func appeared(before: [Double], after: [Double]) -> Bool {
        zip(before, after).contains { old, new in new != 0 && (old == 0 || new < old) }
    }
}
