import Posix
import ScrollSimService
import Varlink

/// What becomes of a call before the service sees it: the checks in the order they apply, as a
/// value the daemon acts on (`Daemon.dispatch`) and tests drive without a socket.
///
/// The order is the rule: a stopping daemon answers nothing else; a caller refused by the access
/// policy spends none of its connection's rate budget; a call about a simulation still being
/// restored waits before it could reuse a reply (the reply would be of a part-way simulation);
/// job limits are checked before anything is stored.
enum CallAdmission: Equatable {
    /// The daemon is stopping.
    case shuttingDown
    /// The access policy refuses the caller this method.
    case permissionDenied
    /// The connection has spent its `MaxRequestsPerSecond`.
    case rateLimited
    /// Its simulation is being restored: it waits, then comes back through here.
    case held
    /// Byte for byte the call answered just before: the same reply goes out again.
    case reused
    /// A job (a Profile, a long Advance) over `MaxJobs` or `MaxJobsPerUser`, with the limit.
    case overJobLimit(limit: String, maximum: Int)
    /// To the service.
    case dispatched

    /// What the daemon knows when a call is taken; the checks that cost something or change
    /// something (the rate token, the reply cache) are asked only when every check before them
    /// passed.
    struct Facts {
        var stopping: Bool
        var access: AccessPolicy
        var daemonUID: UInt32
        var peer: PeerCredentials?
        var takeToken: () -> Bool
        var isRestoring: (String) -> Bool
        var canReuse: () -> Bool
        /// The job limit a new job would exceed (nil: none).
        var jobLimit: () -> (limit: String, maximum: Int)?
    }

    static func decide(_ call: VarlinkCall, _ facts: Facts) -> CallAdmission {
        if facts.stopping { return .shuttingDown }
        guard facts.access.allows(call.method, peer: facts.peer, daemonUID: facts.daemonUID) else { return .permissionDenied }
        guard facts.takeToken() else { return .rateLimited }
        if let id = Daemon.simulationID(of: call), facts.isRestoring(id) { return .held }
        if facts.canReuse() { return .reused }
        if ServiceMethod.countsAsJob(call), let over = facts.jobLimit() {
            return .overJobLimit(limit: over.limit, maximum: over.maximum)
        }
        return .dispatched
    }

}
