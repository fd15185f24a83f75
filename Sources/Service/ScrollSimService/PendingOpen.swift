import CollectionView
import JSONModel
import Scenario
import ScrollSimulation
import Varlink

/// What a simulation is built from: its open record and the scenario as configured by it, or
/// the screen host that runs the screen it names.
struct EntryPlan {
    let record: OpenRecord
    /// Nil for a screen (`record.screen`).
    let scenario: Scenario?
    let viewport: ScenarioViewport
    let policy: InvalidationPolicy
    /// Where a screen's host is found.
    var screens: (any ScreenDirectory)?
    /// Replaying a stored open: a screen whose host is not running waits for it instead of
    /// failing the open (its inputs are kept and replayed when the host runs again).
    var replaying = false
    /// Records its event log keeps (`Limits.logCapacity`).
    var logCapacity = SimulatorService.Limits.maximumLogCapacity

    /// Items the simulation starts with (what building it costs grows with).
    var items: Int { scenario?.sections.reduce(0) { $0 + $1.items.declaredCount } ?? 0 }

    /// Builds the simulation: lays out and displays its first frame. Touches nothing but the
    /// plan, so it may run on another thread.
    func build() throws(ServiceError) -> SimulationEntry {
        guard let scenario else { return try buildScreen() }
        let simulation: ScenarioSimulation
        do throws(SimulationError) {
            simulation = try ScenarioSimulation(
                spec: scenario.simulationSpec(viewport: viewport, policy: policy), seed: record.seed, logCapacity: logCapacity)
        } catch {
            throw .unplayableScenario(error)
        }
        return SimulationEntry(record: record, scenario: scenario, viewport: viewport, policy: policy, simulation: simulation)
    }

    /// Opens the screen in its host. A host that is not running, or runs another build than the
    /// record's, fails a call's open; a replayed one is kept, failed with the reason.
    private func buildScreen() throws(ServiceError) -> SimulationEntry {
        let screen = record.screen!
        func waiting(_ reason: String, awaitsHost: Bool) throws(ServiceError) -> SimulationEntry {
            guard replaying else { throw .hostUnavailable(host: screen.host, message: reason) }
            let entry = SimulationEntry(
                record: record, scenario: nil, viewport: viewport, policy: policy, simulation: UnavailableScreen())
            entry.failure = .external(reason)
            entry.awaitsHost = awaitsHost
            return entry
        }
        let channel: any ScreenChannel
        switch screens?.channel(to: screen.host) ?? .failure(ScreenHostFailure(host: screen.host, reason: "is not configured")) {
        case .failure(let failure): return try waiting(failure.description, awaitsHost: true)
        case .success(let line): channel = line
        }
        if let build = screens?.build(of: screen.host), build != screen.build {
            return try waiting(
                "screen host \(screen.host) changed since \(record.simulation) was opened (build \(screen.build.prefix(12)), now \(build.prefix(12))): its inputs would replay into different code; close it and open \(screen.name) again",
                awaitsHost: false)
        }
        do throws(SimulationError) {
            let session = try ScreenSession.open(
                screen.name, on: channel, viewport: record.viewport, seed: record.seed, policy: record.policy, loop: record.live,
                logCapacity: logCapacity)
            return SimulationEntry(record: record, scenario: nil, viewport: viewport, policy: policy, simulation: session)
        } catch {
            if case .invalidSpec(let message) = error { throw .noSuchScenario("\(screen.name) (\(message))") }
            return try waiting(error.description, awaitsHost: true)
        }
    }
}

/// A screen simulation whose host is not running: nothing to read, every advance fails.
final class UnavailableScreen: SimulationBackend {
    var time: Double { 0 }
    let log = EventLog(capacity: 1)
    var warnings: [String] { [] }
    var counts: CountSet<String> { CountSet() }
    var totalCounts: Counts { Counts() }
    var sectionNames: [String] { [] }
    func advance(to target: Double, while more: () -> Bool) throws(SimulationError) -> Bool {
        throw .external("its screen host is not running")
    }
    func perform(_ input: SimulationInput) throws(SimulationError) { throw .external("its screen host is not running") }
}

/// An `OpenSimulation` of a large definition, built off the daemon's loop: checked and given its
/// id at once (`SimulatorService.route` returns it as `.build`), built by `build()` on a worker
/// thread, then stored and registered on the loop by `SimulatorService.finishOpen`. Its id is
/// taken when it starts, so a failed build leaves a gap in the ids (they are never reused).
///
/// `@unchecked Sendable`: the worker thread runs `build()` and nothing else touches the object
/// until the daemon hands it to `finishOpen` after the build completed.
package final class PendingOpen: @unchecked Sendable {
    let plan: EntryPlan
    private var built: Result<SimulationEntry, ServiceError>?

    init(plan: EntryPlan) { self.plan = plan }

    package var simulation: String { plan.record.simulation }

    /// The costly part: lay out and display the first frame (any thread, once).
    package func build() {
        built = Result { () throws(ServiceError) in try plan.build() }
    }

    var result: Result<SimulationEntry, ServiceError> { built ?? .failure(.shuttingDown) }
}

extension SimulatorService {
    /// Definitions with more items than this are built off the loop (`PendingOpen`): building
    /// grows with the items, and a bigger one takes longer than a loop turn should.
    package static let backgroundOpenItems = 100_000

    /// An `OpenSimulation` whose simulation is built off the loop, or nil when it is small
    /// enough to open at once (or its parameters are wrong: `handle` answers that).
    func pendingOpen(_ call: VarlinkCall) throws(ServiceError) -> PendingOpen? {
        guard case .success = varlink.validate(call) else { return nil }
        let parameters = try OpenParameters(call.parameters)
        guard simulations.count + pendingOpens < limits.simulations else {
            throw .limitReached("simulations", maximum: Double(limits.simulations))
        }
        guard nextID < Self.maxSimulationNumber else {
            throw .limitReached("simulationIds", maximum: Double(Self.maxSimulationNumber))
        }
        try checkQuota()
        let plan = try planEntry(openRecord(parameters, id: "sim-\(nextID + 1)", live: false))
        guard plan.items > Self.backgroundOpenItems else { return nil }
        try reserveItems(for: plan)
        nextID += 1
        pendingOpens += 1
        if let owner = plan.record.owner { pendingOpensByOwner[owner, default: 0] += 1 }
        return PendingOpen(plan: plan)
    }

    /// Ends an `OpenSimulation` built off the loop: stores its record and registers it (or
    /// answers why it could not be built). On the loop, after `build()` completed.
    package func finishOpen(_ pending: PendingOpen) -> VarlinkReply {
        finishedPending(pending)
        do throws(ServiceError) {
            let entry = try pending.result.get()
            try persistOrFail(.open(entry.record))
            chargeItems(of: entry, items: pending.plan.items)
            simulations[entry.id] = entry
            return VarlinkReply(parameters: ["simulation": info(entry)])
        } catch {
            unreserveItems(for: pending.plan)
            return VarlinkReply(error: error.varlinkError)
        }
    }

    /// The daemon stops before a build completes: its id stays taken, nothing was stored.
    package func abandonOpen(_ pending: PendingOpen) {
        finishedPending(pending)
        unreserveItems(for: pending.plan)
    }

    private func finishedPending(_ pending: PendingOpen) {
        pendingOpens -= 1
        if let owner = pending.plan.record.owner { pendingOpensByOwner[owner, default: 1] -= 1 }
    }
}
