import ScrollSimService
import Varlink

/// What a connection is busy with besides the calls it is answered at once: one deferred call at
/// a time, its later calls waiting behind it (`VarlinkConnection.beginDeferred`). One value, so
/// no two of them can be set together.
enum ConnectionActivity {
    /// Nothing deferred: calls are answered as they come.
    case idle
    /// A `Watch` stream, fed after every tick.
    case streaming(WatchStream)
    /// A job run in slices (a Profile, a long Advance).
    case running(RunningJob)
    /// A call about a simulation being restored or edited off the loop: dispatched once it is
    /// free.
    case held(VarlinkCall)
    /// An OpenSimulation being built on the open worker; `replies`: its caller wants the reply
    /// (not oneway).
    case building(PendingOpen, replies: Bool)
    /// A large Perform being applied on the open worker; `wroteInput`: its call stored the input
    /// (the reply waits for it to be on disk).
    case editing(PendingEdit, replies: Bool, wroteInput: Bool)
}

/// A job a connection runs, and what its caller asked of it.
final class RunningJob {
    let job: any ServiceJob
    /// The caller wants the reply (not a oneway call).
    let replies: Bool
    /// The caller asked for progress replies (`more`), and when the last one went.
    let progress: Bool
    var lastProgressSent: Double

    init(_ job: any ServiceJob, replies: Bool, progress: Bool, at now: Double) {
        self.job = job
        self.replies = replies
        self.progress = progress
        lastProgressSent = now
    }
}

extension ConnectionActivity {
    var stream: WatchStream? {
        if case .streaming(let stream) = self { stream } else { nil }
    }

    var running: RunningJob? {
        if case .running(let running) = self { running } else { nil }
    }

    var heldCall: VarlinkCall? {
        if case .held(let call) = self { call } else { nil }
    }

    /// A job, a build or an edit: what counts against `MaxJobs` and `MaxJobsPerUser`.
    var isWork: Bool {
        switch self {
        case .running, .building, .editing: true
        case .idle, .streaming, .held: false
        }
    }

    var isIdle: Bool {
        if case .idle = self { true } else { false }
    }
}
