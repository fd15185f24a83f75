import CollectionView
import CompositionalLayout
import JSONModel
import Scenario
import ScrollSimulation
import Varlink

/// The `io.scrollsim.Simulator` interface: open simulations by identifier and the method
/// handlers over them. Pure: no I/O and no clock of its own. Scenarios come from a catalog, the
/// daemon's time comes with each call (`route(_:at:)`), and every input goes through `persist`
/// as a typed `InputRecord` before it takes effect, so the daemon can store it and replay it after
/// a restart.
package final class SimulatorService {
    /// The interface definition, embedded from `io.scrollsim.Simulator.varlink` and served
    /// verbatim by `GetInterfaceDescription`.
    package static let interfaceText = String(decoding: PackageResources.io_scrollsim_Simulator_varlink, as: UTF8.self)
    package static let interfaceName = "io.scrollsim.Simulator"

    /// Bounds that keep one client from exhausting the daemon.
    package struct Limits: Sendable, Hashable {
        package var simulations = 64
        /// Simulations one user may have open (root and the daemon's own user are not counted),
        /// so one user cannot take every slot.
        package var simulationsPerUser = 16
        /// Items one user's simulations may hold in all (initial data, edits, feed pages; about
        /// 60 bytes each), so one user cannot run the daemon out of memory.
        package var itemsPerUser = 4_000_000
        /// Whether a user may read the simulations other users opened (`ReadOthers=`); the
        /// daemon's live simulations are everyone's to read.
        package var readOthers = true
        /// Virtual seconds one `Advance` may run (longer work belongs in a `Profile`, which runs in
        /// slices).
        package var secondsPerAdvance = 3_600.0
        package var eventsPerPage = 1_000
        /// Elements one `GetLayout` reply may carry (pass a rect for more).
        package var elementsPerReply = 10_000
        /// Virtual seconds of one profile run, and runs per profile.
        package var profileSeconds = 600.0
        package var profileRuns = 24
        /// Sections one definition may have: what bounds a GetCounts reply (counts per section)
        /// and a Profile reply (counts per section per run).
        package var sectionsPerDefinition = 1_000
        /// Items one `Perform` edit may append, delete, reload or reconfigure: an edit is applied
        /// whole (off the loop when large, `PendingEdit`) and costs what it touches.
        package var itemsPerEdit = 100_000
        /// Items a profiled screen may start with: each run builds its simulation in one turn of
        /// the daemon (an OpenSimulation that large is built off the loop instead).
        package var itemsPerProfile = 100_000
        /// Event records all simulations' logs may keep together (`MaxEventRecords=`): a record
        /// costs about 200 bytes, and a live simulation logs for as long as the daemon runs, so
        /// without a shared bound many live viewports would grow the daemon without limit.
        package var eventRecords = 2_000_000

        /// Records one simulation's log keeps (the most recent): an equal share of
        /// `eventRecords` among `simulations`, at most `maximumLogCapacity` and at least
        /// `minimumLogCapacity`.
        package var logCapacity: Int {
            Swift.min(Self.maximumLogCapacity, Swift.max(Self.minimumLogCapacity, eventRecords / Swift.max(1, simulations)))
        }
        /// What one log keeps when the budget allows (a simulation run on its own keeps as many).
        package static let maximumLogCapacity = 10_000
        /// What one log keeps however small the budget: enough for a GetEvents page.
        package static let minimumLogCapacity = 100

        package init() {}
    }

    /// What the daemon around the service reports in `GetStatus`.
    package struct DaemonStatus: Sendable, Hashable {
        package var connections = 0
        package var streams = 0
        package var uptime = 0.0
        package var ticks = 0
        package var tickIntervalMs = 0.0
        package var latenessP50Ms = 0.0
        package var latenessP99Ms = 0.0
        package var latenessMaxMs = 0.0
        /// How long calls waited between arriving and being dispatched, over the last 10 s.
        package var callWaitP50Ms = 0.0
        package var callWaitP99Ms = 0.0
        package var callWaitMaxMs = 0.0
        /// How long one tick or work turn kept the loop from the sockets, over the last 10 s.
        package var busyTurnP99Ms = 0.0
        package var busyTurnMaxMs = 0.0
        /// How far the furthest-behind realtime simulation trails the clock.
        package var behindMs = 0.0
        /// The state file's figures; nil without one.
        package var state: StateStatus?

        package init() {}
    }

    /// The state file as GetStatus reports it.
    package struct StateStatus: Sendable, Hashable {
        package var records = 0
        package var syncs = 0
        package var fileBytes = 0
        package var restoring = 0
        package init(records: Int, syncs: Int, fileBytes: Int, restoring: Int) {
            self.records = records
            self.syncs = syncs
            self.fileBytes = fileBytes
            self.restoring = restoring
        }
    }

    /// How a call is answered.
    package enum Route {
        /// Answered now (nil for `oneway`).
        case reply(VarlinkReply?)
        /// Answered now; a byte-identical call may be answered with `reusedReply(_:at:)` of the token,
        /// without routing, while that returns one (GetCounts, which clients poll).
        case reusable(VarlinkReply, ReuseToken)
        /// A `Watch` stream for the daemon to feed.
        case watch(WatchStream)
        /// A `Profile` or an `Advance`, for the daemon to run in slices.
        case job(any ServiceJob)
        /// An `OpenSimulation` of a large definition, for the daemon to build on a worker thread
        /// (`PendingOpen.build`) and finish on its loop (`finishOpen`).
        case build(PendingOpen)
        /// A `Perform` of a large edit, for the daemon to apply on a worker thread
        /// (`PendingEdit.apply`) and answer on its loop (`finishEdit`).
        case edit(PendingEdit)
    }

    package let varlink: VarlinkService
    package let version: String
    package var limits: Limits {
        didSet { for ledger in itemLedgers.values { ledger.maximum = limits.itemsPerUser } }
    }
    /// Users held to no per-user quota and allowed to change any simulation: root, and the
    /// daemon's own user (the daemon adds it).
    package var administrators: Set<UInt32> = [0]
    /// The items each user's simulations hold (see `ItemLedger`).
    var itemLedgers: [UInt32: ItemLedger] = [:]
    /// Where scenarios are found by name (replaced on reload).
    package var catalog: ScenarioCatalog {
        didSet { scenarioSummaries = [:] }
    }
    /// ListScenarios' entries with the version of the file each came from (nil: it does not
    /// load), kept until the file changes.
    var scenarioSummaries: [String: (version: String, summary: JSONValue?)] = [:]
    /// The screens the daemon's screen hosts offer (nil: none configured).
    package var screens: (any ScreenDirectory)?
    /// Stores one input record durably before it takes effect; a throw fails the call with
    /// `PersistenceFailed` and changes nothing.
    package var persist: (InputRecord) throws -> Void = { _ in }
    /// The call being handled: its time, its caller, its catch-up budget, the daemon's figures.
    var context = CallContext()
    /// The daemon's time of the call being handled (realtime simulations follow it).
    var now: Double {
        get { context.now }
        set { context.now = newValue }
    }
    var simulations: [String: SimulationEntry] = [:] {
        didSet {
            realtimeOrder = nil
            sortedIDs = nil
            simulationsGeneration += 1
        }
    }
    /// Bumped whenever a simulation is opened or closed (the daemon then hands its workers the
    /// new set of realtime simulations).
    package private(set) var simulationsGeneration = 0
    private var sortedIDs: [String]?
    var nextID = 0
    /// Opens being built off the loop (they count against MaxSimulations).
    var pendingOpens = 0
    /// Edits being applied off the loop (`PendingEdit`).
    package internal(set) var editsInFlight = 0
    /// Those opens by the user who made them (they count against `simulationsPerUser`).
    var pendingOpensByOwner: [UInt32: Int] = [:]
    /// The realtime simulations in a fixed order, and where the last budgeted advance stopped.
    private var realtimeOrder: [SimulationEntry]?
    private var realtimeCursor = 0

    package init(version: String = ScrollSimVersion.current, limits: Limits = Limits(), catalog: ScenarioCatalog) throws {
        self.version = version
        self.limits = limits
        self.catalog = catalog
        varlink = VarlinkService(
            info: VarlinkServiceInfo(
                vendor: "scrollsim", product: "scrollsimd", version: version, url: "https://github.com/scrollsim/scrollsim"))
        // Methods without `run` are started by `route` only (a stream, a profile's job).
        let methods = Self.methods.values
        try varlink.register(
            try VarlinkInterface(Self.interfaceText), handlers: handlers(),
            streamingOnly: Set(methods.filter { $0.answer == .stream }.map(\.name)),
            deferred: Set(methods.filter { $0.run == nil }.map(\.name)))
    }

    /// Routes one call made at the daemon's time `now` as its method's declaration says
    /// (`ServiceMethod`): most are answered at once; jobs, streams and large opens come back for
    /// the daemon to run (after validation, so their errors are answered at once too). `status`
    /// is evaluated only for `GetStatus`; `catchUp` bounds the real time a Perform spends
    /// catching a realtime simulation up.
    package func route(
        _ call: VarlinkCall, at now: Double, caller: Caller = .daemon,
        status: @escaping @autoclosure () -> DaemonStatus = DaemonStatus(), catchUp: @escaping () -> Bool = { true }
    ) -> Route {
        route(call, CallContext(now: now, caller: caller, catchUp: catchUp, status: status))
    }

    package func route(_ call: VarlinkCall, _ context: CallContext) -> Route {
        self.context = context
        // The interface compared once, then the member (short names compare as plain words).
        guard call.interface == Self.interfaceName, let method = Self.methods[call.member] else {
            return .reply(varlink.handle(call))
        }
        do throws(ServiceError) {
            if method.changesState { try checkOwnership(call) } else if !limits.readOthers { try checkReadable(call) }
        } catch {
            return .reply(call.oneway ? nil : VarlinkReply(error: error.varlinkError))
        }
        guard let start = method.start else { return .reply(varlink.handle(call)) }
        if case .failure(let error) = varlink.validate(call) { return .reply(call.oneway ? nil : VarlinkReply(error: error)) }
        do throws(ServiceError) {
            return try start(self, call) ?? .reply(varlink.handle(call))
        } catch {
            return .reply(call.oneway ? nil : VarlinkReply(error: error.varlinkError))
        }
    }

    /// Advances over this many virtual seconds count against the job limits (`MaxJobs`), checked
    /// before their input is stored; shorter ones are jobs too, but only while they outlast the
    /// call's own turn.
    package static let synchronousAdvance = 1.0

    /// Answers a call that is not deferred (nil for `oneway`), made at the daemon's time `now`.
    package func handle(_ call: VarlinkCall, at now: Double = 0) -> VarlinkReply? {
        context = CallContext(now: now)
        return varlink.handle(call)
    }

    /// The open simulations' identifiers, in opening order.
    package var simulationIDs: [String] {
        if let sortedIDs { return sortedIDs }
        let sorted = simulations.keys.sorted { $0.naturalOrder($1) }
        sortedIDs = sorted
        return sorted
    }

    /// The simulation named `id`.
    package func simulation(_ id: String) -> ScenarioSimulation? { simulations[id]?.engine }

    /// Open simulations that follow the daemon's clock, and those started by the configuration.
    package var realtimeCount: Int { simulations.values.count { $0.clock == .realtime } }
    package var liveIDs: [String] { simulationIDs.filter { simulations[$0]!.live } }

    /// The live simulations' summed total counts and the latest time among them (for STATUS=).
    package func liveTotals() -> (count: Int, time: Double, totals: Counts) {
        var totals = Counts()
        var time = 0.0
        var count = 0
        for entry in simulations.values where entry.live {
            let counts = entry.simulation.totalCounts
            totals.sectionProvider += counts.sectionProvider
            totals.cellProvider += counts.cellProvider
            totals.dataRequestsCompleted += counts.dataRequestsCompleted
            time = Swift.max(time, entry.simulation.time)
            count += 1
        }
        return (count, time, totals)
    }

    /// Advances the realtime simulations to the daemon's time `now`, round-robin from where the
    /// previous call stopped, while `more()` allows (the daemon's time budget per tick, asked
    /// between simulations and between a simulation's events). Those not reached catch up on a
    /// later call: events keep their virtual times, so counts do not depend on how the work is
    /// split; only how far behind real time they run (`realtimeLag`).
    /// - Returns: how many simulations were advanced.
    /// - Parameter maxStep: the most virtual time one simulation runs per turn, so one that has
    ///   fallen far behind cannot hold the loop for long.
    @discardableResult
    package func advanceRealtime(to now: Double, maxStep: Double = .infinity, while more: () -> Bool = { true }) -> Int {
        let order = realtimeEntries()
        guard !order.isEmpty else { return 0 }
        var advanced = 0
        while advanced < order.count && (advanced == 0 || more()) {
            order[realtimeCursor % order.count].advanceRealtime(to: now, maxStep: maxStep, while: more)
            realtimeCursor = (realtimeCursor + 1) % order.count
            advanced += 1
        }
        return advanced
    }

    /// The realtime simulations, for threads that advance them off the loop's thread.
    package var realtimeSimulations: [RealtimeSimulation] { realtimeEntries().map(RealtimeSimulation.init) }

    /// The realtime simulations in opening order (kept until one is opened or closed).
    private func realtimeEntries() -> [SimulationEntry] {
        if let realtimeOrder { return realtimeOrder }
        let order = simulationIDs.compactMap { simulations[$0] }.filter { $0.clock == .realtime }
        realtimeOrder = order
        return order
    }

    /// How far the furthest-behind realtime simulation trails the daemon's time `now`, in seconds.
    package func realtimeLag(at now: Double) -> Double {
        simulations.values.reduce(0) { lag, entry in
            // Those still being restored are counted apart (GetStatus `state.restoring`).
            guard entry.clock == .realtime, entry.failure == nil, !entry.isRestoring, !entry.isEditing else { return lag }
            return Swift.max(lag, now - entry.origin - entry.simulation.time)
        }
    }
}

extension String {
    /// "sim-2" before "sim-10".
    func naturalOrder(_ other: String) -> Bool {
        (utf8.count, self) < (other.utf8.count, other)
    }
}
