import JSONModel
import Varlink

/// The one declaration of each method of `io.scrollsim.Simulator` besides its signature in the
/// interface text: how a call is answered, whether it changes state, and what runs it. Routing,
/// the Varlink registration, the daemon's job limits and its access policy all read this table,
/// and the service refuses to start if it and the interface text name different methods.
package struct ServiceMethod: Sendable {
    /// How a call of the method is answered (what `start` returns, for those that have one).
    package enum Answer: Sendable, Hashable {
        /// At once, by `run`.
        case now
        /// At once, from a per-simulation cache of the encoded reply while the simulation is
        /// unchanged (GetCounts: clients poll it).
        case cachedCounts
        /// At once, or built on a worker thread when the definition is large (OpenSimulation).
        case nowOrBuilt
        /// At once, or applied on a worker thread when the edit is large (Perform).
        case nowOrApplied
        /// A job the daemon runs in slices of processor time (Advance, Profile).
        case job
        /// A stream the daemon feeds after every tick (Watch; `more` required).
        case stream
    }

    package typealias Run = @Sendable (SimulatorService, [String: JSONValue]) throws(ServiceError) -> [String: JSONValue]
    /// Starts a call that is not simply run: a job, a stream, a build, a cached reply; nil when
    /// it is to be run after all (a small OpenSimulation).
    typealias Start = @Sendable (SimulatorService, VarlinkCall) throws(ServiceError) -> SimulatorService.Route?

    package let name: String
    package let answer: Answer
    /// Changes a simulation or the set of them: allowed to the users and groups `[Access]` names.
    package let changesState: Bool
    /// Whether a call is checked against the job limits before anything is stored.
    let countsAsJob: @Sendable (VarlinkCall) -> Bool
    /// The method run in this process, at once (nil for Watch and Profile, which only `start`
    /// can answer).
    let run: Run?
    let start: Start?

    init(
        _ name: String, _ answer: Answer, changesState: Bool = false,
        countsAsJob: @escaping @Sendable (VarlinkCall) -> Bool = { _ in false }, start: Start? = nil, run: Run?
    ) {
        self.name = name
        self.answer = answer
        self.changesState = changesState
        self.countsAsJob = countsAsJob
        self.start = start
        self.run = run
    }

    /// Whether `call` is checked against the job limits before anything is stored: a Profile,
    /// or an Advance over `SimulatorService.synchronousAdvance` (shorter ones mostly finish in
    /// their own turn).
    package static func countsAsJob(_ call: VarlinkCall) -> Bool {
        guard call.interface == SimulatorService.interfaceName, let method = SimulatorService.methods[call.member] else {
            return false
        }
        return method.countsAsJob(call)
    }
}

extension SimulatorService {
    /// Every method, by member name.
    package static let methods: [String: ServiceMethod] = Dictionary(
        uniqueKeysWithValues: [
            ServiceMethod("GetStatus", .now) { service, _ throws(ServiceError) in service.status(service.context.status()) },
            ServiceMethod("ListScenarios", .now) { service, _ throws(ServiceError) in service.listScenarios() },
            ServiceMethod(
                "OpenSimulation", .nowOrBuilt, changesState: true,
                start: { service, call throws(ServiceError) in try service.pendingOpen(call).map { .build($0) } }
            ) { service, p throws(ServiceError) in
                try service.open(OpenParameters(p))
            },
            ServiceMethod(
                "Advance", .job, changesState: true,
                countsAsJob: { call in
                    guard case .number(let seconds)? = call.parameters["seconds"] else { return false }
                    return seconds > SimulatorService.synchronousAdvance
                },
                // Every Advance is a job, even a oneway one (it changes state): what a virtual
                // second costs has no bound (tiny cells at a high frame rate), so the daemon runs
                // it within its time budget, answering at once when it finishes there.
                start: { service, call throws(ServiceError) in .job(try service.advanceJob(AdvanceParameters(call.parameters))) }
            ) { service, p throws(ServiceError) in try service.advance(AdvanceParameters(p)) },
            ServiceMethod(
                "Perform", .nowOrApplied, changesState: true,
                start: { service, call throws(ServiceError) in try service.startPerform(call) }
            ) { service, p throws(ServiceError) in
                try service.perform(PerformParameters(p))
            },
            ServiceMethod("GetCounts", .cachedCounts, start: { service, call in service.cachedCounts(call) }) {
                service, p throws(ServiceError) in
                service.counts(try service.entry(SimulationParameter(p).simulation))
            },
            ServiceMethod("GetLayout", .now) { service, p throws(ServiceError) in try service.layout(LayoutParameters(p)) },
            ServiceMethod("GetVisible", .now) { service, p throws(ServiceError) in
                try service.visible(try service.entry(SimulationParameter(p).simulation))
            },
            ServiceMethod("GetEvents", .now) { service, p throws(ServiceError) in
                try service.events(EventsParameters(p, maximumLimit: service.limits.eventsPerPage))
            },
            // No one would read a oneway stream or profile: such calls are dropped unanswered.
            ServiceMethod(
                "Watch", .stream,
                start: { service, call throws(ServiceError) in
                    call.oneway ? .reply(nil) : .watch(try service.watch(WatchParameters(call.parameters)))
                }, run: nil),
            ServiceMethod(
                "Profile", .job, changesState: true, countsAsJob: { _ in true },
                start: { service, call throws(ServiceError) in
                    let parameters = try ProfileParameters(call.parameters, maximumSeconds: service.limits.profileSeconds)
                    let job: any ServiceJob
                    if let screen = try service.screenProfile(parameters) {
                        job = screen
                    } else {
                        job = try service.profile(parameters)
                    }
                    return call.oneway ? .reply(nil) : .job(job)
                }, run: nil),
            ServiceMethod("ListSimulations", .now) { service, _ throws(ServiceError) in
                [
                    "simulations": .array(
                        service.visibleIDs(to: service.context.caller).map { service.info(service.simulations[$0]!) })
                ]
            },
            ServiceMethod("CloseSimulation", .now, changesState: true) { service, p throws(ServiceError) in
                try service.close(SimulationParameter(p).simulation)
            },
        ].map { ($0.name, $0) })

    /// The method table as the Varlink service's handlers: each handler decodes its parameters
    /// once into the method's struct and runs the typed method; `ServiceError`s become Varlink
    /// errors here and nowhere else.
    func handlers() -> [String: VarlinkService.Handler] {
        Self.methods.values.reduce(into: [:]) { table, method in
            guard let run = method.run else { return }
            table[method.name] = { [unowned self] call in
                do throws(ServiceError) {
                    return .success(try run(self, call.parameters))
                } catch {
                    return .failure(error.varlinkError)
                }
            }
        }
    }
}
