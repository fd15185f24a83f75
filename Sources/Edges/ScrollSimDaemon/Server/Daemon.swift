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
/// The class is the I/O shell: what to do is decided by values it consults (`CallAdmission`,
/// `ConnectionTable`, `TickSchedule`, `WorkerShare`, `FairRoundRobin`, `RefusalReport`), and it
/// does the reads, writes, closes and logging their answers call for.
///
/// Not Sendable and not actor-isolated: it is only touched from the thread that runs the loop,
/// reached from libsystemd's callbacks (docs/internals.md S3).
package final class Daemon {

    let options: DaemonOptions
    /// Every timing decision reads it, so a test can run the daemon's logic on time it sets.
    let clock: DaemonClock
    var configuration: DaemonConfiguration
    /// The configuration's access policy with its names resolved (at start and at each reload).
    var access: AccessPolicy
    /// Whether the main configuration file existed at start (a reload then requires it).
    let configurationFileAtStart: Bool
    let loop: EventLoop
    let logger: Logger
    /// The simulations' service as it is without pausing the live workers: only for what they
    /// never touch (the open set, restoration and edit flags, counts they published). A handler
    /// reaches the simulations through `service`.
    let unpausedService: SimulatorService
    /// The state directory's log and syncs; nil with `--no-state`.
    let stateFile: StateFile?
    /// Builds simulations from large definitions off the loop, one at a time.
    let openWorker: LoopWorker

    let listener: Listener
    /// The connections' sockets, watched as one source: the ready ones are served together, one
    /// `epoll_wait` per wake-up instead of one per call (`IOGroup`).
    let connectionSockets: IOGroup
    var connections = ConnectionTable()
    /// One read buffer for every connection (reads are handled one at a time on the loop).
    var readBuffer = [UInt8](repeating: 0, count: Daemon.readChunk)
    /// When a refusal over MaxConnections is logged.
    var refusals = RefusalReport()
    var descriptorLimit = DescriptorLimit()

    /// Advance the realtime simulations off the loop's thread; nil with `Workers=0`.
    /// The configured screen hosts, which the service opens screens through.
    let screenHosts: ScreenHosts
    var workers: RealtimeWorkers?
    /// When the live tick is due, how far it moves a simulation, which stream it polls first.
    var tickSchedule: TickSchedule
    /// What the work turns have left: pending serves, detached Advances, job turns.
    var work = WorkQueue()
    /// The simulations still being restored after the start.
    var restoration = Restoration()
    var timers = LoopSources()
    /// GetStatus's figures on how the loop keeps up.
    var metrics = LoopMetrics()
    /// A stop has begun: nothing new is accepted or dispatched.
    var stopping = false
    let daemonUID = getuid()

    /// Sets everything up short of serving: configuration, state, live simulations, listener.
    package init(
        options: DaemonOptions, environment: [String: String], clock: @escaping @Sendable () -> Double = MonotonicClock.now
    ) throws {
        self.options = options
        var clock = DaemonClock(clock)
        configuration = try ConfigurationLoader(path: options.configurationPath).load()
        configurationFileAtStart = FileManager.default.fileExists(atPath: options.configurationPath)
        logger = Logger(level: configuration.logLevel, environment: environment)
        access = configuration.accessPolicy
        _ = UnixSocket.raiseFileLimit()
        loop = try EventLoop()
        connectionSockets = try loop.addIOGroup(batch: 64, budget: .milliseconds(1))
        // One user's large open or edit gives way to the loop serving everyone else; nice 10, not
        // 19, so that on a machine busy with other processes the edit still gets a share.
        openWorker = try LoopWorker(loop: loop, label: "scrollsimd.open", niceness: 10)
        tickSchedule = TickSchedule(interval: configuration.tickInterval, startingAt: clock())
        let service = try SimulatorService(limits: configuration.service, catalog: Self.catalog(configuration))
        unpausedService = service
        screenHosts = ScreenHosts(configuration)
        service.screens = screenHosts
        service.administrators.insert(daemonUID)
        // Before the state file: its screen simulations are replayed into the running hosts.
        Self.startScreenHosts(screenHosts, logger: logger, at: clock())
        if let directory = options.stateDirectory {
            stateFile = try StateFile(directory: directory, service: service, loop: loop, logger: logger, clock: clock.read)
        } else {
            stateFile = nil
        }
        clock.base = stateFile?.restoredTime ?? 0
        self.clock = clock
        listener = try Listener(socketPath: options.socketPath, mode: configuration.socketMode, environment: environment)
        stateFile?.groupCommit.onDurable = { [unowned self] durable, failure in
            releaseHeldReplies(durable: durable, failure: failure)
        }
        service.persist = { [unowned self] record in
            try stateFile?.append(record)
            logInput(record)
        }
        // Every handler but the connections' and the tick's keeps the workers off the simulations
        // while it runs. Those two reach simulations only through `service`, which pauses them: a
        // poll answered from published counts, or a tick with nothing to stream, leaves them
        // running (waiting at every tick for both to leave their turns kept polls waiting).
        loop.willDispatch = { [unowned self] source in
            if !source.isGroup && source !== timers.tick { workers?.pause() }
        }
        // The replayed simulations only: live ones opened now start at the present.
        startRestoring()
        startLiveSimulations(configuration.live)
        for host in screenHosts.hosts where host.process.isRunning { warnAboutHiddenScreens(host.process) }
        try listener.watch(on: loop) { [unowned self] in acceptConnections() }
        try setUpSignals()
        try startTimers()
        startWorkers()
    }

    /// Opens the configured live simulations that are not open and closes the others; those
    /// opened start together at the present once all are built, not each as it was.
    func startLiveSimulations(_ specs: [LiveSimulationSpec]) {
        let opening = service.prepareLive(specs, at: now)
        for problem in service.startLive(opening, at: now) {
            logger.log(.err, "live simulation not started: \(problem)", event: "live-failed")
        }
    }

    static func catalog(_ configuration: DaemonConfiguration) -> ScenarioCatalog {
        configuration.scenarioDirectory.map(ScenarioCatalog.directory) ?? .embedded(ShippedScenarios.files)
    }

    /// The daemon's time in seconds.
    var now: Double { clock.now }

    /// The service, for a handler: its first use in a batch of handlers pauses the live workers
    /// until the batch ends, so no simulation is touched by two threads at once.
    var service: SimulatorService {
        workers?.pause()
        return unpausedService
    }

    /// Serves until SIGTERM or SIGINT; returns the exit status.
    package func run() throws -> Int32 {
        let watchdog = try loop.enableWatchdog()
        warnIfHostsCouldStarveWatchdog()
        let files = ConfigurationLoader(path: options.configurationPath).files()
        logger.log(
            .notice,
            "serving io.scrollsim.Simulator on \(listener.description) (\(service.liveIDs.count) live simulations advanced by \(workers.map { "\($0.count) worker threads" } ?? "the main thread"), scenarios from \(service.catalog.location), configuration: \(files.isEmpty ? "built-in defaults" : files.joined(separator: ", "))\(watchdog ? ", watchdog on" : ""))",
            event: "ready")
        _ = try? ServiceManager.notify(NotifyMessage(ready: true, status: statusLine()))
        // The workers run between the loop's batches of handlers, and are owed time when a busy
        // loop kept them waiting (`WorkerShare`).
        var share = WorkerShare(at: clock())
        let code = try loop.run(
            beforeDispatch: { share.batchStarts(at: clock()) },
            keepDispatching: { share.keepDispatching(at: clock()) },
            afterDispatch: { [unowned self] in
                if share.batchEnded(heldBack: resumeWorkers(), at: clock()) {
                    workers?.stepAside(for: WorkerShare.share)
                    share.steppedAside(until: clock())
                }
            })
        workers?.stop()
        return code
    }

    /// Opening and closing simulations are logged with the simulation's name (the inputs in
    /// between are in the state file).
    func logInput(_ record: InputRecord) {
        switch record {
        case .open(let open):
            let id = open.simulation
            let what = open.screen.map { "screen \($0.name) of \($0.host)" } ?? open.scenario ?? "an inline definition"
            logger.log(
                .info, "opened \(id): \(what), \(open.clock.rawValue) clock", event: "simulation-opened",
                fields: [("SCROLLSIM_SIMULATION", id)])
        case .close(let id):
            logger.log(.info, "closed \(id)", event: "simulation-closed", fields: [("SCROLLSIM_SIMULATION", id)])
        case .advance, .perform, .clock, .nextSimulation:
            break
        }
    }

    func status() -> SimulatorService.DaemonStatus {
        var status = SimulatorService.DaemonStatus()
        status.connections = connections.count
        status.streams = connections.streamCount
        status.uptime = clock.uptime
        status.tickIntervalMs = configuration.tickInterval * 1000
        metrics.report(into: &status, at: clock())
        status.behindMs = service.realtimeLag(at: now) * 1000
        status.state = stateFile?.status(restoring: restoration.count)
        return status
    }

    /// One line for `systemctl status`: live counts first.
    func statusLine() -> String {
        let (live, time, totals) = service.liveTotals()
        let restoringNote =
            restoration.isEmpty
            ? ""
            : "restoring \(restoration.count) of \(restoration.total) simulations (\(Int(restoration.remainingSeconds)) s of simulated time left); "
        return restoringNote
            + "\(live) live simulation\(live == 1 ? "" : "s") at \(Int(time)) s: \(totals.sectionProvider) section-provider and \(totals.cellProvider) cell-provider calls, \(totals.dataRequestsCompleted) appends; \(service.simulationIDs.count - live) other simulations, \(connections.count) connections"
    }
}
