import Dispatch
import Foundation

// Blocks the app sends to a dispatch queue during a simulator call run on the simulator's clock:
// those for the main queue as the main run loop's next turns, those for a global or private queue
// at once after the work already due (one thread, so runs are deterministic), and `asyncAfter`
// at its deadline in virtual time, costing no real time.
//
// These overloads take fewer arguments than Dispatch's own (which add `group`, `qos` and
// `flags` with defaults), so the compiler prefers them for the calls they match, with or without
// a direct `import Foundation` or `import Dispatch` in the app's file. Calls passing a group
// match only Dispatch's and run on the real queues (docs/uikit-swift.md says so).

extension DispatchQueue {
    /// Submits `work` to run asynchronously: on the simulator's clock during a simulator call.
    public func async(execute work: @escaping @Sendable @convention(block) () -> Void) {
        guard AppClock.isDriving else {
            noteUndriven("async")
            return async(group: nil, qos: .unspecified, flags: [], execute: work)
        }
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
        guard AppClock.isDriving else {
            noteUndriven("asyncAfter")
            return asyncAfter(deadline: deadline, qos: .unspecified, flags: [], execute: work)
        }
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

    fileprivate func submit(_ work: @escaping @Sendable @convention(block) () -> Void, delay: Double, what: String) {
        let isMain = label == DispatchQueue.main.label  // `main` wraps the same queue in a new object each time
        let name = isMain ? "DispatchQueue.main" : "DispatchQueue '\(label)'"
        let label = delay > 0 ? "\(name).\(what) \(delay) s" : "\(name).\(what)"
        AppClock.submit(AppWork(kind: isMain ? .mainQueue : .backgroundQueue, label: label, delay: delay) { work() })
    }

    /// Work sent to the main queue between simulator calls misses the simulator's clock.
    fileprivate func noteUndriven(_ what: String) {
        guard label == DispatchQueue.main.label else { return }
        AppClock.noteUndriven("DispatchQueue.main.\(what)")
    }

    fileprivate static func delay(until deadline: DispatchTime) -> Double {
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

// A `DispatchWorkItem` has the same signatures in Dispatch and here, so these are disfavoured:
// they shadow Dispatch's in a file that imports UIKit only, and give way to Dispatch's in a file
// that imports Foundation or Dispatch itself (where the item runs on the real queue).
extension DispatchQueue {
    /// Submits a work item: on the simulator's clock during a simulator call; a cancelled item
    /// does not run.
    @_disfavoredOverload
    public func async(execute workItem: DispatchWorkItem) {
        // Inside this module Dispatch's own overload is the favoured one, so this is not recursion.
        guard AppClock.isDriving else { return async(execute: workItem) }
        submit(workItem, delay: 0, what: "async")
    }

    /// Submits a work item to run at `deadline`: that many seconds later on the simulator's clock
    /// during a simulator call; a work item cancelled meanwhile (a debounce) does not run.
    @_disfavoredOverload
    public func asyncAfter(deadline: DispatchTime, execute workItem: DispatchWorkItem) {
        guard AppClock.isDriving else { return asyncAfter(deadline: deadline, execute: workItem) }
        submit(workItem, delay: Self.delay(until: deadline), what: "asyncAfter")
    }

    private func submit(_ workItem: DispatchWorkItem, delay: Double, what: String) {
        let item = UncheckedWorkItem(item: workItem)
        submit({ if !item.item.isCancelled { item.item.perform() } }, delay: delay, what: what)
    }
}

/// A work item carried to the simulator's thread, where it runs (`DispatchWorkItem` is a
/// thread-safe Dispatch object that Swift does not mark `Sendable`).
private struct UncheckedWorkItem: @unchecked Sendable {
    let item: DispatchWorkItem
}
