import CommandLineSpec
import Foundation
import Glibc
import JSONModel
import Posix
import Spelling
import Varlink
import VarlinkClient

/// scrollsimd over its Unix socket, through the Varlink module's blocking client: error replies
/// become `ClientError.daemon`, a socket that cannot be reached `ClientError.unreachable`.
final class DaemonClient {
    let path: String
    private let client: VarlinkClient

    /// The daemon's default socket for this user: the one scrollsimd binds itself, else the
    /// system service's.
    static func defaultAddress(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let user = PrivateSocketDirectory.defaultSocketPath(environment: environment)
        let system = "/run/scrollsimd/io.scrollsim.Simulator"
        if !FileManager.default.fileExists(atPath: user) && FileManager.default.fileExists(atPath: system) {
            return "unix:" + system
        }
        return "unix:" + user
    }

    /// Seconds a call may wait for its next reply: `$SCROLLSIM_TIMEOUT`, else 120 (a Profile
    /// or Advance answers progress long before that; a server that never answers is reported).
    static func timeout(environment: [String: String] = ProcessInfo.processInfo.environment) -> Double {
        guard let text = environment["SCROLLSIM_TIMEOUT"], let seconds = Double(text), seconds > 0, seconds.isFinite else {
            return 120
        }
        return seconds
    }

    /// Connects to `address` (`unix:PATH`).
    init(address: String) throws(ClientError) {
        guard address.hasPrefix("unix:"), address.count > 5 else {
            throw .usage("--address expects unix:PATH, got \(address)")
        }
        let path = String(address.dropFirst(5))
        self.path = path
        // The default path's directory is checked before anything goes near it.
        let environment = ProcessInfo.processInfo.environment
        if PrivateSocketDirectory.contains(path, environment: environment) {
            do throws(PrivateSocketDirectory.Untrusted) {
                try PrivateSocketDirectory.check(PrivateSocketDirectory.directory(environment: environment))
            } catch {
                // A directory not there yet is simply no daemon; one made by someone else is refused.
                if FileManager.default.fileExists(atPath: error.path) { throw .unreachable("\(error)") }
            }
        }
        do {
            client = try VarlinkClient(path: path, timeout: Self.timeout())
        } catch .unreachable(let error) where error.errno == ENAMETOOLONG {
            throw .usage("socket path too long: \(path)")
        } catch .unreachable(let error) {
            throw .unreachable(
                "cannot reach scrollsimd at \(path): \(String(cString: strerror(error.errno))) (start it with `scrollsimd`, or pass --address)"
            )
        } catch {
            throw .unreachable("cannot reach scrollsimd at \(path): \(error)")
        }
        try Self.checkServer(client.peer, path: path)
    }

    /// Nothing is sent to a socket another user serves: the server must be this user, root, the
    /// `scrollsimd` service user, or behind a socket file root made (systemd's socket unit, whose
    /// DynamicUser= service has a uid no name may resolve to). A socket another user created in
    /// the default path before the daemon could would otherwise receive this user's definitions
    /// and answer with forged counts.
    static func checkServer(_ peer: PeerCredentials?, path: String) throws(ClientError) {
        guard let peer else { throw .unreachable("cannot tell who serves \(path) (SO_PEERCRED): refusing to send to it") }
        let me = getuid()
        if peer.uid == me || peer.uid == 0 || peer.uid == UnixSocket.userID("scrollsimd") { return }
        var status = stat()
        if stat(path, &status) == 0, status.st_uid == 0 { return }
        let name = getpwuid(peer.uid).map { String(cString: $0.pointee.pw_name) } ?? "uid \(peer.uid)"
        throw .unreachable(
            "the socket at \(path) is served by \(name) (pid \(peer.pid)), not by you, root or the scrollsimd service: refusing to send to it (another user may have taken the path; pass --address, or set XDG_RUNTIME_DIR)"
        )
    }

    /// Sends a call.
    func send(_ method: String, _ parameters: [String: JSONValue] = [:], more: Bool = false) throws(ClientError) {
        do {
            try client.send(VarlinkCall(method: method, parameters: parameters, more: more))
        } catch {
            throw .unreachable("scrollsimd closed the connection")
        }
    }

    /// Reads the next reply: its parameters and whether more follow; an error reply throws.
    func receive() throws(ClientError) -> (parameters: [String: JSONValue], continues: Bool) {
        let reply: VarlinkClient.Reply
        do {
            reply = try client.receive()
        } catch .protocolError(let reason) {
            throw .protocolError(reason)
        } catch .disconnected(let reason) where reason.hasPrefix("no reply") {
            throw .unreachable("\(reason) (SCROLLSIM_TIMEOUT sets the wait, in seconds)")
        } catch {
            throw .unreachable("scrollsimd closed the connection")
        }
        if let error = reply.error {
            throw .daemon(VarlinkError(UntrustedReply.printable(error.name), UntrustedReply.tame(error.parameters)))
        }
        return (UntrustedReply.tame(reply.parameters), reply.continues)
    }

    /// One call, one reply.
    func call(_ method: String, _ parameters: [String: JSONValue] = [:]) throws(ClientError) -> [String: JSONValue] {
        try send(method, parameters)
        return try receive().parameters
    }
}

/// What can go wrong talking to the daemon; each has its exit status.
enum ClientError: Error, CustomStringConvertible {
    case usage(String)
    case unreachable(String)
    case protocolError(String)
    case daemon(VarlinkError)
    /// The service in this process (`--local`) answered with an error: no daemon is involved.
    case local(VarlinkError)
    /// An output file that cannot be written (the reason in the message).
    case cannotWrite(String)
    /// A scenario name that is not in the catalog, with the names that are.
    case noSuchScenario(String, known: [String], local: Bool)

    var description: String {
        switch self {
        case .usage(let message), .unreachable(let message), .cannotWrite(let message): message
        case .protocolError(let message): "protocol error: \(message)"
        case .daemon(let error): "scrollsimd: " + Self.describe(error)
        case .local(let error): Self.describe(error)
        case .noSuchScenario(let name, let known, let local):
            (local ? "" : "scrollsimd: ") + "no scenario named '\(name)'"
                + (nearestName(name, among: known).map { " (did you mean '\($0)'?)" } ?? "")
                + "; the scenarios\(local ? "" : " it has"): \(known.joined(separator: ", ")) (or give a file path)"
        }
    }

    /// The error reply behind this error, from the daemon or the in-process service.
    var reply: VarlinkError? {
        switch self {
        case .daemon(let error), .local(let error): error
        default: nil
        }
    }

    /// An error reply as a line in words: its name, then what it says (its message, or its
    /// parameters read as a sentence for the errors that carry no message).
    static func describe(_ error: VarlinkError) -> String {
        let name = error.name.split(separator: ".").last.map(String.init) ?? error.name
        let parameters = error.parameters
        func text(_ key: String) -> String? {
            switch parameters[key] {
            case .string(let value)?: value
            case .number(let value)?: value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
            default: nil
            }
        }
        let words: String? =
            switch name {
            case "NoSuchSimulation":
                text("simulation").map { "no simulation \($0) is open (`scrollsimctl list` shows those that are)" }
            case "LimitReached":
                text("limit").map { limit in "limit \(limit) reached" + (text("maximum").map { " (at most \($0))" } ?? "") }
            case "RealtimeClock": text("simulation").map { "\($0) follows the daemon's clock: it cannot be advanced by hand" }
            case "SimulationBusy":
                text("simulation").map { "\($0) is busy with a long Advance or a large edit; try again when it ends" }
            case "ShuttingDown": "the daemon is stopping"
            case "InvalidParameter": text("parameter").map { "invalid parameter '\($0)'" }
            case "MethodNotFound": text("method").map { "the daemon has no method \($0) (an older scrollsimd?)" }
            case "PermissionDenied": "the daemon's [Access] settings do not allow this user to change state"
            default: text("message")
            }
        if let words { return "\(name): \(words)" }
        return name
            + (parameters.isEmpty ? "" : " " + String(decoding: JSONValue.object(parameters).encoded(), as: UTF8.self))
    }

    /// NoSuchScenario becomes `noSuchScenario` with the catalog's names (asked for with `names`).
    static func enrich(_ error: VarlinkError, local: Bool, names: () -> [String]) -> ClientError {
        if error.name.hasSuffix(".NoSuchScenario"), case .string(let name)? = error.parameters["scenario"] {
            return .noSuchScenario(name, known: names(), local: local)
        }
        return local ? .local(error) : .daemon(error)
    }
}
