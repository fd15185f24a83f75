import CSystemd
import Glibc
import Posix

/// Descriptors watched together through one sd-event source: an epoll instance of their own,
/// whose descriptor the loop watches. When any is ready, one `epoll_wait` returns those that are
/// (up to `batch`), and their handlers run together.
///
/// Why (docs/internals.md S7): sd-event dispatches one source per iteration, and each iteration
/// calls `epoll_wait`, which reports every descriptor still ready (level-triggered) again. With
/// many clients each waiting for a reply, that wait per call, growing with the number of ready
/// clients, cost more than the call itself; a server that answers every ready client per wake-up
/// makes one.
///
/// The group serves in rounds. A round is what one `epoll_wait` found (at most `batch`; epoll
/// puts those it reported behind the others, so the next round starts with the rest). A dispatch
/// runs the round's handlers until `budget` has passed and the rest wait for the next dispatch;
/// epoll is asked again only once the round is done, so every ready descriptor is handled once
/// per round and one that becomes ready waits at most a round. (Asking again while some found
/// still waited let those just reported go behind again.) While a round is unfinished the
/// group's source goes before the loop's other sources of default priority (not before
/// important ones: signals, important timers), so a timer that became due during a round runs
/// after it, as when each descriptor was a source of its own and sd-event took them in the order
/// they became ready; the loop still runs its after-dispatch work between slices. (Yielding to a
/// stream tick after every slice would keep a client waiting behind many streams' first calls.)
/// A member cancelled during a round (by another member's handler) is not
/// called, even if its descriptor was reported; a report is narrowed to what the member waits for
/// now.
package final class IOGroup {
    private let epollFD: Int32
    private var source: EventSource?
    /// Members by the token their epoll entry carries (a descriptor number closed and reused
    /// within one round gets a new token, so a stale report never reaches the new member), with
    /// the events each now waits for: a report from earlier in the round is narrowed to them, so
    /// a connection the daemon stopped reading (its output backed up) is not read for it.
    private var members: [UInt64: (source: EventSource, events: IOEvents)] = [:]
    private var nextToken: UInt64 = 0
    private var ready: [epoll_event]
    /// The events of the current round: `ready[next..<found]` are still to be handled.
    private var found = 0
    private var next = 0
    private let budgetNanoseconds: Int

    /// The number of descriptors in the group.
    package var count: Int { members.count }

    init(loop: EventLoop, batch: Int, budget: Duration) throws(SystemdError) {
        let fd = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard fd >= 0 else { throw SystemdError("epoll_create1", -errno) }
        epollFD = fd
        ready = Array(repeating: epoll_event(), count: Swift.max(1, batch))
        let (seconds, attoseconds) = budget.components
        budgetNanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        do {
            source = try loop.addIO(fd: fd, events: .readable) { [unowned self] _ in dispatch() }
            source?.isGroup = true
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
    package func add(fd: Int32, events: IOEvents, _ handler: @escaping (IOEvents) -> Void) throws(SystemdError) -> EventSource {
        nextToken += 1
        let token = nextToken
        var event = epoll_event(events: events.rawValue, data: epoll_data_t(u64: token))
        guard epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event) == 0 else { throw SystemdError("epoll_ctl", -errno) }
        let member = EventSource(group: self, token: token, fd: fd, handler: handler)
        members[token] = (member, events)
        return member
    }

    func modify(_ token: UInt64, fd: Int32, events: IOEvents) {
        members[token]?.events = events
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
        if next == found {
            // A new round.
            let count = ready.withUnsafeMutableBufferPointer { buffer in
                epoll_wait(epollFD, buffer.baseAddress, Int32(buffer.count), 0)
            }
            (found, next) = (Swift.max(0, Int(count)), 0)
        }
        let started = MonotonicClock.nanoseconds()
        while next < found {
            let event = ready[next]
            next += 1
            guard let member = members[event.data.u64], case .grouped(_, _, let handler) = member.source.kind else { continue }
            let events = IOEvents(rawValue: event.events).intersection(member.events.union([.hangUp, .error]))
            guard !events.isEmpty else { continue }
            handler(events)
            if MonotonicClock.nanoseconds() - started >= budgetNanoseconds { break }
        }
        // Ahead of the default priority while the round is unfinished (sd-event returns at once
        // when the priority is already that).
        source?.setPriority(next < found ? -1 : 0)
    }

}

extension EventLoop {
    /// A group of descriptors dispatched together (see `IOGroup`): at most `batch` per
    /// `epoll_wait`, their handlers run until `budget` has passed.
    package func addIOGroup(batch: Int = 64, budget: Duration = .milliseconds(1)) throws(SystemdError) -> IOGroup {
        try IOGroup(loop: self, batch: batch, budget: budget)
    }
}
