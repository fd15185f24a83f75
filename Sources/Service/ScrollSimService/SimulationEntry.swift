import CollectionView
import JSONModel
import Scenario
import ScrollSimulation
import Synchronization

/// One open simulation with what it was opened from: enough to open it again identically.
final class SimulationEntry {
    /// The open record as persisted: scenario name or definition, viewport, policy, seed, clock.
    private(set) var record: OpenRecord
    /// The scenario it runs; nil for a screen a host runs (`record.screen`).
    let scenario: Scenario?
    let viewport: ScenarioViewport
    let policy: InvalidationPolicy
    /// The engine in this process, or a screen host's session.
    let simulation: any SimulationBackend
    /// Waits for its screen host to run again (it crashed, hung or was not started): the daemon
    /// rebuilds it then by replaying `inputs`.
    var awaitsHost = false
    /// UIKit's error that stopped the simulation; it no longer advances.
    var failure: SimulationError?
    /// A long Advance is running on it (`AdvanceJob`), or it is being restored (`RestoreJob`): no
    /// other change until that ends.
    var isBusy = false
    /// Stored inputs not yet applied after a start (a `RestoreJob` applies them), oldest first,
    /// and how many of them are applied.
    var restoreQueue: [InputRecord] = []
    var restored = 0
    /// Being restored: the daemon answers calls about it once it is done.
    package internal(set) var isRestoring = false
    /// A worker thread is applying an edit to it (`PendingEdit`): nothing else touches it, and
    /// `ListSimulations` shows `infoBeforeEdit`.
    var isEditing = false
    var infoBeforeEdit: JSONValue?
    /// The latest time its stored records reach (replay checks records against it, whether or
    /// not they were applied yet).
    var storedTime = 0.0
    /// The inputs since opening (consecutive advances merged), so the state file can be rewritten
    /// compactly.
    var inputs: [InputRecord] = []
    /// Bumped whenever the simulation may have changed (advanced or given an input); an atomic, so
    /// the loop can tell whether counts a worker published are still current while it runs.
    private let generationCounter = Atomic<Int>(0)
    var generation: Int { generationCounter.load(ordering: .acquiring) }
    /// The GetCounts reply's encoded parameters and the whole reply framed, and the generation
    /// they were made at: clients poll counts far more often than a live simulation ticks. The
    /// loop's only (workers never touch it).
    var countsCache: (generation: Int, bytes: [UInt8], framed: [UInt8])?
    /// The counts left for the loop by whoever advanced the simulation last (`PublishedCounts`).
    let published = PublishedCounts()
    /// The generation published last; touched only by the simulation's holder of the moment.
    private var publishedGeneration = -1

    init(
        record: OpenRecord, scenario: Scenario?, viewport: ScenarioViewport, policy: InvalidationPolicy,
        simulation: any SimulationBackend
    ) {
        self.record = record
        self.scenario = scenario
        self.viewport = viewport
        self.policy = policy
        self.simulation = simulation
    }

    var id: String { record.simulation }
    /// The scenario's or the screen's name.
    var name: String { record.screen?.name ?? scenario?.name ?? record.scenario ?? "" }
    /// The engine, for what only a scenario simulation has (its layout in this process).
    var engine: ScenarioSimulation? { simulation as? ScenarioSimulation }
    /// The screen host's session, for a screen simulation.
    var screen: ScreenSession? { simulation as? ScreenSession }
    var seed: UInt64 { record.seed }
    var clock: SimulationClock { record.clock }
    /// The daemon-clock time at which a realtime simulation's own time is zero.
    var origin: Double { record.origin ?? 0 }
    var live: Bool { record.live }

    /// Advances to `time`, recording UIKit's error instead of throwing it (a live simulation that
    /// fails stops, the others go on).
    func advance(to time: Double) {
        advance(to: time) { true }
    }

    /// Advances toward `time` while `more()` allows (asked after each event, so a host bounds the
    /// real time one step takes, however heavy its frames).
    /// - Returns: whether it reached `time` (or failed: it then goes no further).
    @discardableResult
    func advance(to time: Double, while more: () -> Bool) -> Bool {
        guard failure == nil, time > simulation.time else { return true }
        changed()
        do throws(SimulationError) {
            return try simulation.advance(to: time, while: more)
        } catch {
            fail(error)
            return true
        }
    }

    /// Advances a realtime simulation toward the daemon's time `now`, by at most `maxStep` of
    /// virtual time and while `more()` allows. One being restored is left to its `RestoreJob`.
    /// - Returns: whether it has nothing left to do until the clock moves on (it reached `now`,
    ///   failed, or is being restored).
    @discardableResult
    func advanceRealtime(to now: Double, maxStep: Double, while more: () -> Bool = { true }) -> Bool {
        guard !isRestoring, !isEditing, failure == nil else { return true }
        let target = now - origin
        advance(to: Swift.min(target, simulation.time + maxStep), while: more)
        if published.wanted.load(ordering: .relaxed) { publishCounts() }
        return failure != nil || simulation.time >= target
    }

    /// Its counts now, at its current generation.
    var countsSnapshot: PublishedCounts.Snapshot {
        PublishedCounts.Snapshot(
            generation: generation, time: simulation.time, failed: failure != nil, counts: simulation.counts,
            sections: simulation.sectionNames)
    }

    /// Leaves its counts for the loop (`PublishedCounts`), unless those left last are current;
    /// `snapshot`, when the caller took one already. Only by the simulation's holder of the moment.
    func publishCounts(_ snapshot: PublishedCounts.Snapshot? = nil) {
        let current = snapshot?.generation ?? generation
        guard current != publishedGeneration else { return }
        publishedGeneration = current
        published.publish(snapshot ?? countsSnapshot)
    }

    /// Stops the simulation with `error`; a screen whose host failed waits for it to run again.
    func fail(_ error: SimulationError) {
        failure = error
        // UIKit's error inside the screen replays identically; only the host's own failure passes.
        if case .external = error, record.screen != nil, screen?.failure == nil { awaitsHost = true }
    }

    /// Sets a realtime simulation's time zero at the daemon's time `origin`, before its record is
    /// stored (live simulations opened together start together, once all are built).
    func start(at origin: Double) {
        record.origin = origin
    }

    /// The simulation may have changed (cached replies of it are stale).
    func changed() { generationCounter.wrappingAdd(1, ordering: .releasing) }

    /// Remembers an input for compaction; an advance replaces an advance just before it.
    func remember(_ input: InputRecord) {
        changed()
        if case .advance = input, case .advance? = inputs.last {
            inputs[inputs.count - 1] = input
        } else {
            inputs.append(input)
        }
    }
}
