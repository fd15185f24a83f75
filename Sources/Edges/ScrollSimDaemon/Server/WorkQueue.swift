import ScrollSimService

/// What the work turns have left to do besides the connections' own jobs: connections whose
/// pipelined calls were left for a later turn, Advances whose caller left, and whose job goes
/// next (`FairRoundRobin`).
struct WorkQueue {
    /// Connections with calls left for a later turn.
    var pendingServe: Set<Int> = []
    /// Advances whose caller left: they run to their end (their input is stored), unanswered.
    var detachedJobs: [any ServiceJob] = []
    var jobTurns = FairRoundRobin()
    /// A work turn is armed and has not run yet.
    var isScheduled = false

    /// Takes the connections waiting for a turn, oldest first.
    mutating func takePending() -> [Int] {
        defer { pendingServe = [] }
        return pendingServe.sorted()
    }

    /// At a stop: the detached Advances end where they are (a restart replays them to their
    /// target).
    mutating func cancelDetached() {
        for job in detachedJobs { job.cancel() }
        detachedJobs = []
    }
}
