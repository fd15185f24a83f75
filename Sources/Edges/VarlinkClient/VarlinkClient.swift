import Foundation
import JSONModel
import Posix
import Varlink

/// A small blocking Varlink client over a Unix socket: one call at a time (or several sent before
/// their replies are read: pipelining), replies read up to their NUL. For `scrollsimctl` and the
/// tests; the daemon's side is `VarlinkConnection`.
package final class VarlinkClient {
    /// One reply.
    package struct Reply: Sendable, Hashable {
        package var parameters: [String: JSONValue]
        /// More replies follow (a `more` call).
        package var continues: Bool
        /// The error reply's name and parameters, if it is one.
        package var error: VarlinkError?
    }

    /// What can go wrong talking to a service.
    package enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The socket could not be reached (no such file, refused, permission denied).
        case unreachable(SystemCallError)
        /// The connection broke or closed.
        case disconnected(String)
        /// The service sent something that is not a Varlink reply.
        case protocolError(String)

        package var description: String {
            switch self {
            case .unreachable(let error): "\(error)"
            case .disconnected(let reason): reason
            case .protocolError(let reason): "protocol error: \(reason)"
            }
        }
    }

    package let path: String
    private let fd: Int32
    private var framer: VarlinkFramer
    private var pending: [Data] = []
    private var head = 0
    /// Seconds a reply may take to arrive whole (nil: forever).
    private let timeout: Double?

    /// Connects to the socket at `path`.
    /// - Parameters:
    ///   - maxMessageSize: the longest reply accepted.
    ///   - timeout: seconds a read may wait for a reply (nil: forever).
    package init(path: String, maxMessageSize: Int = 64 << 20, timeout: Double? = nil) throws(Failure) {
        self.path = path
        do {
            fd = try UnixSocket.connect(path: path)
        } catch {
            throw .unreachable(error)
        }
        framer = VarlinkFramer(maxMessageSize: maxMessageSize)
        self.timeout = timeout
    }

    /// A client over a connected socket the caller made (a socketpair's end), which it now owns;
    /// `label` names the other end in errors.
    package init(descriptor: Int32, label: String, maxMessageSize: Int = 64 << 20, timeout: Double? = nil) {
        path = label
        fd = descriptor
        framer = VarlinkFramer(maxMessageSize: maxMessageSize)
        self.timeout = timeout
    }

    deinit { UnixSocket.close(fd) }

    /// Who serves the socket, as the kernel reports it (SO_PEERCRED); nil when it cannot say.
    package var peer: PeerCredentials? { UnixSocket.peerCredentials(fd) }

    /// Sends one call without waiting for its reply.
    package func send(_ call: VarlinkCall) throws(Failure) {
        var fields: [String: JSONValue] = ["method": .string(call.method)]
        if !call.parameters.isEmpty { fields["parameters"] = .object(call.parameters) }
        if call.more { fields["more"] = true }
        if call.oneway { fields["oneway"] = true }
        var bytes = JSONValue.object(fields).encodedBytes()
        bytes.append(0)
        do {
            try FileDescriptor(fd).sendAll(bytes)
        } catch {
            throw .disconnected("\(path) closed the connection (\(error))")
        }
    }

    /// Reads the next reply, within `timeout` for the whole of it: a server that trickles a byte
    /// at a time cannot stretch the wait.
    package func receive() throws(Failure) -> Reply {
        let deadline = timeout.map { MonotonicClock.now() + $0 }
        while head == pending.count {
            pending.removeAll(keepingCapacity: true)
            head = 0
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let count: Int
            if let deadline, MonotonicClock.now() >= deadline {
                throw .disconnected("no reply from \(path) within \(timeout ?? 0) s")
            }
            do throws(SystemCallError) {
                let left = deadline.map { Swift.max(0.001, $0 - MonotonicClock.now()) }
                count = try UnixSocket.receive(fd, into: &buffer, timeout: left)
            } catch  where error.errno == ETIMEDOUT {
                throw .disconnected("no reply from \(path) within \(timeout ?? 0) s")
            } catch {
                throw .disconnected("reading from \(path): \(error)")
            }
            guard count > 0 else { throw .disconnected("\(path) closed the connection") }
            let output = framer.append(buffer[0..<count])
            pending.append(contentsOf: output.messages)
            if let error = output.error { throw .protocolError("\(error)") }
        }
        let message = pending[head]
        head += 1
        guard case .success(let value) = JSONValue.parse(message), let fields = value.objectValue else {
            throw .protocolError("a reply that is not a JSON object")
        }
        let parameters = fields["parameters"]?.objectValue ?? [:]
        return Reply(
            parameters: parameters, continues: fields["continues"] == .bool(true),
            error: fields["error"]?.stringValue.map { VarlinkError($0, parameters) })
    }

    /// One call, one reply (an error reply is returned, not thrown).
    package func call(_ method: String, _ parameters: [String: JSONValue] = [:]) throws(Failure) -> Reply {
        try send(VarlinkCall(method: method, parameters: parameters))
        return try receive()
    }
}
