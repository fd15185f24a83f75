import Dispatch
import Foundation

// Blocks the app sends to a dispatch queue during a simulator call run on the simulator's clock:
// those for the main queue as the main run loop's next turns, those for a global or private queue
// at once after the work already due (one thread, so runs are deterministic), and `asyncAfter`
// at its deadline in virtual time, costing no real time.
//
// These overloads take fewer arguments than Dispatch's own (which add `group`, `qos` and
// `flags` with defaults), so the compiler prefers them for the calls they match, with or without
// a direct `import Foundation` or `import Dispatch` in the app's file. Calls passing a
// `DispatchWorkItem` or a group match only Dispatch's and run on the real queues
// (docs/uikit-swift.md says so, with the workaround).

extension DispatchQueue {
    /// Submits `work` to run asynchronously: on the simulator's clock during a simulator call.
    public func async(execute work: @escaping @Sendable @convention(block) () -> Void) {
        guard AppClock.isDriving else { return async(group: nil, qos: .unspecified, flags: [], execute: work) }
        submit(work, delay: 0, what: "async")
    }

    /// Submits `work` with a quality of service (which the simulator's single thread ignores).
    public func async(qos: DispatchQoS, execute work: @escaping @Sendable @convention(block) () -> Void) {
        guard AppClock.isDriving else { return async(group: nil, qos: qos, flags: [], execute: work) }
        submit(work, delay: 0, what: "async")
    }

    /// Submits `work` with flags (a barrier changes nothing on the simulator's single thread).
    public func async(flags: DispatchWorkItemFlags, execute work: @escaping @Sendable @convention(block) () -> Void) {
        guard AppClock.isDriving else { return async(group: nil, qos: .unspecified, flags: flags, execute: work) }
        submit(work, delay: 0, what: "async")
    }

    /// Submits `work` to run at `deadline`: that many seconds later on the simulator's clock during
    /// a simulator call (to the millisecond).
    public func asyncAfter(deadline: DispatchTime, execute work: @escaping @Sendable @convention(block) () -> Void) {
        guard AppClock.isDriving else { return asyncAfter(deadline: deadline, qos: .unspecified, flags: [], execute: work) }
        submit(work, delay: Self.delay(until: deadline), what: "asyncAfter")
    }

    /// Submits `work` to run at `deadline` with a quality of service.
    public func asyncAfter(
        deadline: DispatchTime, qos: DispatchQoS, execute work: @escaping @Sendable @convention(block) () -> Void
    ) {
        guard AppClock.isDriving else { return asyncAfter(deadline: deadline, qos: qos, flags: [], execute: work) }
        submit(work, delay: Self.delay(until: deadline), what: "asyncAfter")
    }

    /// Submits `work` to run at a wall-clock deadline: that many seconds later on the simulator's
    /// clock during a simulator call.
    public func asyncAfter(wallDeadline: DispatchWallTime, execute work: @escaping @Sendable @convention(block) () -> Void) {
        guard AppClock.isDriving else {
            return asyncAfter(wallDeadline: wallDeadline, qos: .unspecified, flags: [], execute: work)
        }
        let remaining = Int64(bitPattern: wallDeadline.rawValue) == -1 ? Int64.max : Self.nanoseconds(until: wallDeadline)
        submit(work, delay: AppWork.delay(nanosecondsUntilDeadline: remaining), what: "asyncAfter")
    }

    private func submit(_ work: @escaping @Sendable @convention(block) () -> Void, delay: Double, what: String) {
        let isMain = label == DispatchQueue.main.label  // `main` wraps the same queue in a new object each time
        let name = isMain ? "DispatchQueue.main" : "DispatchQueue '\(label)'"
        let label = delay > 0 ? "\(name).\(what) \(delay) s" : "\(name).\(what)"
        AppClock.submit(AppWork(kind: isMain ? .mainQueue : .backgroundQueue, label: label, delay: delay) { work() })
    }

    private static func delay(until deadline: DispatchTime) -> Double {
        guard deadline != .distantFuture else { return .infinity }
        let now = DispatchTime.now().uptimeNanoseconds
        let due = deadline.uptimeNanoseconds
        return AppWork.delay(nanosecondsUntilDeadline: due > now ? Int64(clamping: due - now) : 0)
    }

    /// Nanoseconds from now until a wall-clock deadline (Dispatch keeps it as the negated
    /// nanoseconds since 1970).
    private static func nanoseconds(until deadline: DispatchWallTime) -> Int64 {
        let due = -Int64(bitPattern: deadline.rawValue)
        let now = Int64(Date().timeIntervalSince1970 * 1e9)
        return due - now
    }
}
