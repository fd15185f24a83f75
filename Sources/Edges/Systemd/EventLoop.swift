import CSystemd
import Glibc

/// The epoll events an I/O source waits for or reports (`epoll_ctl(2)`).
package struct IOEvents: OptionSet, Sendable, Hashable {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// EPOLLIN: data (or end of file) to read.
    package static let readable = IOEvents(rawValue: EPOLLIN.rawValue)
    /// EPOLLOUT: room to write.
    package static let writable = IOEvents(rawValue: EPOLLOUT.rawValue)
    /// EPOLLHUP: the peer closed both directions (always reported).
    package static let hangUp = IOEvents(rawValue: EPOLLHUP.rawValue)
    /// EPOLLERR: an error on the descriptor (always reported).
    package static let error = IOEvents(rawValue: EPOLLERR.rawValue)
}

/// An sd-event loop (`sd-event(3)`): timers, readable file descriptors and signals, run on one
/// thread. The daemon runs one on the main thread and owns all its state there.
///
/// Not Sendable and not actor-isolated: used only from the thread that calls `run()`; C callbacks
/// reach Swift through the userdata pointer of each source (docs/internals.md S3).
package final class EventLoop {
    let event: OpaquePointer
    /// Sources stay alive while registered (libsystemd holds only an unretained pointer to them).
    private var sources: [ObjectIdentifier: EventSource] = [:]
    /// Called with each source just before its handler runs: the daemon keeps its worker threads
    /// off the simulations for every handler but the connections' group (whose calls pause them
    /// only when one needs the simulations).
    package var willDispatch: ((EventSource) -> Void)?

    /// A new loop (not the thread default, so tests can make several).
    package init() throws(SystemdError) {
        var event: OpaquePointer?
        let result = sd_event_new(&event)
        guard result >= 0, let event else { throw SystemdError("sd_event_new", result) }
        self.event = event
    }

    deinit {
        for source in sources.values { source.release() }
        sd_event_unref(event)
    }

    /// Runs until `exit` is called; returns the exit code.
    package func run() throws(SystemdError) -> Int32 {
        let result = sd_event_loop(event)
        guard result >= 0 else { throw SystemdError("sd_event_loop", result) }
        return result
    }

    /// Runs until `exit` is called, as `run()` does (`sd_event_loop` is the same prepare, wait,
    /// dispatch), calling `beforeDispatch` once events are pending and `afterDispatch` once their
    /// handlers have run. Between the two, events that are already pending or ready are
    /// dispatched too, for as long as `keepDispatching` says: a busy loop calls the pair once per
    /// batch, not once per event. The daemon keeps its worker threads off the simulations
    /// in between, and lets them run while the loop waits.
    package func run(
        beforeDispatch: () -> Void, keepDispatching: () -> Bool, afterDispatch: () -> Void
    ) throws(SystemdError) -> Int32 {
        var pending = false
        while sd_event_get_state(event) != Int32(SD_EVENT_FINISHED) {
            if !pending {
                guard try poll(waiting: .max) else { continue }
            }
            beforeDispatch()
            var failure: SystemdError?
            repeat {
                let dispatched = sd_event_dispatch(event)
                guard dispatched >= 0 else {
                    failure = SystemdError("sd_event_dispatch", dispatched)
                    break
                }
                guard sd_event_get_state(event) != Int32(SD_EVENT_FINISHED) else { break }
                // More already due, or ready without waiting?
                do throws(SystemdError) {
                    pending = try poll(waiting: 0)
                } catch {
                    failure = error
                    break
                }
            } while pending && keepDispatching()
            afterDispatch()
            if let failure { throw failure }
        }
        var code: Int32 = 0
        let result = sd_event_get_exit_code(event, &code)
        guard result >= 0 else { throw SystemdError("sd_event_get_exit_code", result) }
        return code
    }

    /// One iteration: waits up to `timeout` microseconds for an event and dispatches one source's
    /// (sd_event_run); whether one ran. A test steps a loop with it instead of `run()`, as
    /// swift-nio's EmbeddedEventLoop is stepped.
    @discardableResult
    package func runOnce(timeout: UInt64 = 0) throws(SystemdError) -> Bool {
        guard !isFinished else { return false }
        let result = sd_event_run(event, timeout)
        guard result >= 0 else { throw SystemdError("sd_event_run", result) }
        return result > 0
    }

    /// Prepares an iteration and, when nothing is due yet, waits up to `timeout` microseconds
    /// for something to be: whether events are pending (the next call must then dispatch them).
    private func poll(waiting timeout: UInt64) throws(SystemdError) -> Bool {
        var result = sd_event_prepare(event)
        guard result >= 0 else { throw SystemdError("sd_event_prepare", result) }
        if result == 0 {
            result = sd_event_wait(event, timeout)
            guard result >= 0 else { throw SystemdError("sd_event_wait", result) }
        }
        return result > 0
    }

    /// `exit` was called and the loop has finished: nothing more runs.
    package var isFinished: Bool { sd_event_get_state(event) == Int32(SD_EVENT_FINISHED) }

    /// Makes `run()` return `code` after the current iteration.
    package func exit(_ code: Int32) { _ = sd_event_exit(event, code) }

    /// Lets sd-event send `WATCHDOG=1` itself while the loop keeps turning (`WatchdogSec=`).
    /// Returns whether the service manager asked for a watchdog.
    @discardableResult
    package func enableWatchdog() throws(SystemdError) -> Bool {
        let result = sd_event_set_watchdog(event, 1)
        guard result >= 0 else { throw SystemdError("sd_event_set_watchdog", result) }
        return result > 0
    }

    /// Calls `handler` once after `delay`, or every `delay` when `repeating`. An `important`
    /// timer is dispatched before pending I/O (SD_EVENT_PRIORITY_IMPORTANT), so a burst of
    /// clients cannot delay it.
    @discardableResult
    package func addTimer(
        after delay: Duration, repeating: Bool = false, important: Bool = false, _ handler: @escaping () -> Void
    ) throws(SystemdError) -> EventSource {
        let usec = Self.microseconds(delay)
        let source = EventSource(loop: self, kind: .timer(handler, repeating ? usec : nil))
        var pointer: OpaquePointer?
        // Accuracy 1 µs: 0 would mean sd-event's default of 250 ms, which lets timers coalesce and
        // fire late; live simulations are paced by these timers.
        let result = sd_event_add_time_relative(
            event, &pointer, CLOCK_MONOTONIC, usec, 1,
            { source, _, userdata in
                let box = Unmanaged<EventSource>.fromOpaque(userdata!).takeUnretainedValue()
                box.loop?.willDispatch?(box)
                if case .timer(let handler, let interval) = box.kind {
                    if let interval {
                        _ = sd_event_source_set_time_relative(source, interval)
                        _ = sd_event_source_set_enabled(source, Int32(SD_EVENT_ON))
                    }
                    handler()
                }
                return 0
            }, source.userdata)
        if important, result >= 0, let pointer { _ = sd_event_source_set_priority(pointer, Int64(SD_EVENT_PRIORITY_IMPORTANT)) }
        return try register(source, pointer, result, "sd_event_add_time_relative")
    }

    static func microseconds(_ delay: Duration) -> UInt64 {
        UInt64(max(0, delay.components.seconds)) * 1_000_000 + UInt64(max(0, delay.components.attoseconds / 1_000_000_000_000))
    }

    /// Calls `handler` whenever `fd` is readable (or hung up).
    @discardableResult
    package func addReadable(fd: Int32, _ handler: @escaping () -> Void) throws(SystemdError) -> EventSource {
        try addIO(fd: fd, events: .readable) { _ in handler() }
    }

    /// Calls `handler` with the received epoll events whenever `fd` has one of `events`.
    @discardableResult
    package func addIO(fd: Int32, events: IOEvents, _ handler: @escaping (IOEvents) -> Void) throws(SystemdError) -> EventSource {
        let source = EventSource(loop: self, kind: .io(handler))
        var pointer: OpaquePointer?
        let result = sd_event_add_io(
            event, &pointer, fd, events.rawValue,
            { _, _, revents, userdata in
                let box = Unmanaged<EventSource>.fromOpaque(userdata!).takeUnretainedValue()
                box.loop?.willDispatch?(box)
                if case .io(let handler) = box.kind { handler(IOEvents(rawValue: revents)) }
                return 0
            }, source.userdata)
        return try register(source, pointer, result, "sd_event_add_io")
    }

    /// Calls `handler` with the sender's pid when `signal` arrives. The signal is blocked for this
    /// thread first (`SD_EVENT_SIGNAL_PROCMASK`), so it reaches the loop instead of killing the
    /// process; block it in every other thread before starting them.
    @discardableResult
    package func addSignal(_ signal: Int32, _ handler: @escaping (Int32) -> Void) throws(SystemdError) -> EventSource {
        let source = EventSource(loop: self, kind: .signal(handler))
        var pointer: OpaquePointer?
        let result = sd_event_add_signal(
            event, &pointer, signal | SD_EVENT_SIGNAL_PROCMASK,
            { _, info, userdata in
                let box = Unmanaged<EventSource>.fromOpaque(userdata!).takeUnretainedValue()
                box.loop?.willDispatch?(box)
                if case .signal(let handler) = box.kind { handler(Int32(bitPattern: info?.pointee.ssi_pid ?? 0)) }
                return 0
            }, source.userdata)
        // Signals (SIGTERM above all) are dispatched before pending I/O: a flood of clients must
        // not delay a stop.
        if result >= 0, let pointer { _ = sd_event_source_set_priority(pointer, Int64(SD_EVENT_PRIORITY_IMPORTANT)) }
        return try register(source, pointer, result, "sd_event_add_signal")
    }

    private func register(
        _ source: EventSource, _ pointer: OpaquePointer?, _ result: Int32, _ function: String
    ) throws(SystemdError) -> EventSource {
        guard result >= 0, let pointer else { throw SystemdError(function, result) }
        source.pointer = pointer
        sources[ObjectIdentifier(source)] = source
        return source
    }

    func forget(_ source: EventSource) { sources[ObjectIdentifier(source)] = nil }
}

/// A registered timer, file descriptor or signal, or a descriptor of an `IOGroup`; `cancel()`
/// removes it.
package final class EventSource {
    enum Kind {
        case timer(() -> Void, UInt64?)
        case io((IOEvents) -> Void)
        case signal((Int32) -> Void)
        /// A member of `group`: its epoll entry's token, and its descriptor.
        case grouped(token: UInt64, fd: Int32, (IOEvents) -> Void)
    }

    let kind: Kind
    fileprivate var pointer: OpaquePointer?
    fileprivate private(set) weak var loop: EventLoop?
    /// The source an `IOGroup` dispatches its descriptors from.
    package internal(set) var isGroup = false
    private weak var group: IOGroup?

    fileprivate init(loop: EventLoop, kind: Kind) {
        self.loop = loop
        self.kind = kind
    }

    init(group: IOGroup, token: UInt64, fd: Int32, handler: @escaping (IOEvents) -> Void) {
        self.group = group
        self.kind = .grouped(token: token, fd: fd, handler)
    }

    fileprivate var userdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// Changes the epoll events an I/O source waits for (EPOLLIN, EPOLLOUT).
    package func setIOEvents(_ events: IOEvents) {
        if case .grouped(let token, let fd, _) = kind {
            group?.modify(token, fd: fd, events: events)
        } else if let pointer {
            _ = sd_event_source_set_io_events(pointer, events.rawValue)
        }
    }

    /// Sets the order among sources ready at once: lower first (`sd_event_source_set_priority`;
    /// 0 is the default, SD_EVENT_PRIORITY_IMPORTANT -100).
    package func setPriority(_ priority: Int64) {
        if let pointer { _ = sd_event_source_set_priority(pointer, priority) }
    }

    /// Turns the source off (it stays registered) or on again.
    package func setEnabled(_ enabled: Bool) {
        if let pointer { _ = sd_event_source_set_enabled(pointer, Int32(enabled ? SD_EVENT_ON : SD_EVENT_OFF)) }
    }

    /// Fires a timer source once more, `delay` from now (a one-shot timer that has fired, or a
    /// repeating one moved).
    package func rearm(after delay: Duration) {
        guard let pointer else { return }
        _ = sd_event_source_set_time_relative(pointer, EventLoop.microseconds(delay))
        _ = sd_event_source_set_enabled(pointer, Int32(SD_EVENT_ONESHOT))
    }

    /// Stops and frees the source.
    package func cancel() {
        release()
        loop?.forget(self)
    }

    fileprivate func release() {
        if case .grouped(let token, let fd, _) = kind { group?.remove(token, fd: fd) }
        if let pointer { _ = sd_event_source_disable_unref(pointer) }
        pointer = nil
    }
}
