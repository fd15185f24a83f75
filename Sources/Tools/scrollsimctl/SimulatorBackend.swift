import CommandLineSpec
import Foundation
import JSONModel
import Posix
import Scenario
import ScenarioFiles
import ScrollSimService
import ShippedScenarios
import Varlink

/// Where the compute commands run: the daemon over its socket, or (`--local`) the same service
/// in-process. Commands are written once against this, so both give the same output.
protocol SimulatorBackend {
    /// One call of `io.scrollsim.Simulator`; an error reply throws `ClientError.daemon`.
    func invoke(_ member: String, _ parameters: [String: JSONValue]) throws -> [String: JSONValue]
    /// `Profile`, reporting progress (0 to 1) as it goes.
    func profile(_ parameters: [String: JSONValue], progress: (Double) -> Void) throws -> [String: JSONValue]
}

extension DaemonClient: SimulatorBackend {
    func invoke(_ member: String, _ parameters: [String: JSONValue]) throws -> [String: JSONValue] {
        do {
            return try call(SimulatorService.interfaceName + "." + member, parameters)
        } catch ClientError.daemon(let error) {
            throw ClientError.enrich(error, local: false) {
                let list = try? call(SimulatorService.interfaceName + ".ListScenarios")
                return (list?["scenarios"]?.arrayValue ?? []).compactMap { $0.objectValue?["name"]?.stringValue }
            }
        }
    }

    func profile(_ parameters: [String: JSONValue], progress: (Double) -> Void) throws -> [String: JSONValue] {
        try send(SimulatorService.interfaceName + ".Profile", parameters, more: true)
        while true {
            let (reply, continues) = try receive()
            guard continues else { return reply }
            progress(reply["progress"]?.numberValue ?? 0)
        }
    }
}

/// The service in this process: no socket, no daemon, the same handlers.
final class LocalBackend: SimulatorBackend {
    let service: SimulatorService

    init(catalog: ScenarioCatalog) throws {
        service = try SimulatorService(catalog: catalog)
        service.limits.simulations = 1_000
        service.limits.profileSeconds = 86_400
        service.limits.profileRuns = 1_000
        service.limits.elementsPerReply = 2_000_000
        // In this process no one else waits: the daemon's bounds on one call's cost do not apply.
        service.limits.sectionsPerDefinition = 1_000_000
        service.limits.itemsPerEdit = 1_000_000
        service.limits.itemsPerProfile = Int.max
    }

    func invoke(_ member: String, _ parameters: [String: JSONValue]) throws -> [String: JSONValue] {
        try unwrap(service.handle(VarlinkCall(method: SimulatorService.interfaceName + "." + member, parameters: parameters)))
    }

    func profile(_ parameters: [String: JSONValue], progress: (Double) -> Void) throws -> [String: JSONValue] {
        switch service.route(
            VarlinkCall(method: SimulatorService.interfaceName + ".Profile", parameters: parameters, more: true), at: 0)
        {
        case .reply(let reply): return try unwrap(reply)
        case .reusable(let reply, _): return try unwrap(reply)
        case .watch, .build, .edit: throw ClientError.protocolError("Profile answered as a stream, an open or an edit")
        case .job(let job):
            while !job.isFinished {
                // A tenth of a second per step: progress redraws that often.
                let end = MonotonicClock.now() + 0.1
                job.step { MonotonicClock.now() < end }
                if let profile = job as? ProfileJob { progress(profile.progress) }
            }
            return try unwrap(job.result())
        }
    }

    private func unwrap(_ reply: VarlinkReply?) throws -> [String: JSONValue] {
        guard let reply else { return [:] }
        if let error = reply.error { throw ClientError.enrich(error, local: true) { service.catalog.names() } }
        return reply.parameters
    }
}

/// Resolving the SCENARIO argument and the backend from the command line.
enum Backends {
    /// The daemon, or the in-process service with `--local`.
    static func make(_ arguments: Arguments) throws -> SimulatorBackend {
        if arguments.flags.contains("local") { return try LocalBackend(catalog: try localCatalog(arguments)) }
        let result = Result { () throws(ClientError) in
            try DaemonClient(address: arguments.options["address"] ?? DaemonClient.defaultAddress())
        }
        switch result {
        case .success(let client): return client
        case .failure(.unreachable(let message)): throw ClientError.unreachable(message + "; or run in-process with --local")
        case .failure(let error): throw error
        }
    }

    /// `--viewport`, `--policy`, `--seed` and `--prefetch`, where given, as parameters of
    /// OpenSimulation and Profile (the daemon's defaults otherwise).
    private static func simulationParameters(_ arguments: Arguments) -> [String: JSONValue] {
        var parameters: [String: JSONValue] = [:]
        if let size = arguments.size("viewport") {
            parameters["viewport"] = .object(["width": .number(size.width), "height": .number(size.height)])
        }
        if let policy = arguments.options["policy"] { parameters["policy"] = .string(policy) }
        if let seed = arguments.integer("seed") { parameters["seed"] = .number(Double(seed)) }
        if let screens = arguments.number("prefetch") { parameters["prefetch"] = .number(screens) }
        return parameters
    }

    /// The parameters of a run of `scenario` (a name or a file): the scenario and the command
    /// line's viewport, policy, seed and prefetch.
    static func runParameters(_ scenario: String, _ arguments: Arguments) throws -> [String: JSONValue] {
        var parameters = simulationParameters(arguments)
        parameters.merge(try scenarioParameters(scenario, arguments)) { $1 }
        return parameters
    }

    /// Scenarios by name for `--local`: the command line's catalog.
    static func localCatalog(_ arguments: Arguments) throws -> ScenarioCatalog { try CommandLineTool.catalog(arguments) }

    /// The call parameters naming a scenario: a name as it is (the backend's catalog resolves it);
    /// a file, or a name in `--scenario-dir` when the daemon runs it, as an inline definition
    /// with its data file inlined (the daemon reads no client files).
    static func scenarioParameters(_ argument: String, _ arguments: Arguments) throws -> [String: JSONValue] {
        let definition: JSONValue
        if CommandLineTool.isPath(argument) {
            var json = try ScenarioLoader.readJSON(argument)
            if case .object(var fields) = json, let file = fields["data"]?.objectValue?["file"]?.stringValue {
                let directory = URL(fileURLWithPath: argument).deletingLastPathComponent().path
                fields["data"] = .object([
                    "inline": try ScenarioLoader.readJSON(file.hasPrefix("/") ? file : directory + "/" + file)
                ])
                json = .object(fields)
            }
            definition = json
        } else if arguments.options["scenario-dir"] != nil && !arguments.flags.contains("local") {
            definition = try CommandLineTool.catalog(arguments).definition(argument)
        } else {
            return ["scenario": .string(argument)]
        }
        // Checked here first: a broken file is a local problem, reported with its path.
        _ = try ScenarioParser().parse(definition)
        return ["definition": definition]
    }
}
