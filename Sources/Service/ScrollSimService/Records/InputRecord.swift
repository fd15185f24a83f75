import CollectionView
import JSONModel
import Scenario
import ScrollSimulation

/// One input to the service, in the form the daemon stores before it takes effect and replays
/// after a restart: every state change is one of these, applied the same way live and on replay.
package enum InputRecord: Sendable, Hashable {
    /// A simulation opened (by a client or the configuration's live list).
    case open(OpenRecord)
    /// A virtual-clock simulation advanced to a time.
    case advance(simulation: String, to: Double)
    /// An input performed at a simulation time.
    case perform(simulation: String, at: Double, input: SimulationInput)
    /// A simulation closed.
    case close(simulation: String)
    /// The daemon's clock, which realtime simulations follow.
    case clock(time: Double)
    /// The number the next opened simulation's id counts from (kept by compaction, so an id is
    /// never given twice, even after the simulation that had it closed and left the file).
    case nextSimulation(Int)

    /// The simulation the record is about (nil for `clock`).
    package var simulation: String? {
        switch self {
        case .open(let record): record.simulation
        case .advance(let id, _), .perform(let id, _, _), .close(let id): id
        case .clock, .nextSimulation: nil
        }
    }

    /// The simulation time an advance or perform takes the simulation to (nil for the others;
    /// a `clock` record's time is the daemon's, not a simulation's).
    package var time: Double? {
        switch self {
        case .advance(_, let time), .perform(_, let time, _): time
        case .open, .close, .clock, .nextSimulation: nil
        }
    }

    /// The record's kind as stored (`op`): open, advance, perform, close or clock.
    package var operation: String {
        switch self {
        case .open: "open"
        case .advance: "advance"
        case .perform: "perform"
        case .close: "close"
        case .clock: "clock"
        case .nextSimulation: "ids"
        }
    }
}

/// What opens a simulation: enough to open it again identically after a restart.
package struct OpenRecord: Sendable, Hashable {
    package var simulation: String
    /// The catalog name it was opened by, if any.
    package var scenario: String?
    /// The named scenario's definition as opened (data inlined), so a replay does not depend on
    /// the files still saying the same; nil in records written before pinning.
    package var pinned: JSONValue?
    /// An inline definition the client sent instead of a name.
    package var definition: JSONValue?
    /// The viewport size over the scenario's own (which keeps its scale and safe area).
    package var viewport: ViewportSize?
    package var policy: InvalidationPolicy?
    package var seed: UInt64
    package var clock: SimulationClock
    /// The daemon-clock time at which a realtime simulation's own time is zero.
    package var origin: Double?
    /// Started by the configuration's live list.
    package var live: Bool
    /// Viewport lengths ahead in which cells are prepared (0: off); nil: the scenario's.
    package var prefetch: Double?
    /// A screen a host offers, instead of a scenario, and the host it ran in: a replay into a
    /// host of another build says so instead of running different code.
    package var screen: ScreenRecord?
    /// The user who opened it: only they (or root, or the daemon's user) may change or close it.
    /// Nil for the configuration's live simulations (the daemon's) and records from before owners.
    package var owner: UInt32?

    package init(
        simulation: String, scenario: String? = nil, pinned: JSONValue? = nil, definition: JSONValue? = nil,
        viewport: ViewportSize? = nil, policy: InvalidationPolicy? = nil, seed: UInt64 = 0, clock: SimulationClock = .virtual,
        origin: Double? = nil, live: Bool = false, prefetch: Double? = nil, owner: UInt32? = nil
    ) {
        self.owner = owner
        self.simulation = simulation
        self.scenario = scenario
        self.pinned = pinned
        self.definition = definition
        self.viewport = viewport
        self.policy = policy
        self.seed = seed
        self.clock = clock
        self.origin = origin
        self.live = live
        self.prefetch = prefetch
    }
}

/// The screen an open record names and the host build it ran in.
package struct ScreenRecord: Sendable, Hashable {
    package var name: String
    /// The host's configured name (its executable's file name).
    package var host: String
    /// The executable's path and a hash of its bytes when the screen was opened.
    package var path: String
    package var build: String

    package init(name: String, host: String, path: String, build: String) {
        self.name = name
        self.host = host
        self.path = path
        self.build = build
    }
}
