import Posix
import ScrollSimService
import Testing
import Varlink

@testable import ScrollSimDaemon

/// A connection of user `uid` (nil: the kernel named none) with no socket: the table only reads
/// its bookkeeping.
private func connection(_ id: Int, uid: UInt32?, activity: Double = 0) -> ClientConnection {
    ClientConnection(
        id: id, fd: -1, peer: uid.map { PeerCredentials(pid: 1, uid: $0, gid: $0, groups: []) },
        maxMessageSize: 1 << 20, burst: 10, now: activity)
}

/// A job that never ends: it only has to be there.
private final class IdleJob: ServiceJob {
    var isFinished: Bool { false }
    func step(while more: () -> Bool) {}
    func result() -> VarlinkReply { VarlinkReply(parameters: [:]) }
    func progressReply() -> VarlinkReply? { nil }
    func cancel() {}
}

@Suite("the connection table: limits decided over all connections (docs/daemon.md, Connections; Fair to every user)")
struct ConnectionTableTests {
    @Test("arrival: MaxConnections in all, then MaxConnectionsPerUser per user; a user the kernel did not name is one user")
    func arrival() {
        var table = ConnectionTable()
        table.insert(connection(table.nextID(), uid: 1000))
        table.insert(connection(table.nextID(), uid: 1000))
        #expect(table.arrival(of: 1000, maxConnections: 3, maxPerUser: 2) == .fullForUser(maximum: 2))
        #expect(table.arrival(of: 1001, maxConnections: 3, maxPerUser: 2) == .accept)
        #expect(table.arrival(of: nil, maxConnections: 3, maxPerUser: 2) == .accept)
        table.insert(connection(table.nextID(), uid: nil))
        #expect(table.arrival(of: 1001, maxConnections: 3, maxPerUser: 2) == .full(maximum: 3))
        #expect(table.arrival(of: nil, maxConnections: 4, maxPerUser: 1) == .fullForUser(maximum: 1))
    }

    @Test("an administrator (root, the daemon's user) gets in through the reserve past MaxConnections, and is held to MaxConnectionsPerUser")
    func administratorsAlwaysGetIn() {
        var table = ConnectionTable()
        for uid: UInt32 in [1000, 1001, 1002] { table.insert(connection(table.nextID(), uid: uid)) }
        #expect(table.arrival(of: 1003, maxConnections: 3, maxPerUser: 2, reserved: 2) == .full(maximum: 3))
        #expect(table.arrival(of: 0, maxConnections: 3, maxPerUser: 2, reserved: 2, isAdministrator: true) == .accept)
        table.insert(connection(table.nextID(), uid: 0))
        #expect(table.arrival(of: 0, maxConnections: 3, maxPerUser: 2, reserved: 2, isAdministrator: true) == .accept)
        table.insert(connection(table.nextID(), uid: 0))
        #expect(table.arrival(of: 0, maxConnections: 3, maxPerUser: 2, reserved: 2, isAdministrator: true) == .full(maximum: 3))
        #expect(table.arrival(of: 0, maxConnections: 10, maxPerUser: 2, reserved: 2, isAdministrator: true) == .fullForUser(maximum: 2))
    }

    @Test("ids are never reused, so a log line names one connection; inOrder walks them oldest first")
    func ids() {
        var table = ConnectionTable()
        let first = connection(table.nextID(), uid: 1)
        table.insert(first)
        table.remove(first)
        let second = connection(table.nextID(), uid: 1)
        let third = connection(table.nextID(), uid: 2)
        table.insert(third)
        table.insert(second)
        #expect(second.id == 2 && third.id == 3)
        #expect(table.inOrder.map(\.id) == [2, 3])
        #expect(table[1] == nil && table.count == 2)
    }

    @Test(
        "over the buffer budget the user holding the most loses their largest connection first, never the single largest buffer of another user"
    )
    func bufferBudget() {
        var table = ConnectionTable()
        let many = (0..<3).map { _ in connection(table.nextID(), uid: 1000) }
        let single = connection(table.nextID(), uid: 1001)
        for (c, bytes) in zip(many + [single], [100, 150, 150, 250]) {
            table.insert(c)
            c.enqueue(framed: [UInt8](repeating: 0, count: bytes))
            table.account(c)
        }
        #expect(table.bufferedTotal == 650)
        #expect(table.firstToClose(over: 650) == nil)
        // User 1000 holds 400 bytes, user 1001 250 in one connection: 1000's largest goes, and of
        // two equal ones the older.
        #expect(table.firstToClose(over: 600)?.id == 2)
        table.remove(many[1])
        #expect(table.bufferedTotal == 500)
        #expect(table.firstToClose(over: 450)?.id == 3)
        table.remove(many[2])
        // 1000 now holds 100, 1001 250: 1001's connection is next.
        #expect(table.firstToClose(over: 300)?.id == 4)
    }

    @Test("accounting again counts only the change; a connection's bytes leave the total with it")
    func accounting() {
        var table = ConnectionTable()
        let c = connection(table.nextID(), uid: 7)
        table.insert(c)
        c.state.receive(Array(#"{"method":"io.scrollsim.Simulator.GetStatus""#.utf8))
        table.account(c)
        let partial = c.footprint
        #expect(partial > 0 && table.bufferedTotal == partial)
        c.enqueue(framed: [UInt8](repeating: 0, count: 10))
        table.account(c)
        table.account(c)
        #expect(table.bufferedTotal == partial + 10 && c.footprint == partial + 10)
        table.remove(c)
        #expect(table.bufferedTotal == 0 && c.footprint == 0)
    }

    @Test("job limits: MaxJobs in all and MaxJobsPerUser each, counted over the connections running a job")
    func jobLimits() {
        var table = ConnectionTable()
        let a = connection(table.nextID(), uid: 1000)
        let b = connection(table.nextID(), uid: 1001)
        for c in [a, b] { table.insert(c) }
        #expect(table.jobLimit(for: 1000, maxJobs: 2, maxJobsPerUser: 1) == nil)
        a.activity = .running(RunningJob(IdleJob(), replies: true, progress: false, at: 0))
        #expect(table.jobLimit(for: 1000, maxJobs: 2, maxJobsPerUser: 1)! == ("jobsPerUser", 1))
        #expect(table.jobLimit(for: 1001, maxJobs: 2, maxJobsPerUser: 1) == nil)
        b.activity = .running(RunningJob(IdleJob(), replies: true, progress: false, at: 0))
        #expect(table.jobLimit(for: 1002, maxJobs: 2, maxJobsPerUser: 1)! == ("jobs", 2))
        #expect(table.hasJobs)
    }

    @Test(
        "idle: nothing in flight and no traffic for the whole timeout, not a moment less; a queued call or unwritten output keeps a connection"
    )
    func idle() {
        var table = ConnectionTable()
        let quiet = connection(table.nextID(), uid: 1, activity: 100)
        let writing = connection(table.nextID(), uid: 1, activity: 100)
        let calling = connection(table.nextID(), uid: 1, activity: 100)
        let recent = connection(table.nextID(), uid: 1, activity: 101)
        for c in [quiet, writing, calling, recent] { table.insert(c) }
        writing.enqueue(framed: [1, 2, 3])
        calling.state.receive(Array(#"{"method":"io.scrollsim.Simulator.GetStatus"}"#.utf8) + [0])
        #expect(calling.state.queuedCallCount == 1)
        #expect(table.idle(at: 129.999, timeout: 30).isEmpty)
        #expect(table.idle(at: 130, timeout: 30).map(\.id) == [1])
        #expect(table.idle(at: 131, timeout: 30).map(\.id) == [1, 4])
        // A running job is in flight, however long it runs.
        quiet.activity = .running(RunningJob(IdleJob(), replies: true, progress: false, at: 0))
        #expect(table.idle(at: 1_000, timeout: 30).map(\.id) == [4])
    }
}
