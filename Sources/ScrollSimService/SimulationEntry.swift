import CollectionView
import JSONModel
import Scenario
import ScrollSimulation

/// How a simulation's time advances.
public enum SimulationClock: String, Sendable, Hashable {
    /// Only by `Advance` calls.
    case virtual
    /// With the daemon's clock (live simulations).
    case realtime
}

/// One open simulation with what it was opened from: enough to open it again identically.
final class SimulationEntry {
    let id: String
    /// The open record as persisted: scenario name or definition, viewport, policy, seed, clock.
    let openRecord: JSONValue
    let scenario: Scenario
    let viewport: ScenarioViewport
    let policy: InvalidationPolicy
    let seed: UInt64
    let clock: SimulationClock
    /// The daemon-clock time at which a realtime simulation's time was 0.
    let origin: Double
    let live: Bool
    let simulation: Simulation
    /// UIKit's error that stopped the simulation; it no longer advances.
    var failure: String?
    /// The inputs since opening, in the persisted form (consecutive advances merged), so the
    /// state file can be rewritten compactly.
    var inputs: [JSONValue] = []
    /// Bumped whenever the simulation may have changed (advanced or given an input).
    private(set) var generation = 0
    /// The encoded GetCounts reply and the generation it was made at: clients poll counts far
    /// more often than a live simulation ticks.
    var countsCache: (generation: Int, bytes: [UInt8])?

    init(
        id: String, openRecord: JSONValue, scenario: Scenario, viewport: ScenarioViewport, policy: InvalidationPolicy,
        seed: UInt64, clock: SimulationClock, origin: Double, live: Bool, simulation: Simulation
    ) {
        self.id = id
        self.openRecord = openRecord
        self.scenario = scenario
        self.viewport = viewport
        self.policy = policy
        self.seed = seed
        self.clock = clock
        self.origin = origin
        self.live = live
        self.simulation = simulation
    }

    /// Advances to `time`, recording UIKit's error instead of throwing it (a live simulation that
    /// fails stops, the others go on).
    func advance(to time: Double) {
        guard failure == nil, time > simulation.time else { return }
        generation += 1
        do throws(SimulationError) {
            try simulation.advance(to: time)
        } catch {
            failure = error.description
        }
    }

    /// Remembers an input for compaction; an advance replaces an advance just before it.
    func remember(_ input: JSONValue) {
        generation += 1
        if input.objectValue?["op"] == .string("advance"), let last = inputs.last, last.objectValue?["op"] == .string("advance") {
            inputs[inputs.count - 1] = input
        } else {
            inputs.append(input)
        }
    }
}
