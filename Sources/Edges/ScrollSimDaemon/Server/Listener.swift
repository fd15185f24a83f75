import Glibc
import Posix
import Systemd

/// The listening socket: the one systemd passes (socket activation, `FileDescriptorName=varlink`),
/// else one bound here at the socket path and removed at exit.
final class Listener {
    let fd: Int32
    /// The path bound here; nil when socket-activated (systemd owns that socket file).
    let boundPath: String?
    private var source: EventSource?
    private var isClosed = false

    init(socketPath: String, mode: UInt32, environment: [String: String]) throws {
        let sockets = try ServiceManager.takeListenedSockets()
        if let socket = sockets.first(where: { $0.name == "varlink" }) ?? sockets.first {
            fd = socket.fd
            UnixSocket.setNonBlocking(fd)
            boundPath = nil
        } else {
            if PrivateSocketDirectory.contains(socketPath, environment: environment) {
                try PrivateSocketDirectory.prepare(PrivateSocketDirectory.directory(environment: environment))
            }
            fd = try UnixSocket.listen(path: socketPath, mode: mode_t(mode))
            boundPath = socketPath
        }
    }

    /// Where clients reach the daemon, for the log.
    var description: String { boundPath ?? "the socket-activated socket" }

    /// Calls `accept` on `loop` whenever clients wait.
    func watch(on loop: EventLoop, _ accept: @escaping () -> Void) throws {
        source = try loop.addReadable(fd: fd, accept)
        // Ahead of an unfinished round of busy connections (`IOGroup` raises itself to -1 while
        // one lasts): a new client is accepted every turn, not once the busy ones are served.
        source?.setPriority(-2)
    }

    /// Stops accepting: closes the socket and removes the path bound here. Idempotent.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        source?.cancel()
        source = nil
        UnixSocket.close(fd)
        if let boundPath { unlink(boundPath) }
    }
}
