import Foundation
import JSONModel
import Posix
import Scenario
import ScenarioFiles
import ScrollSimService
import ShippedScenarios
import Systemd
import Varlink

/// scrollsimd: one sd-event loop on the main thread owns everything — the listener, the
/// connections, the simulations (through `SimulatorService`), the state file and the timers —
/// except that, between its dispatches, worker threads advance the realtime simulations
/// (`RealtimeWorkers`).
///
/// Not Sendable and not actor-isolated: it is only touched from the thread that runs the loop,
/// reached from libsystemd's callbacks (docs/internals.md S3).
public final class Daemon {

    let options: DaemonOptions
    /// The daemon's only clock, in seconds (monotonic): every timing decision reads it, so a test
    /// can run the daemon's logic on time it sets itself.
    let clock: @Sendable () -> Double
    var configuration: DaemonConfiguration
    let loop: EventLoop
    let logger: Logger
    let service: SimulatorService
    var store: StateStore?
    /// Held for the daemon's life: no second daemon touches the same state directory.
    var stateLock: StateDirectoryLock?
    /// Syncs the state file off the loop; replies wait for their inputs to be on disk.
    var groupCommit: GroupCommit?
    /// Builds simulations from large definitions off the loop, one at a time.
    let openWorker: LoopWorker

    var listenerFD: Int32 = -1
    var listenerSource: EventSource?
    /// The connections' sockets, watched as one source: the ready ones are served together, one
    /// `epoll_wait` per wake-up instead of one per call (`IOGroup`).
    let connectionSockets: IOGroup
    /// The socket path we bound ourselves (removed at exit); nil when socket-activated.
    var boundPath: String?
    var connections: [Int: ClientConnection] = [:]
    /// Bytes buffered for all connections (the sum of their footprints).
    var bufferedTotal = 0
    /// One read buffer for every connection (reads are handled one at a time on the loop).
    var readBuffer = [UInt8](repeating: 0, count: Daemon.readChunk)
    var nextConnectionID = 0
    /// Connections refused over MaxConnections: when the last was logged, and how many since.
    var refusals: (lastReport: Double, sinceReport: Int) = (-.infinity, 0)

    /// Advance the realtime simulations off the loop's thread; nil with `Workers=0`.
    var workers: RealtimeWorkers?
    /// The service's `simulationsGeneration` the workers' shares were handed out at.
    var workersGeneration = -1

    var tickTimer: EventSource?
    var statusTimer: EventSource?
    var workTimer: EventSource?
    var workScheduled = false
    /// Connections with calls left for a later turn.
    var pendingServe: Set<Int> = []
    var drainTimer: EventSource?
    /// With `--ephemeral`: standard input, whose end stops the daemon.
    var parentWatch: EventSource?

    /// The daemon's clock: seconds since the first start, continued across restarts from the
    /// state file, so realtime simulations pick up where they were.
    var clockBase = 0.0
    let startedAt: Double
    var lastCheckpoint = 0.0
    var checkpointFailing = false
    var tickExpected = 0.0
    /// The stream polled last (ticks poll round-robin, within their budget), and whose job runs
    /// next in a work turn (users in turn, then each user's jobs).
    var streamCursor = 0
    var jobTurns = FairRoundRobin()
    /// Advances whose caller left: they run to their end (their input is stored), unanswered.
    var detachedJobs: [any ServiceJob] = []
    /// The simulations being restored after a start, each run in slices by its job; calls about
    /// them wait (`ClientConnection.heldCall`).
    var restoring: [RestoreJob] = []
    var restoreStarted = 0.0
    var restoreCount = 0
    /// When the state file is next compacted.
    var compaction = CompactionPolicy()
    var ticks = LatencyWindow()
    /// How long calls wait between being read and being dispatched (a loop that always serves
    /// keeps this low whatever else runs).
    var callWaits = LatencyWindow()
    /// How long each tick and work turn kept the loop from the sockets.
    var busyTurns = LatencyWindow()
    var stopping = false
    var access: AccessPolicy
    let daemonUID = getuid()

    /// Sets everything up short of serving: configuration, state, live simulations, listener.
    public init(
        options: DaemonOptions, environment: [String: String], clock: @escaping @Sendable () -> Double = MonotonicClock.now
    ) throws {
        self.options = options
        self.clock = clock
        configuration = try ConfigurationLoader(path: options.configurationPath).load()
        logger = Logger(level: configuration.logLevel, environment: environment)
        access = configuration.accessPolicy
        _ = UnixSocket.raiseFileLimit()
        loop = try EventLoop()
        connectionSockets = try loop.addIOGroup(batch: 64, budget: .milliseconds(1))
        openWorker = try LoopWorker(loop: loop, label: "scrollsimd.open")
        startedAt = clock()
        service = try SimulatorService(limits: configuration.service, catalog: Self.catalog(configuration))
        if let directory = options.stateDirectory {
            stateLock = try StateDirectoryLock(directory: directory)
            try restore(from: directory)
        }
        if let store {
            let commit = try GroupCommit(loop: loop) { [unowned store] in store.fileDescriptor }
            commit.onDurable = { [unowned self] durable, failure in releaseHeldReplies(durable: durable, failure: failure) }
            groupCommit = commit
        }
        service.persist = { [unowned self] record in
            if let store {
                try store.append(record)
                _ = groupCommit?.noteWritten()
            }
            logInput(record)
        }
        // The replayed simulations only: live ones opened now start at the present.
        startRestoring()
        let problems = service.reconcileLive(configuration.live, at: now)
        for problem in problems { logger.log(.err, "live simulation not started: \(problem)", event: "live-failed") }
        try listen(environment: environment)
        try setUpSignals()
        try startTimers()
        startWorkers()
    }

    static func catalog(_ configuration: DaemonConfiguration) -> ScenarioCatalog {
        configuration.scenarioDirectory.map(ScenarioCatalog.directory) ?? .embedded(ShippedScenarios.files)
    }

    /// The daemon's time in seconds.
    var now: Double { clockBase + clock() - startedAt }

    /// The longest the loop dispatches without letting the live-simulation workers run, and how
    /// long it then leaves them alone when it was busy all that time (a third of its time).
    static let dispatchBatch = 0.002
    static let workerShare = 0.001

    /// Serves until SIGTERM or SIGINT; returns the exit status.
    public func run() throws -> Int32 {
        let watchdog = try loop.enableWatchdog()
        let files = ConfigurationLoader(path: options.configurationPath).files()
        logger.log(
            .notice,
            "serving io.scrollsim.Simulator on \(boundPath ?? "the socket-activated socket") (\(service.liveIDs.count) live simulations advanced by \(workers.map { "\($0.count) worker threads" } ?? "the main thread"), scenarios from \(service.catalog.location), configuration: \(files.isEmpty ? "built-in defaults" : files.joined(separator: ", "))\(watchdog ? ", watchdog on" : ""))",
            event: "ready")
        _ = try? ServiceManager.notify(NotifyMessage(ready: true, status: statusLine()))
        // The workers wait while the loop runs handlers, a batch of them at a time (no pause per
        // call). A loop that has been busy for `dispatchBatch` (one long batch, or many with no
        // real gap between them) and kept a worker from its turn then steps aside until that
        // worker has caught up, for at most `workerShare`: a flood of calls or back-to-back work
        // turns slows the live simulations down without stopping them. Workers asleep until
        // their next tick are owed nothing (a loop that slept for them anyway would serve fewer
        // calls for no gain).
        var batchStarted = 0.0
        var lastResume = -Double.infinity
        var busySince = clock()
        let code = try loop.run(
            beforeDispatch: { [unowned self] in
                let now = clock()
                // The loop waited a while since the last batch: the workers had their time.
                if now - lastResume >= Self.workerShare { busySince = now }
                workers?.pause()
                batchStarted = now
            },
            keepDispatching: { clock() - batchStarted < Self.dispatchBatch },
            afterDispatch: { [unowned self] in
                let heldBack = resumeWorkers()
                if heldBack, clock() - busySince >= Self.dispatchBatch {
                    workers?.stepAside(for: Self.workerShare)
                    busySince = clock()
                }
                lastResume = clock()
            })
        workers?.stop()
        return code
    }

    /// Opens the state file, replays it, and rewrites it compactly.
    func restore(from directory: String) throws {
        let store = StateStore(directory: directory)
        let (records, lines, problems) = try store.open()
        for problem in problems { logger.log(.warning, "state file \(store.path): \(problem)", event: "state-damaged") }
        var replayed = 0
        var failures = 0
        for (record, line) in zip(records, lines) {
            do {
                try service.replay(record, deferred: true)
                if case .clock(let time) = record { clockBase = Swift.max(clockBase, time) }
                replayed += 1
            } catch {
                failures += 1
                logger.log(.warning, "state file \(store.path): line \(line): \(error)", event: "replay-failed")
            }
        }
        // What could not be read or replayed is left out of the compacted file: keep the file as
        // it was, next to it, so nothing is lost without a copy.
        if !problems.isEmpty || failures > 0 {
            do {
                let copy = try store.preserveCopy(now: Date().timeIntervalSince1970)
                logger.log(
                    .warning, "state file \(store.path) had \(problems.count + failures) bad records; kept as it was in \(copy)",
                    event: "state-preserved")
            } catch {
                logger.log(.err, "could not keep a copy of the damaged state file: \(error)", event: "state-write-failed")
            }
        }
        do {
            try store.rewrite(service.compactRecords(clock: clockBase))
            compaction.compacted(size: store.size)
        } catch {
            // The log as it is replays the same state; a disk too full to compact it must not
            // keep the daemon from serving (new inputs then fail with PersistenceFailed).
            logger.log(.warning, "state file not compacted, kept as it is: \(error)", event: "state-write-failed")
        }
        self.store = store
        if !records.isEmpty {
            logger.log(
                .info, "restored \(service.simulationIDs.count) simulations from \(replayed) records in \(store.path)",
                event: "restored", fields: [("SCROLLSIM_SIMULATIONS", "\(service.simulationIDs.count)")])
        }
    }

    /// Opening and closing simulations are logged with the simulation's name (the inputs in
    /// between are in the state file).
    func logInput(_ record: InputRecord) {
        switch record {
        case .open(let open):
            let id = open.simulation
            let what = open.scenario ?? "an inline definition"
            logger.log(
                .info, "opened \(id): \(what), \(open.clock.rawValue) clock", event: "simulation-opened",
                fields: [("SCROLLSIM_SIMULATION", id)])
        case .close(let id):
            logger.log(.info, "closed \(id)", event: "simulation-closed", fields: [("SCROLLSIM_SIMULATION", id)])
        case .advance, .perform, .clock, .nextSimulation:
            break
        }
    }

    /// Takes the socket-activated listener (`FileDescriptorName=varlink`), else binds our own.
    func listen(environment: [String: String]) throws {
        let sockets = try ServiceManager.takeListenedSockets()
        if let socket = sockets.first(where: { $0.name == "varlink" }) ?? sockets.first {
            listenerFD = socket.fd
            UnixSocket.setNonBlocking(listenerFD)
        } else {
            if PrivateSocketDirectory.contains(options.socketPath, environment: environment) {
                try PrivateSocketDirectory.prepare(PrivateSocketDirectory.directory(environment: environment))
            }
            listenerFD = try UnixSocket.listen(path: options.socketPath, mode: mode_t(configuration.socketMode))
            boundPath = options.socketPath
        }
        listenerSource = try loop.addReadable(fd: listenerFD) { [unowned self] in acceptConnections() }
        // Ahead of an unfinished round of busy connections (`IOGroup` raises itself to -1 while
        // one lasts): a new client is accepted every turn, not once the busy ones are served.
        listenerSource?.setPriority(-2)
    }

    func status() -> SimulatorService.DaemonStatus {
        var status = SimulatorService.DaemonStatus()
        status.connections = connections.count
        status.streams = connections.values.count { $0.stream != nil }
        status.uptime = clock() - startedAt
        status.ticks = ticks.count
        status.tickIntervalMs = configuration.tickInterval * 1000
        (status.latenessP50Ms, status.latenessP99Ms, status.latenessMaxMs) = ticks.percentiles(now: clock())
        (status.callWaitP50Ms, status.callWaitP99Ms, status.callWaitMaxMs) = callWaits.percentiles(now: clock())
        (_, status.busyTurnP99Ms, status.busyTurnMaxMs) = busyTurns.percentiles(now: clock())
        status.behindMs = service.realtimeLag(at: now) * 1000
        if let store, let groupCommit {
            status.state = .init(
                records: groupCommit.written, syncs: groupCommit.syncs, fileBytes: store.size, restoring: restoring.count)
        }
        return status
    }

    /// One line for `systemctl status`: live counts first.
    func statusLine() -> String {
        let (live, time, totals) = service.liveTotals()
        let restoringNote =
            restoring.isEmpty
            ? ""
            : "restoring \(restoring.count) of \(restoreCount) simulations (\(Int(restoring.reduce(0) { $0 + $1.remaining })) s of simulated time left); "
        return restoringNote
            + "\(live) live simulation\(live == 1 ? "" : "s") at \(Int(time)) s: \(totals.sectionProvider) section-provider and \(totals.cellProvider) cell-provider calls, \(totals.dataRequestsCompleted) appends; \(service.simulationIDs.count - live) other simulations, \(connections.count) connections"
    }
}
