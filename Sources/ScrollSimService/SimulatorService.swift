import CollectionView
import CompositionalLayout
import JSONModel
import Scenario
import ScrollSimulation
import Varlink

/// The `io.scrollsim.Simulator` interface: open simulations by identifier and the method
/// handlers over them. Pure: no I/O, no clocks; scenarios come through `loadScenario` and time
/// advances only when a client (or the daemon's live loop) asks.
public final class SimulatorService {
    /// The interface definition, embedded from `io.scrollsim.Simulator.varlink` and served
    /// verbatim by `GetInterfaceDescription`.
    public static let interfaceText = String(decoding: PackageResources.io_scrollsim_Simulator_varlink, as: UTF8.self)
    public static let interfaceName = "io.scrollsim.Simulator"

    /// Bounds that keep one client from exhausting the daemon.
    public struct Limits: Sendable, Hashable {
        public var simulations = 64
        /// Virtual seconds one `Advance` may run (a daemon runs longer work in slices).
        public var secondsPerAdvance = 3_600.0
        public var eventsPerPage = 1_000
        /// Elements one `GetLayout` reply may carry (pass a rect for more).
        public var elementsPerReply = 10_000

        public init() {}
    }

    struct Entry {
        let scenario: Scenario
        let viewport: ScenarioViewport
        let policy: InvalidationPolicy
        let seed: UInt64
        let simulation: Simulation
    }

    public let varlink: VarlinkService
    public let version: String
    public let limits: Limits
    // Shared with the method handlers in SimulatorService+Methods.swift.
    let loadScenario: (String) throws(ScenarioError) -> Scenario
    let scenarioNames: () -> [String]
    var simulations: [String: Entry] = [:]
    var nextID = 0

    /// - Parameters:
    ///   - loadScenario: a shipped scenario by name (`ScenarioError.notFound` when there is none).
    ///   - scenarioNames: the shipped scenarios' names.
    public init(
        version: String, limits: Limits = Limits(), loadScenario: @escaping (String) throws(ScenarioError) -> Scenario,
        scenarioNames: @escaping () -> [String]
    ) throws {
        self.version = version
        self.limits = limits
        self.loadScenario = loadScenario
        self.scenarioNames = scenarioNames
        varlink = VarlinkService(
            info: VarlinkServiceInfo(
                vendor: "scrollsim", product: "scrollsimd", version: version, url: "https://scrollsim.invalid"))
        try varlink.register(try VarlinkInterface(Self.interfaceText), handlers: handlers())
    }

    /// Answers one call (nil for `oneway`).
    public func handle(_ call: VarlinkCall) -> VarlinkReply? { varlink.handle(call) }

    /// The open simulations' identifiers, in opening order.
    public var simulationIDs: [String] { simulations.keys.sorted { $0.localizedStandardOrder($1) } }

    private func handlers() -> [String: VarlinkService.Handler] {
        [
            "GetStatus": { [unowned self] _ in
                .success([
                    "version": .string(version), "simulations": .number(Double(simulations.count)),
                    "scenarios": .number(Double(scenarioNames().count)),
                ])
            },
            "ListScenarios": { [unowned self] _ in listScenarios() },
            "OpenSimulation": { [unowned self] call in open(call.parameters) },
            "Advance": { [unowned self] call in advance(call.parameters) },
            "Perform": { [unowned self] call in perform(call.parameters) },
            "GetCounts": { [unowned self] call in entry(call.parameters).map { counts($0) } },
            "GetLayout": { [unowned self] call in entry(call.parameters).flatMap { layout($0, rect: call.parameters["rect"]) } },
            "GetVisible": { [unowned self] call in entry(call.parameters).map { visible($0) } },
            "GetEvents": { [unowned self] call in events(call.parameters) },
            "ListSimulations": { [unowned self] _ in
                .success(["simulations": .array(simulationIDs.map { info($0, simulations[$0]!) })])
            },
            "CloseSimulation": { [unowned self] call in
                guard case .string(let id)? = call.parameters["simulation"], simulations.removeValue(forKey: id) != nil else {
                    return .failure(Self.noSuchSimulation(call.parameters["simulation"]))
                }
                return .success([:])
            },
        ]
    }
}

extension String {
    /// "sim-2" before "sim-10".
    func localizedStandardOrder(_ other: String) -> Bool {
        (count, self) < (other.count, other)
    }
}
