import CollectionView
import CompositionalLayout
import JSONModel
import Scenario

// Each method's parameters, decoded once from the call (whose JSON types the interface check has
// already validated) into a struct; every range and combination check is here, each failing with
// the parameter's name.

/// Where a scenario comes from: a catalog name or an inline definition, exactly one of them.
enum ScenarioSource: Sendable, Hashable {
    case named(String)
    case inline(JSONValue)

    init(_ parameters: [String: JSONValue]) throws(ServiceError) {
        switch (parameters["scenario"] ?? .null, parameters["definition"] ?? .null) {
        case (.string(let name), .null): self = .named(name)
        case (.null, .object): self = .inline(parameters["definition"]!)
        default: throw .invalidParameter("scenario")  // exactly one of scenario and definition
        }
    }
}

/// A simulation identifier parameter.
struct SimulationParameter: Sendable, Hashable {
    var simulation: String

    init(_ parameters: [String: JSONValue]) throws(ServiceError) {
        guard let id = parameters["simulation"]?.stringValue else { throw .invalidParameter("simulation") }
        simulation = id
    }
}

/// `OpenSimulation`.
struct OpenParameters: Sendable, Hashable {
    var source: ScenarioSource
    var viewport: ViewportSize?
    var policy: InvalidationPolicy?
    var seed: UInt64
    var clock: SimulationClock
    /// Viewport lengths ahead in which cells are prepared (0: off); nil: the scenario's.
    var prefetch: Double?

    init(
        source: ScenarioSource, viewport: ViewportSize?, policy: InvalidationPolicy?, seed: UInt64, clock: SimulationClock,
        prefetch: Double? = nil
    ) {
        self.source = source
        self.viewport = viewport
        self.policy = policy
        self.seed = seed
        self.clock = clock
        self.prefetch = prefetch
    }

    init(_ parameters: [String: JSONValue]) throws(ServiceError) {
        source = try ScenarioSource(parameters)
        viewport = try Self.viewport(parameters["viewport"], name: "viewport")
        policy = try Self.policy(parameters["policy"])
        seed = try Self.seed(parameters["seed"])
        clock = parameters["clock"]?.stringValue.flatMap(SimulationClock.init(rawValue:)) ?? .virtual
        prefetch = try Self.prefetch(parameters["prefetch"])
    }

    /// Viewport lengths ahead, 0 to 10; nil when absent.
    static func prefetch(_ value: JSONValue?) throws(ServiceError) -> Double? {
        guard let value, value != .null else { return nil }
        guard case .number(let screens) = value, screens >= 0, screens <= 10 else { throw .invalidParameter("prefetch") }
        return screens
    }

    /// A `Viewport` object with both sides in 1…100,000 points; nil when absent.
    static func viewport(_ value: JSONValue?, name: String) throws(ServiceError) -> ViewportSize? {
        guard let value, value != .null else { return nil }
        guard case .object(let size) = value, case .number(let width)? = size["width"],
            case .number(let height)? = size["height"],
            let viewport = ViewportSize(width: width, height: height)
        else { throw .invalidParameter(name) }
        return viewport
    }

    static func policy(_ value: JSONValue?) throws(ServiceError) -> InvalidationPolicy? {
        guard let value, value != .null else { return nil }
        guard let policy = value.stringValue.flatMap(InvalidationPolicy.init(rawValue:)) else {
            throw .invalidParameter("policy")
        }
        return policy
    }

    /// A whole number from 0 to 2^53 (exact in a JSON number).
    static func seed(_ value: JSONValue?) throws(ServiceError) -> UInt64 {
        guard case .number(let n)? = value else { return 0 }
        guard n >= 0, n <= 9_007_199_254_740_992, let seed = UInt64(exactly: n) else { throw .invalidParameter("seed") }
        return seed
    }
}

/// `Advance`.
struct AdvanceParameters: Sendable, Hashable {
    var simulation: String
    var seconds: Double

    init(_ parameters: [String: JSONValue]) throws(ServiceError) {
        simulation = try SimulationParameter(parameters).simulation
        guard case .number(let seconds)? = parameters["seconds"], seconds >= 0, seconds.isFinite else {
            throw .invalidParameter("seconds")
        }
        self.seconds = seconds
    }
}

/// `Perform`: the gesture is parsed against the simulation's sections by the method.
struct PerformParameters: Sendable, Hashable {
    var simulation: String
    var gesture: JSONValue

    init(_ parameters: [String: JSONValue]) throws(ServiceError) {
        simulation = try SimulationParameter(parameters).simulation
        gesture = parameters["gesture"] ?? .null
    }
}

/// `GetLayout`.
struct LayoutParameters: Sendable, Hashable {
    var simulation: String
    /// Only the elements meeting this rectangle; nil for all of them.
    var rect: Rect?

    init(_ parameters: [String: JSONValue]) throws(ServiceError) {
        simulation = try SimulationParameter(parameters).simulation
        guard case .object(let r)? = parameters["rect"] else { return }
        guard case .number(let x)? = r["x"], case .number(let y)? = r["y"], case .number(let w)? = r["width"],
            case .number(let h)? = r["height"], [x, y, w, h].allSatisfy(\.isFinite), w >= 0, h >= 0
        else { throw .invalidParameter("rect") }
        rect = Rect(x: x, y: y, width: w, height: h)
    }
}

/// `GetEvents`.
struct EventsParameters: Sendable, Hashable {
    var simulation: String
    var after: Int
    var limit: Int

    init(_ parameters: [String: JSONValue], maximumLimit: Int) throws(ServiceError) {
        simulation = try SimulationParameter(parameters).simulation
        after = 0
        if case .number(let n)? = parameters["after"] { after = Int(Swift.max(0, Swift.min(n, Double(Int.max / 2)))) }
        limit = 100
        if case .number(let n)? = parameters["limit"] {
            guard n >= 1 else { throw .invalidParameter("limit") }
            guard n <= Double(maximumLimit) else { throw .limitReached("eventsPerPage", maximum: Double(maximumLimit)) }
            limit = Int(n)
        }
    }
}

/// `Watch`.
struct WatchParameters: Sendable, Hashable {
    /// One simulation, or nil for all of them (those opened later included).
    var simulation: String?
    var interval: Double
    var events: Bool

    init(_ parameters: [String: JSONValue]) throws(ServiceError) {
        simulation = parameters["simulation"]?.stringValue
        interval = 1
        if let value = parameters["interval"]?.numberValue {
            guard value >= 0.01, value <= 86_400 else { throw .invalidParameter("interval") }
            interval = value
        }
        events = parameters["events"].map { $0 != .bool(false) } ?? true
    }
}

/// `Profile`.
struct ProfileParameters: Sendable, Hashable {
    var source: ScenarioSource
    var seconds: Double
    var policies: [InvalidationPolicy]
    /// Sizes over the scenario's viewport; nil for the standard three.
    var viewports: [ViewportSize]?
    var seed: UInt64
    var prefetch: Double?

    init(_ parameters: [String: JSONValue], maximumSeconds: Double) throws(ServiceError) {
        source = try ScenarioSource(parameters)
        seconds = 30
        if let value = parameters["seconds"]?.numberValue {
            guard value > 0, value.isFinite else { throw .invalidParameter("seconds") }
            guard value <= maximumSeconds else { throw .limitReached("profileSeconds", maximum: maximumSeconds) }
            seconds = value
        }
        policies = InvalidationPolicy.allCases
        if case .array(let names)? = parameters["policies"] {
            let parsed = names.compactMap { $0.stringValue.flatMap(InvalidationPolicy.init) }
            guard parsed.count == names.count, !parsed.isEmpty else { throw .invalidParameter("policies") }
            policies = parsed
        }
        if case .array(let sizes)? = parameters["viewports"] {
            var parsed: [ViewportSize] = []
            for size in sizes {
                guard let viewport = try? OpenParameters.viewport(size, name: "viewports") else {
                    throw .invalidParameter("viewports")
                }
                parsed.append(viewport)
            }
            guard !parsed.isEmpty else { throw .invalidParameter("viewports") }
            viewports = parsed
        }
        seed = 0
        if let value = parameters["seed"]?.numberValue {
            guard let exact = UInt64(exactly: value) else { throw .invalidParameter("seed") }
            seed = exact
        }
        prefetch = try OpenParameters.prefetch(parameters["prefetch"])
    }
}
