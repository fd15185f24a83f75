/// The daemon's connections, and the limits that are decided by looking at all of them: who may
/// connect, what a new job would exceed, whose buffers go when memory runs short, who has idled
/// out. It decides; the daemon does the I/O each answer calls for (refusing, closing).
struct ConnectionTable {
    /// What becomes of a new client.
    enum Arrival: Equatable {
        case accept
        /// Refused: `MaxConnections` are open.
        case full(maximum: Int)
        /// Refused: its user holds `MaxConnectionsPerUser`.
        case fullForUser(maximum: Int)
    }

    private var byID: [Int: ClientConnection] = [:]
    private var lastID = 0
    /// Bytes buffered for all connections: the sum of their footprints at their last accounting.
    private(set) var bufferedTotal = 0

    subscript(id: Int) -> ClientConnection? { byID[id] }
    var count: Int { byID.count }
    var isEmpty: Bool { byID.isEmpty }
    var values: Dictionary<Int, ClientConnection>.Values { byID.values }
    /// By id, oldest first: the order every walk over them that acts takes, so runs repeat.
    var inOrder: [ClientConnection] { byID.values.sorted { $0.id < $1.id } }
    var streamCount: Int { byID.values.count { $0.stream != nil } }
    var hasJobs: Bool { byID.values.contains { $0.job != nil } }

    /// Whether a client of user `uid` may connect now: `maxConnections` in all and `maxPerUser`
    /// each (a user the kernel did not name counts as one user). An administrator (root, the
    /// daemon's user) may also take one of `reserved` connections past `maxConnections`, so
    /// however many other users fill the daemon, one still gets in; `maxPerUser` holds them too.
    func arrival(
        of uid: UInt32?, maxConnections: Int, maxPerUser: Int, reserved: Int = 0, isAdministrator: Bool = false
    ) -> Arrival {
        guard byID.count < maxConnections + (isAdministrator ? reserved : 0) else { return .full(maximum: maxConnections) }
        guard byID.values.count(where: { $0.peer?.uid == uid }) < maxPerUser else { return .fullForUser(maximum: maxPerUser) }
        return .accept
    }

    /// The id for the next connection: never reused, so a log line names one connection.
    mutating func nextID() -> Int {
        lastID += 1
        return lastID
    }

    mutating func insert(_ connection: ClientConnection) { byID[connection.id] = connection }

    /// Takes the connection out, and its bytes out of the total.
    mutating func remove(_ connection: ClientConnection) {
        bufferedTotal -= connection.footprint
        connection.footprint = 0
        byID[connection.id] = nil
    }

    /// Each running job takes processor time in every work turn: at most `maxJobs` in all and
    /// `maxJobsPerUser` each, opens being built off the loop included. The limit a new job of user
    /// `uid` would exceed, or nil.
    func jobLimit(for uid: UInt32?, maxJobs: Int, maxJobsPerUser: Int) -> (limit: String, maximum: Int)? {
        let running = byID.values.filter { $0.activity.isWork }
        guard running.count < maxJobs else { return ("jobs", maxJobs) }
        guard running.count(where: { $0.peer?.uid == uid }) < maxJobsPerUser else { return ("jobsPerUser", maxJobsPerUser) }
        return nil
    }

    /// Counts the connection's buffered bytes now (its input not yet taken and its output not yet
    /// written) into the total.
    mutating func account(_ connection: ClientConnection) {
        let footprint = connection.state.bufferedByteCount + connection.bufferedOutput
        bufferedTotal += footprint - connection.footprint
        connection.footprint = footprint
    }

    /// Over `budget` bytes in all: the connection to close first, the largest of the user whose
    /// connections hold the most together; nil within the budget. By user first, so one user's
    /// many half-sent messages cost that user their connections, never another user's connection
    /// that merely holds the single largest buffer.
    func firstToClose(over budget: Int) -> ClientConnection? {
        guard bufferedTotal > budget else { return nil }
        var perUser: [UInt32: Int] = [:]
        for connection in byID.values { perUser[connection.peer?.uid ?? .max, default: 0] += connection.footprint }
        guard let (user, total) = perUser.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), total > 0 else { return nil }
        return byID.values.filter { ($0.peer?.uid ?? .max) == user }
            .max { ($0.footprint, -$0.id) < ($1.footprint, -$1.id) }
    }

    /// The connections with nothing in flight (no stream, job, held call, build, edit, queued call or
    /// unwritten byte) and no traffic for `timeout` seconds at `time`, oldest first.
    func idle(at time: Double, timeout: Double) -> [ClientConnection] {
        inOrder.filter { connection in
            connection.activity.isIdle && connection.state.queuedCallCount == 0 && connection.bufferedOutput == 0
                && time - connection.lastActivity >= timeout
        }
    }
}
