import Foundation
import Glibc
import JSONModel
import Varlink

/// A blocking Varlink client for scrollsimd over its Unix socket: one call at a time, replies
/// read up to their NUL.
final class DaemonClient {
    let path: String
    private let fd: Int32
    private var framer = VarlinkFramer(maxMessageSize: 64 << 20)
    private var pending: [Data] = []

    /// The daemon's default socket for this user: the one scrollsimd binds itself, else the
    /// system service's.
    static func defaultAddress(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let user =
            environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 + "/scrollsimd.sock" }
            ?? "/tmp/scrollsimd-\(getuid()).sock"
        let system = "/run/scrollsimd/io.scrollsim.Simulator"
        if !FileManager.default.fileExists(atPath: user) && FileManager.default.fileExists(atPath: system) {
            return "unix:" + system
        }
        return "unix:" + user
    }

    /// Connects to `address` (`unix:PATH`).
    init(address: String) throws(ClientError) {
        guard address.hasPrefix("unix:"), address.count > 5 else {
            throw .usage("--address expects unix:PATH, got \(address)")
        }
        let path = String(address.dropFirst(5))
        self.path = path
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        guard path.utf8.count < MemoryLayout.size(ofValue: socketAddress.sun_path) else {
            throw .usage("socket path too long: \(path)")
        }
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        self.fd = fd
        let result = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            throw .unreachable("cannot reach scrollsimd at \(path): \(reason) (start it with `scrollsimd`, or pass --address)")
        }
    }

    deinit { Glibc.close(fd) }

    /// Sends a call.
    func send(_ method: String, _ parameters: [String: JSONValue] = [:], more: Bool = false) throws(ClientError) {
        var fields: [String: JSONValue] = ["method": .string(method)]
        if !parameters.isEmpty { fields["parameters"] = .object(parameters) }
        if more { fields["more"] = true }
        var bytes = JSONValue.object(fields).encodedBytes()
        bytes.append(0)
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw .unreachable("scrollsimd closed the connection") }
            sent += n
        }
    }

    /// Reads the next reply: its parameters and whether more follow; an error reply throws.
    func receive() throws(ClientError) -> (parameters: [String: JSONValue], continues: Bool) {
        while pending.isEmpty {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw .unreachable("scrollsimd closed the connection") }
            let output = framer.append(buffer[0..<n])
            pending.append(contentsOf: output.messages)
            if let error = output.error { throw .protocolError("\(error)") }
        }
        let message = pending.removeFirst()
        guard case .success(let value) = JSONValue.parse(message), let reply = value.objectValue else {
            throw .protocolError("a reply that is not a JSON object")
        }
        let parameters = reply["parameters"]?.objectValue ?? [:]
        if let name = reply["error"]?.stringValue { throw .daemon(VarlinkError(name, parameters)) }
        return (parameters, reply["continues"] == .bool(true))
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

    var description: String {
        switch self {
        case .usage(let message), .unreachable(let message): message
        case .protocolError(let message): "protocol error: \(message)"
        case .daemon(let error):
            "scrollsimd: \(error.name.split(separator: ".").last ?? "")\(error.parameters.isEmpty ? "" : " " + String(decoding: JSONValue.object(error.parameters).encoded(), as: UTF8.self))"
        }
    }
}
