import CSystemd
import Glibc

/// Descriptors watched together through one sd-event source: an epoll instance of their own,
/// whose descriptor the loop watches. When any is ready, one `epoll_wait` returns all that are,
/// and their handlers run in one dispatch.
///
/// Why (docs/internals.md S7): sd-event dispatches one source per iteration, and each iteration
/// calls `epoll_wait`, which reports every descriptor still ready (level-triggered) again. With
/// many clients each waiting for a reply, that wait per call, growing with the number of ready
/// clients, cost more than the call itself; a server that answers every ready client per wake-up
/// makes one.
///
/// A dispatch runs the handlers of the descriptors found ready until `budget` has passed; those
/// left are still ready (level-triggered) and come first at the next dispatch, after the loop's
/// timers and signals had their turn (epoll itself would report them in the same order again, so
/// members that stay ready could keep the last ones waiting). A member cancelled during a
/// dispatch (by another member's handler) is not called, even if its descriptor was reported.
public final class IOGroup {
    private let epollFD: Int32
    private var source: EventSource?
    /// Members by the token their epoll entry carries: a descriptor number closed and reused
    /// within one dispatch gets a new token, so a stale report never reaches the new member.
    private var members: [UInt64: EventSource] = [:]
    private var nextToken: UInt64 = 0
    private var ready: [epoll_event]
    /// Members reported ready but left for the next dispatch by the budget, in the order they
    /// would have been handled.
    private var passedOver: [UInt64] = []
    private let budgetNanoseconds: Int

    /// The number of descriptors in the group.
    public var count: Int { members.count }

    init(loop: EventLoop, batch: Int, budget: Duration) throws(SystemdError) {
        let fd = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard fd >= 0 else { throw SystemdError("epoll_create1", -errno) }
        epollFD = fd
        ready = Array(repeating: epoll_event(), count: Swift.max(1, batch))
        let (seconds, attoseconds) = budget.components
        budgetNanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        do {
            source = try loop.addIO(fd: fd, events: .readable) { [unowned self] _ in dispatch() }
        } catch {
            Glibc.close(fd)
            throw error
        }
    }

    deinit {
        source?.cancel()
        Glibc.close(epollFD)
    }

    /// Watches `fd` for `events`; the handler gets the events found (hang-up and error are
    /// always reported). The returned source's `setIOEvents` and `cancel` act on the group.
    public func add(fd: Int32, events: IOEvents, _ handler: @escaping (IOEvents) -> Void) throws(SystemdError) -> EventSource {
        nextToken += 1
        let token = nextToken
        var event = epoll_event(events: events.rawValue, data: epoll_data_t(u64: token))
        guard epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event) == 0 else { throw SystemdError("epoll_ctl", -errno) }
        let member = EventSource(group: self, token: token, fd: fd, handler: handler)
        members[token] = member
        return member
    }

    func modify(_ token: UInt64, fd: Int32, events: IOEvents) {
        var event = epoll_event(events: events.rawValue, data: epoll_data_t(u64: token))
        _ = epoll_ctl(epollFD, EPOLL_CTL_MOD, fd, &event)
    }

    func remove(_ token: UInt64, fd: Int32) {
        guard members.removeValue(forKey: token) != nil else { return }
        // Before the descriptor is closed (a closed one leaves the set by itself, but only once
        // no other descriptor refers to its file).
        _ = epoll_ctl(epollFD, EPOLL_CTL_DEL, fd, nil)
    }

    private func dispatch() {
        let found = ready.withUnsafeMutableBufferPointer { buffer in
            epoll_wait(epollFD, buffer.baseAddress, Int32(buffer.count), 0)
        }
        guard found > 0 else { return }
        var order = Array(0..<Int(found))
        if !passedOver.isEmpty {
            // Those passed over first, in the order they were left in (those still ready), then
            // the others in the order found.
            var position: [UInt64: Int] = [:]
            for index in order { position[ready[index].data.u64] = index }
            let first = passedOver.compactMap { position.removeValue(forKey: $0) }
            order = first + order.filter { position[ready[$0].data.u64] != nil }
            passedOver.removeAll(keepingCapacity: true)
        }
        let started = Self.nanoseconds()
        for (position, index) in order.enumerated() {
            let event = ready[index]
            guard let member = members[event.data.u64], case .grouped(_, _, let handler) = member.kind else { continue }
            handler(IOEvents(rawValue: event.events))
            if Self.nanoseconds() - started >= budgetNanoseconds {
                passedOver = order[(position + 1)...].map { ready[$0].data.u64 }
                break
            }
        }
    }

    private static func nanoseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1_000_000_000 + now.tv_nsec
    }
}

extension EventLoop {
    /// A group of descriptors dispatched together (see `IOGroup`): at most `batch` per
    /// `epoll_wait`, their handlers run until `budget` has passed.
    public func addIOGroup(batch: Int = 64, budget: Duration = .milliseconds(1)) throws(SystemdError) -> IOGroup {
        try IOGroup(loop: self, batch: batch, budget: budget)
    }
}
