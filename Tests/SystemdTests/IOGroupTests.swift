import Foundation
import Glibc
import Systemd
import Testing

/// Descriptors watched as one source (`IOGroup`): the ready ones are handled in one dispatch,
/// within a time budget, and a member removed or replaced mid-dispatch is never called for what
/// was reported about the old one.
@Suite("IOGroup", .serialized)
struct IOGroupTests {
    /// `count` pipes with a byte waiting in each; the caller closes them.
    static func readyPipes(_ count: Int) throws -> [[Int32]] {
        try (0..<count).map { _ in
            let fds = try SystemdTests.pipe()
            var byte: UInt8 = 1
            #expect(write(fds[1], &byte, 1) == 1)
            return fds
        }
    }

    /// Adds each pipe's read end to `group`; its handler reads the waiting byte when `reading`
    /// (else the pipe stays ready for the whole run) and then reports the member's index and the
    /// events found.
    static func watch(
        _ pipes: [[Int32]], in group: IOGroup, reading: Bool, _ handled: @escaping (Int, IOEvents) -> Void
    ) throws {
        for (index, fds) in pipes.enumerated() {
            _ = try group.add(fd: fds[0], events: .readable) { events in
                if reading {
                    var byte: UInt8 = 0
                    _ = read(fds[0], &byte, 1)
                }
                handled(index, events)
            }
        }
    }

    /// Runs `loop` until a 50 ms timer ends it (or, given `done`, until `done` holds after a
    /// dispatch, with 10 s as a backstop), one dispatch per batch; returns the handlers' trace
    /// split into dispatches.
    static func dispatches(
        _ loop: EventLoop, until done: (() -> Bool)? = nil, _ trace: () -> [String]
    ) throws -> [[String]] {
        // A test that waits for an event must not race a fixed end: on a machine slowed by a
        // sanitizer, the event's timer and the end's come due in the same iteration.
        try loop.addTimer(after: done == nil ? .milliseconds(50) : .seconds(10)) { loop.exit(0) }
        var batches: [[String]] = []
        var before = 0
        _ = try loop.run(
            beforeDispatch: { before = trace().count }, keepDispatching: { false },
            afterDispatch: {
                let added = Array(trace().dropFirst(before))
                if !added.isEmpty { batches.append(added) }
                if let done, done() { loop.exit(0) }
            })
        return batches
    }

    @Test("every ready member is handled in one dispatch of the loop, with the events found")
    func oneDispatch() throws {
        let loop = try EventLoop()
        let group = try loop.addIOGroup()
        let pipes = try Self.readyPipes(5)
        defer { pipes.joined().forEach { close($0) } }
        var trace: [String] = []
        try Self.watch(pipes, in: group, reading: true) { index, events in
            #expect(events.contains(.readable))
            trace.append("\(index)")
        }
        #expect(group.count == 5)
        let batches = try Self.dispatches(loop) { trace }
        #expect(batches.count == 1, "\(batches)")
        #expect(batches.first.map(Set.init) == Set((0..<5).map(String.init)))
    }

    @Test("past the budget the rest wait for the next dispatch; no member is handled twice")
    func budget() throws {
        let loop = try EventLoop()
        // A zero budget: one handler per dispatch.
        let group = try loop.addIOGroup(budget: .zero)
        let pipes = try Self.readyPipes(4)
        defer { pipes.joined().forEach { close($0) } }
        var trace: [String] = []
        try Self.watch(pipes, in: group, reading: true) { index, _ in trace.append("\(index)") }
        let batches = try Self.dispatches(loop) { trace }
        #expect(batches.count == 4 && batches.allSatisfy { $0.count == 1 }, "\(batches)")
        #expect(Set(trace) == ["0", "1", "2", "3"] && trace.count == 4, "\(trace)")
    }

    @Test("members that stay ready take turns past the budget: none waits while others are handled twice")
    func takeTurns() throws {
        let loop = try EventLoop()
        let group = try loop.addIOGroup(budget: .zero)
        let pipes = try Self.readyPipes(3)
        defer { pipes.joined().forEach { close($0) } }
        var trace: [Int] = []
        try Self.watch(pipes, in: group, reading: false) { index, _ in trace.append(index) }
        _ = try Self.dispatches(loop) { trace.map(String.init) }
        #expect(trace.count >= 6)
        for start in stride(from: 0, to: trace.count - 2, by: 3) {
            #expect(Set(trace[start..<start + 3]) == [0, 1, 2], "every three handled are the three: \(trace.prefix(30))")
        }
    }

    @Test(
        "with more members always ready than a batch, one that becomes ready is handled within a round: before any other is handled twice more"
    )
    func newcomerWaitsAtMostARound() throws {
        let loop = try EventLoop()
        // Four reported per epoll_wait, one handled per dispatch.
        let group = try loop.addIOGroup(batch: 4, budget: .zero)
        let busy = try Self.readyPipes(10)
        let newcomer = try SystemdTests.pipe()
        defer { (Array(busy.joined()) + newcomer).forEach { close($0) } }
        var trace: [Int] = []
        try Self.watch(busy, in: group, reading: false) { index, _ in trace.append(index) }
        try Self.watch([newcomer], in: group, reading: true) { _, _ in trace.append(-1) }
        var arrivedAfter = 0
        try loop.addTimer(after: .milliseconds(10)) {
            arrivedAfter = trace.count
            var byte: UInt8 = 1
            _ = write(newcomer[1], &byte, 1)
        }
        // Runs until two rounds of the ten have followed the newcomer's turn.
        let done = { trace.firstIndex(of: -1).map { trace.count - $0 > 20 } ?? false }
        _ = try Self.dispatches(loop, until: done) { trace.map(String.init) }
        let handled = try #require(trace.firstIndex(of: -1), "the newcomer was never handled: \(trace.suffix(40))")
        #expect(trace.filter { $0 == -1 }.count == 1)
        // At most the rest of the round it arrived in (up to 4) and one more round of the ten.
        #expect(handled - arrivedAfter <= 4 + 10, "handled \(handled - arrivedAfter) handlers after it arrived")
        let window = trace[arrivedAfter..<handled]
        #expect((0..<10).allSatisfy { index in window.count { $0 == index } <= 2 }, "\(window)")
    }

    @Test("a round ends before a timer that became due during it; the timer runs before the next round")
    func roundBeforeTimer() throws {
        let loop = try EventLoop()
        let group = try loop.addIOGroup(budget: .zero)
        let pipes = try Self.readyPipes(4)
        defer { pipes.joined().forEach { close($0) } }
        var trace: [String] = []
        var armed = false
        // The first handler run sets a timer due at once.
        try Self.watch(pipes, in: group, reading: false) { index, _ in
            trace.append("\(index)")
            guard !armed else { return }
            armed = true
            _ = try? loop.addTimer(after: .zero) { trace.append("timer") }
        }
        _ = try Self.dispatches(loop) { trace }
        let timer = try #require(trace.firstIndex(of: "timer"))
        #expect(timer == 4, "the first round's four, then the timer: \(trace.prefix(12))")
        #expect(Set(trace.prefix(4)) == ["0", "1", "2", "3"])
    }

    @Test(
        "a member cancelled by another's handler is not called, nor is one added on its reused descriptor number for the old report"
    )
    func cancelAndReuse() throws {
        let loop = try EventLoop()
        let group = try loop.addIOGroup()
        let pipes = try Self.readyPipes(2)
        var closed: Int32 = -1
        var replacement: [Int32] = []
        defer { (Array(pipes.joined()) + replacement).filter { $0 != closed }.forEach { close($0) } }
        var trace: [String] = []
        // Whichever of the two is handled first removes the other and closes its read end; a new
        // pipe then most likely takes that descriptor number, and is empty.
        var sources: [EventSource] = []
        for (index, fds) in pipes.enumerated() {
            sources.append(
                try group.add(fd: fds[0], events: .readable) { _ in
                    trace.append("\(index)")
                    var byte: UInt8 = 0
                    _ = read(fds[0], &byte, 1)
                    guard replacement.isEmpty, let fresh = try? SystemdTests.pipe() else { return }
                    sources[1 - index].cancel()
                    closed = pipes[1 - index][0]
                    close(closed)
                    replacement = fresh
                    _ = try? group.add(fd: fresh[0], events: .readable) { _ in trace.append("new") }
                })
        }
        let batches = try Self.dispatches(loop) { trace }
        #expect(trace.count == 1 && batches.count == 1, "only the first handled ran: \(trace)")
        #expect(group.count == 2)  // the first and the replacement
    }

    @Test("a member whose interest changed during a round gets only what it still waits for: nothing, if it no longer reads")
    func interestChangedMidRound() throws {
        let loop = try EventLoop()
        let group = try loop.addIOGroup()
        let pipes = try Self.readyPipes(2)
        defer { pipes.joined().forEach { close($0) } }
        var trace: [Int] = []
        var sources: [EventSource] = []
        // Whichever is handled first stops the other reading (a read end is never writable).
        for index in 0..<2 {
            sources.append(
                try group.add(fd: pipes[index][0], events: .readable) { _ in
                    trace.append(index)
                    var byte: UInt8 = 0
                    _ = read(pipes[index][0], &byte, 1)
                    sources[1 - index].setIOEvents(.writable)
                })
        }
        _ = try Self.dispatches(loop) { trace.map(String.init) }
        #expect(trace.count == 1, "\(trace)")
    }

    @Test("setIOEvents changes what a member is reported for; a cancelled one is reported nothing")
    func interestAndCancel() throws {
        let loop = try EventLoop()
        let group = try loop.addIOGroup()
        let fds = try Self.readyPipes(1)[0]
        defer { fds.forEach { close($0) } }
        // The byte is never read: while the member watches for it, every dispatch reports it.
        // Each step is timed from the one before, and the loop ends 20 ms after the cancel (not
        // at a fixed time: under a sanitizer on a busy machine the cancel once came after it).
        var phase = 0
        var calls: [Int] = []
        let member = try group.add(fd: fds[0], events: .writable) { _ in calls.append(phase) }
        try loop.addTimer(after: .milliseconds(10)) {
            phase = 1
            member.setIOEvents(.readable)
            _ = try? loop.addTimer(after: .milliseconds(20)) {
                phase = 2
                member.cancel()
                _ = try? loop.addTimer(after: .milliseconds(20)) { loop.exit(0) }
            }
        }
        try loop.addTimer(after: .seconds(10)) { loop.exit(1) }  // should a timer not be added
        #expect(try loop.run() == 0)
        #expect(!calls.isEmpty && calls.allSatisfy { $0 == 1 }, "\(calls)")
        #expect(group.count == 0)
    }
}
