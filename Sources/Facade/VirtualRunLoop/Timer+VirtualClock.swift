import Foundation

// A timer scheduled on the main run loop during a simulator call fires on the simulator's clock;
// `RunLoop.main.perform` runs its block at the run loop's next turn.
//
// These declarations have Foundation's exact signatures and are disfavoured: in a file that
// imports UIKit (which brings Foundation), they shadow Foundation's; in a file that also imports
// Foundation directly, Foundation's are taken without ambiguity, and their timers wait for real
// time (the simulator warns when one is scheduled, docs/uikit-swift.md).

extension Timer {
    /// Creates a timer and schedules it on the current run loop: on the simulator's clock during a
    /// simulator call. A repeating timer fires every `interval` until it is invalidated.
    @_disfavoredOverload
    @discardableResult
    public class func scheduledTimer(
        withTimeInterval interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void
    ) -> Timer {
        let timer = Timer(timeInterval: interval, repeats: repeats, block: block)
        guard AppClock.isDriving else {
            AppClock.noteUndriven(repeats ? "Timer every \(interval) s" : "Timer \(interval) s")
            RunLoop.current.add(timer, forMode: .default)
            return timer
        }
        VirtualTimer(timer: timer).schedule(interval: interval, repeats: repeats, block: block)
        return timer
    }
}

extension RunLoop {
    /// Runs `block` at the run loop's next turn: on the simulator's clock during a simulator call.
    @_disfavoredOverload
    public func perform(_ block: @escaping @Sendable () -> Void) {
        guard AppClock.isDriving, self === RunLoop.main else { return perform(inModes: [.default], block: block) }
        AppClock.submit(AppWork(kind: .mainQueue, label: "RunLoop.main.perform", delay: 0) { block() })
    }
}

/// A timer's firings on the simulator's clock: each one checks the timer is still valid, and a
/// repeating timer schedules the next (UIKit skips no firing while the main thread is free).
struct VirtualTimer: @unchecked Sendable {
    // Unchecked: a timer is only touched by the thread whose run loop fires it (here the
    // simulator's), as Foundation requires.
    let timer: Timer

    func schedule(interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void) {
        let interval = max(interval, 0.0001)  // Foundation's minimum: a zero interval is 0.1 ms
        let label = repeats ? "Timer every \(interval) s" : "Timer \(interval) s"
        AppClock.submit(
            AppWork(kind: .timer, label: label, delay: interval, isObsolete: { !timer.isValid }) {
                guard timer.isValid else { return }
                block(timer)
                if repeats, timer.isValid {
                    schedule(interval: interval, repeats: true, block: block)
                } else {
                    timer.invalidate()
                }
            })
    }
}
