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
    /// A descriptor held in reserve: at the process's fd limit it is closed for a moment so one
    /// waiting client can be accepted, told why, and closed, instead of waiting unanswered.
    private var reserve: Int32 = -1
    /// Not accepting: the fd limit was reached (`pause()`), until `resume()`.
    private(set) var isPaused = false

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
    private static func openReserve() -> Int32 { open("/dev/null", O_RDONLY | O_CLOEXEC) }

    /// Stops accepting until `resume()`: at the fd limit, accept would fail again at once and the
    /// listener would stay readable, a busy loop.
    func pause() {
        guard !isPaused, !isClosed else { return }
        isPaused = true
        source?.setEnabled(false)
    }

    func resume() {
        guard isPaused, !isClosed else { return }
        isPaused = false
        source?.setEnabled(true)
    }

    /// At the fd limit: frees the reserve descriptor, accepts one waiting client with it and hands
    /// it to `answer` (which writes and closes it), then takes the reserve back. Whether there
    /// was a client.
    func shedOne(_ answer: (Int32) -> Void) -> Bool {
        if reserve >= 0 { Glibc.close(reserve) }
        reserve = -1
        defer { reserve = Self.openReserve() }
        guard let fd = try? UnixSocket.accept(fd) else { return false }
        answer(fd)
        return true
    }

    var description: String { boundPath ?? "the socket-activated socket" }

    /// Calls `accept` on `loop` whenever clients wait.
    func watch(on loop: EventLoop, _ accept: @escaping () -> Void) throws {
        if reserve < 0 { reserve = Self.openReserve() }
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
        if reserve >= 0 { Glibc.close(reserve) }
        reserve = -1
        UnixSocket.close(fd)
        if let boundPath { unlink(boundPath) }
    }
}
