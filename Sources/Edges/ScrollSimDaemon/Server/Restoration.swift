import ScrollSimService

/// The simulations being restored after a start, each run in slices by its job in work turns;
/// calls about them wait (`ClientConnection.heldCall`) until theirs is done.
struct Restoration {
    private(set) var jobs: [RestoreJob] = []
    /// How many there were at the start, and when it began (monotonic).
    private(set) var total = 0
    private(set) var startedAt = 0.0

    init() {}

    init(_ jobs: [RestoreJob], at time: Double) {
        for job in jobs { job.appliesLargeEditsElsewhere = true }
        self.jobs = jobs
        total = jobs.count
        startedAt = time
    }

    /// More simulations to restore (a screen host's, replayed once it runs again).
    mutating func add(_ more: [RestoreJob]) {
        if jobs.isEmpty {
            total = 0
        }
        for job in more { job.appliesLargeEditsElsewhere = true }
        jobs += more
        total += more.count
    }

    var isEmpty: Bool { jobs.isEmpty }
    /// Some job can run now (the others wait for a large edit on the worker).
    var hasRunnable: Bool { jobs.contains { $0.editInFlight == nil } }
    var hasEditInFlight: Bool { jobs.contains { $0.editInFlight != nil } }
    var count: Int { jobs.count }
    /// Simulated seconds left to run, over all of them.
    var remainingSeconds: Double { jobs.reduce(0) { $0 + $1.remaining } }

    /// The order of this turn's slices: the simulations that calls wait for first.
    func order(awaited: Set<String>) -> [RestoreJob] {
        jobs.filter { awaited.contains($0.simulation) } + jobs.filter { !awaited.contains($0.simulation) }
    }

    /// Takes out the finished jobs (collecting their results); whether there were any.
    mutating func removeFinished() -> Bool {
        guard jobs.contains(where: \.isFinished) else { return false }
        for job in jobs where job.isFinished { _ = job.result() }
        jobs.removeAll { $0.isFinished }
        return true
    }

    /// At a stop: the simulations not restored keep their stored inputs, so the next start
    /// restores them.
    mutating func cancel() {
        for job in jobs { job.cancel() }
        jobs = []
    }
}
