import Foundation
import JSONModel
import Posix
import Synchronization
import TestSupport

@testable import ScrollSimDaemon

/// A scrollsimd driven inside the test, as swift-nio's EmbeddedChannel drives a handler: the test
/// steps its loop (`turn`), sets its clock (`advance`), runs its periodic work (`daemon.tick()`),
/// and calls it through a real socket, so a call meets the same accept, framing, admission and
/// dispatch as a client's. No thread of its own (`Workers=0`), no state file, no timer of the
/// machine's clock; every timing decision reads the clock the test holds.
final class EmbeddedDaemon {
    /// The daemon's only clock, moved by the test alone.
    final class Clock: Sendable {
        private let seconds = Mutex(1_000.0)
        var now: Double { seconds.withLock { $0 } }
        func advance(_ by: Double) { seconds.withLock { $0 += by } }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let clock = Clock()
    let directory: URL
    let daemon: Daemon
    var socketPath: String { directory.appendingPathComponent("d.sock").path }

    /// A daemon with `configuration` (INI text) after `Workers=0` and a quiet log.
    init(configuration: String = "") throws {
        directory = try Scratch.directory("embedded")
        let file = directory.appendingPathComponent("scrollsimd.conf")
        try ("[Daemon]\nWorkers=0\nLogLevel=crit\n" + configuration).write(to: file, atomically: true, encoding: .utf8)
        let options = try DaemonOptions(
            arguments: ["--socket", directory.appendingPathComponent("d.sock").path, "--no-state", "--config", file.path],
            environment: [:])
        let clock = clock
        daemon = try Daemon(options: options, environment: [:], clock: { clock.now })
        // The test runs the timers' work itself (`daemon.tick()`, `closeIdleConnections()`): the
        // loop's own timers, armed on the machine's clock, would run it at moments the test does
        // not set (a slow build, such as a sanitizer's, reaches them during a call).
        daemon.timers.tick?.cancel()
        daemon.timers.tick = nil
        daemon.timers.status?.cancel()
        daemon.timers.status = nil
    }

    deinit {
        daemon.stop(reason: "test over")
        Scratch.remove(directory)
    }

    /// Runs the loop's ready events, at most `limit` of them; how many ran.
    @discardableResult
    func turn(limit: Int = 1_000) throws -> Int {
        var ran = 0
        while ran < limit, try daemon.loop.runOnce(timeout: 0) { ran += 1 }
        return ran
    }

    /// A client connection to the daemon's socket (non-blocking: the test steps the loop while it
    /// waits).
    func connect() throws -> Int32 {
        let fd = try UnixSocket.connect(path: socketPath)
        UnixSocket.setNonBlocking(fd)
        return fd
    }

    /// Sends `method` with `parameters` on `fd` and steps the loop until the reply arrives.
    func call(_ method: String, _ parameters: [String: JSONValue] = [:], on fd: Int32) throws -> [String: JSONValue] {
        try send(method, parameters, on: fd)
        return try receive(on: fd)
    }

    /// Sends a call without waiting for its reply (`more` for a stream).
    func send(_ method: String, _ parameters: [String: JSONValue] = [:], more: Bool = false, on fd: Int32) throws {
        var message: [String: JSONValue] = [
            "method": .string("io.scrollsim.Simulator." + method), "parameters": .object(parameters),
        ]
        if more { message["more"] = true }
        try FileDescriptor(fd).sendAll(JSONValue.object(message).encoded() + [0])
    }

    /// Steps the loop until a whole reply has arrived on `fd`, and returns it.
    func receive(on fd: Int32) throws -> [String: JSONValue] {
        var chunk = [UInt8](repeating: 0, count: 1)
        var received: [UInt8] = []
        for _ in 0..<200_000 {
            try daemon.loop.runOnce(timeout: 100)
            // A byte at a time, so the next reply on the connection stays in the socket.
            while case .bytes = try UnixSocket.read(fd, into: &chunk) {
                if chunk[0] == 0 {
                    guard case .object(let reply) = try JSONValue.parse(received).get() else {
                        throw Failure(description: "the reply is not an object")
                    }
                    return reply
                }
                received.append(chunk[0])
            }
        }
        throw Failure(description: "no reply after 200,000 loop iterations")
    }
}
