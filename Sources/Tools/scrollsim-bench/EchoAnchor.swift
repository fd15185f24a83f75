import Foundation
import Posix

/// The physical limit next to the daemon's figures: a minimal request/response server on the
/// same kind of Unix socket, one thread like the daemon's event loop, answering each
/// NUL-terminated message with a fixed small reply — no parsing, no service. Measured with the
/// same clients as GetCounts, in the same run.
final class EchoAnchor: @unchecked Sendable {
    // Written by the server thread only; `stop` is read across threads through the pipe.
    let path: String
    private let listener: Int32
    private let wake: (read: Int32, write: Int32)
    private let finished = DispatchSemaphore(value: 0)
    static let reply = Array(#"{"parameters":{}}"#.utf8) + [0]

    init?(path: String) {
        guard let listener = try? UnixSocket.listen(path: path) else { return nil }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        self.path = path
        self.listener = listener
        self.wake = (fds[0], fds[1])
        UnixSocket.setNonBlocking(listener)
        Thread.detachNewThread { [self] in serve() }
    }

    /// Stops the server thread and closes everything.
    func stop() {
        _ = Glibc.write(wake.write, [UInt8(1)], 1)
        finished.wait()
        UnixSocket.close(listener)
        _ = Glibc.close(wake.read)
        _ = Glibc.close(wake.write)
        unlink(path)
    }

    private func serve() {
        defer { finished.signal() }
        // poll(2): the Glibc module has no epoll; over 65 descriptors its scan costs about a
        // microsecond a wake-up, small next to a round trip.
        var fds = [
            pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0), pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
        ]
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        defer { for entry in fds.dropFirst(2) { UnixSocket.close(entry.fd) } }
        while true {
            let ready = Glibc.poll(&fds, nfds_t(fds.count), -1)
            if ready <= 0 { continue }  // EINTR
            if fds[0].revents != 0 { return }
            var closed: Set<Int32> = []
            for i in 2..<fds.count where fds[i].revents != 0 {
                let fd = fds[i].fd
                // Every complete message read gets one reply (the clients wait for theirs, so
                // replies always fit in the socket buffer).
                guard case .bytes(let count)? = try? UnixSocket.read(fd, into: &buffer) else {
                    closed.insert(fd)
                    continue
                }
                let messages = DaemonBenchmark.terminators(in: buffer, count: count)
                if messages > 0 {
                    _ = try? FileDescriptor(fd).sendAll(Array([[UInt8]](repeating: Self.reply, count: messages).joined()))
                }
            }
            if fds[1].revents != 0 {
                while let client = try? UnixSocket.accept(listener) {
                    UnixSocket.setNonBlocking(client)
                    fds.append(pollfd(fd: client, events: Int16(POLLIN), revents: 0))
                }
            }
            if !closed.isEmpty {
                for fd in closed { UnixSocket.close(fd) }
                fds.removeAll { closed.contains($0.fd) }
            }
        }
    }
}
