import JSONModel
import Scenario
import ScrollSimulation
import Varlink

/// Why a call to `io.scrollsim.Simulator` fails: every error the interface declares, typed until
/// the wire. `varlinkError` is the one place where they become Varlink error names.
package enum ServiceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No open simulation has this identifier.
    case noSuchSimulation(String)
    /// No catalog scenario has this name.
    case noSuchScenario(String)
    /// The scenario or inline definition does not parse.
    case invalidScenario(ScenarioError)
    /// The scenario parses but cannot be simulated (e.g. too many items).
    case unplayableScenario(SimulationError)
    /// The gesture does not parse.
    case invalidGesture(ScenarioError)
    /// The gesture parses but names something the screen does not have.
    case rejectedGesture(SimulationError)
    /// The simulation stopped with UIKit's error.
    case simulationFailed(SimulationError)
    /// One run of a profile stopped with UIKit's error.
    case profileRunFailed(policy: String, width: Double, height: Double, SimulationError)
    /// A configured limit (its configuration name and maximum).
    case limitReached(String, maximum: Double)
    /// `Advance` on a simulation that follows the daemon's clock.
    case realtimeClock(simulation: String)
    /// A long `Advance` of this simulation is running; it takes no other change until it ends.
    case simulationBusy(simulation: String)
    /// The input could not be stored; nothing changed.
    case persistenceFailed(String)
    /// The daemon is stopping.
    case shuttingDown
    /// A parameter is missing, of the wrong type, or out of range (`org.varlink.service`).
    case invalidParameter(String)
    /// The simulation belongs to another user (or to the daemon): only they may change or close
    /// it, or (`reading`, under `ReadOthers=no`) read it.
    case notOwner(simulation: String, owner: String, reading: Bool = false)
    /// The screen's host is not running (crashed, hung, being restarted) or runs another build.
    case hostUnavailable(host: String, message: String)

    /// The error on the wire: its Varlink name and parameters.
    package var varlinkError: VarlinkError {
        func named(_ name: String, _ parameters: [String: JSONValue] = [:]) -> VarlinkError {
            VarlinkError("\(SimulatorService.interfaceName).\(name)", parameters)
        }
        switch self {
        case .noSuchSimulation(let id): return named("NoSuchSimulation", ["simulation": .string(id)])
        case .noSuchScenario(let name): return named("NoSuchScenario", ["scenario": .string(name)])
        case .invalidScenario, .unplayableScenario: return named("InvalidScenario", ["message": .string(message)])
        case .invalidGesture, .rejectedGesture: return named("InvalidGesture", ["message": .string(message)])
        case .simulationFailed, .profileRunFailed: return named("SimulationFailed", ["message": .string(message)])
        case .limitReached(let limit, let maximum):
            return named("LimitReached", ["limit": .string(limit), "maximum": .number(maximum)])
        case .realtimeClock(let id): return named("RealtimeClock", ["simulation": .string(id)])
        case .simulationBusy(let id): return named("SimulationBusy", ["simulation": .string(id)])
        case .persistenceFailed: return named("PersistenceFailed", ["message": .string(message)])
        case .shuttingDown: return named("ShuttingDown")
        case .invalidParameter(let name): return .invalidParameter(name)
        case .hostUnavailable(let host, _): return named("HostUnavailable", ["host": .string(host), "message": .string(message)])
        case .notOwner(let id, _, _): return named("NotOwner", ["simulation": .string(id), "message": .string(message)])
        }
    }

    /// The human part of the error (the `message` parameter where the interface has one).
    package var message: String {
        switch self {
        case .noSuchSimulation(let id): "no simulation \(id)"
        case .noSuchScenario(let name): "no scenario \(name)"
        case .invalidScenario(let error), .invalidGesture(let error): error.description
        case .unplayableScenario(let error), .simulationFailed(let error): error.description
        case .rejectedGesture(let error):
            if case .invalidSpec(let message) = error { message } else { error.description }
        case .profileRunFailed(let policy, let width, let height, let error):
            "\(policy) on \(width)×\(height): \(error.description)"
        case .limitReached(let limit, let maximum): "limit \(limit) reached (at most \(maximum))"
        case .realtimeClock(let id): "\(id) follows the daemon's clock"
        case .simulationBusy(let id): "\(id) is busy with a long Advance"
        case .persistenceFailed(let message): message
        case .shuttingDown: "the daemon is stopping"
        case .invalidParameter(let name): "invalid parameter \(name)"
        case .hostUnavailable(_, let message): message
        case .notOwner(let id, let owner, false):
            "\(id) belongs to \(owner): only its owner, root or the daemon's user may change or close it"
        case .notOwner(let id, let owner, true):
            "\(id) belongs to \(owner): this daemon lets only its owner, root or the daemon's user read it (ReadOthers=no)"
        }
    }

    package var description: String { "\(varlinkError.name): \(message)" }
}
