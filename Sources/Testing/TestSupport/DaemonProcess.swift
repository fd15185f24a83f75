import Foundation
import Posix

/// A `scrollsimd` of a test's or a benchmark's own: started on its own socket, waited for until
/// the socket accepts a connection, stopped (SIGTERM, then waited for) by `stop()` or when it is
/// released. The one way the Swift tests and the benchmarks start a daemon (the Python
/// integration scripts have `harness.start_daemon`; users have `scrollsimctl live --start-daemon`).
public final class DaemonProcess {
    public let process = Process()
    public let socket: String

    /// Starts `binary` with `--socket socket` and `arguments`, its standard error discarded.
    /// - Throws: `DaemonProcess.Failure` when it exits or does not accept within `timeout` seconds.
    public init(binary: String, socket: String, arguments: [String], timeout: Double = 15) throws {
        self.socket = socket
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--socket", socket] + arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = MonotonicClock.now() + timeout
        while MonotonicClock.now() < deadline {
            guard process.isRunning else { throw Failure("scrollsimd exited with \(process.terminationStatus) at start") }
            if let fd = try? UnixSocket.connect(path: socket) {
                UnixSocket.close(fd)
                return
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        stop()
        throw Failure("scrollsimd did not accept on \(socket) within \(Int(timeout)) s")
    }

    /// `unix:PATH`, as scrollsimctl's `--address` takes it.
    public var address: String { "unix:" + socket }

    /// SIGTERM, then waits for the exit. Idempotent.
    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
