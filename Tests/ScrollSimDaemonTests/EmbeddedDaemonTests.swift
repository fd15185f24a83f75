import Foundation
import JSONModel
import Posix
import ScrollSimService
import Testing

@testable import ScrollSimDaemon

/// The daemon's time-dependent rules, driven in-process on a clock the test sets: no sleeps, no
/// timing bounds, the same answer on a loaded machine. (The process-level tests in DaemonTests and
/// Integration/ check the same daemon from outside.)
@Suite("the daemon in-process, on a clock the test sets", .serialized)
struct EmbeddedDaemonTests {
    @Test("a connection's MaxRequestsPerSecond is spent on the daemon's clock and refills as it moves")
    func rateLimitFollowsTheClock() throws {
        let embedded = try EmbeddedDaemon(configuration: "[Limits]\nMaxRequestsPerSecond=3\n")
        let fd = try embedded.connect()
        defer { UnixSocket.close(fd) }
        func limited() throws -> Bool {
            let reply = try embedded.call("GetStatus", on: fd)
            guard let error = reply["error"] else { return false }
            #expect(error == .string("io.scrollsim.Simulator.LimitReached"))
            #expect(reply["parameters"]?.objectValue?["limit"] == .string("requestsPerSecond"))
            return true
        }
        #expect(try (0..<4).map { _ in try limited() } == [false, false, false, true], "a full bucket holds a second's calls")
        embedded.clock.advance(0.34)  // one more token at 3 a second
        #expect(try (0..<2).map { _ in try limited() } == [false, true])
        embedded.clock.advance(10)  // the bucket refills to a second's worth, never more
        #expect(try (0..<4).map { _ in try limited() } == [false, false, false, true])
    }

    @Test(
        "a tick advances the live simulations towards the daemon's clock, at most four tick intervals each; they report how far behind they are, and GetStatus the tick's lateness"
    )
    func liveSimulationsFollowTheClock() throws {
        let embedded = try EmbeddedDaemon(configuration: "[Live]\nSimulation=\nSimulation=home 390x844\n")
        let fd = try embedded.connect()
        defer { UnixSocket.close(fd) }
        func live() throws -> SimulationInfo {
            let list = try embedded.call("ListSimulations", on: fd)
            let simulations = list["parameters"]?.objectValue?["simulations"]?.arrayValue ?? []
            #expect(simulations.count == 1)
            return try SimulationInfo(json: simulations.first ?? .null)
        }
        #expect(try live().time == 0)
        // The first tick comes 2 s late: it runs the simulation 4 × 16 ms, which leaves it behind.
        embedded.clock.advance(2)
        embedded.daemon.tick()
        let late = try live()
        #expect(abs(late.time - 0.064) < 1e-9)
        #expect(abs((late.behind ?? 0) - 1.936) < 1e-9, "a realtime simulation a second or more behind says so")
        let status = try StatusReply(json: .object(try embedded.call("GetStatus", on: fd)["parameters"]?.objectValue ?? [:]))
        #expect(abs(status.daemon.latenessMaxMs - (2_000 - 16)) < 1e-6, "the tick was due 16 ms after the start")
        #expect(status.daemon.ticks == 1 && status.liveSimulations == 1 && status.daemon.uptime == 2)
        // Ticks at the same moment catch up, four intervals each, and stop at the clock.
        for _ in 0..<31 { embedded.daemon.tick() }
        let caughtUp = try live()
        #expect(abs(caughtUp.time - 2) < 1e-9 && caughtUp.behind == nil)
        // Calls alone do not advance it; the next tick does.
        embedded.clock.advance(0.05)
        #expect(abs(try live().time - 2) < 1e-9)
        embedded.daemon.tick()
        #expect(abs(try live().time - 2.05) < 1e-9)
    }

    @Test("an idle connection is closed once IdleTimeout has passed on the daemon's clock, a busy one is not")
    func idleTimeoutFollowsTheClock() throws {
        let embedded = try EmbeddedDaemon(configuration: "[Limits]\nIdleTimeout=30s\n")
        let idle = try embedded.connect()
        let watcher = try embedded.connect()
        defer {
            UnixSocket.close(idle)
            UnixSocket.close(watcher)
        }
        #expect(try embedded.call("GetStatus", on: idle)["error"] == nil)
        try embedded.send("Watch", more: true, on: watcher)
        try embedded.turn()
        #expect(embedded.daemon.connections.count == 2)
        embedded.clock.advance(29)
        embedded.daemon.closeIdleConnections()
        #expect(embedded.daemon.connections.count == 2)
        embedded.clock.advance(1)
        embedded.daemon.closeIdleConnections()
        try embedded.turn()
        #expect(embedded.daemon.connections.count == 1, "the idle one closed; the stream stays")
        var byte = [UInt8](repeating: 0, count: 1)
        #expect(try UnixSocket.read(idle, into: &byte) == .endOfFile)
    }

    @Test(
        "over MaxConnections and the administrators' ReservedConnections a new client is told LimitReached and closed; a closed connection makes room at once"
    )
    func connectionLimit() throws {
        // The test's client is the daemon's own user: an administrator, who may take the reserve.
        let embedded = try EmbeddedDaemon(configuration: "[Limits]\nMaxConnections=2\nReservedConnections=1\n")
        let first = try embedded.connect()
        let second = try embedded.connect()
        let reserved = try embedded.connect()
        defer { UnixSocket.close(second) }
        defer { UnixSocket.close(reserved) }
        for fd in [first, second, reserved] { #expect(try embedded.call("GetStatus", on: fd)["error"] == nil) }
        let refused = try embedded.connect()
        defer { UnixSocket.close(refused) }
        let refusal = try embedded.receive(on: refused)
        #expect(refusal["error"] == .string("io.scrollsim.Simulator.LimitReached"))
        #expect(refusal["parameters"] == .object(["limit": "MaxConnections", "maximum": 2]))
        var byte = [UInt8](repeating: 0, count: 1)
        #expect(try UnixSocket.read(refused, into: &byte) == .endOfFile)
        UnixSocket.close(first)
        try embedded.turn()
        #expect(embedded.daemon.connections.count == 2)
        let fourth = try embedded.connect()
        defer { UnixSocket.close(fourth) }
        #expect(try embedded.call("GetStatus", on: fourth)["error"] == nil)
        #expect(
            embedded.daemon.connections.inOrder.map(\.id) == [2, 3, 4], "a refused client takes no id; a closed one's is not reused")
    }

    @Test("a stopping daemon ends its streams with ShuttingDown and closes the connections once flushed")
    func stopping() throws {
        let embedded = try EmbeddedDaemon()
        let watcher = try embedded.connect()
        defer { UnixSocket.close(watcher) }
        try embedded.send("Watch", ["events": false], more: true, on: watcher)
        try embedded.turn()
        #expect(embedded.daemon.connections.values.contains { $0.stream != nil })
        embedded.daemon.stop(reason: "test")
        var reply = try embedded.receive(on: watcher)
        // Counts updates already due may come first; the last reply is the error.
        while reply["error"] == nil { reply = try embedded.receive(on: watcher) }
        #expect(reply["error"] == .string("io.scrollsim.Simulator.ShuttingDown"))
        try embedded.turn()
        #expect(embedded.daemon.connections.isEmpty)
        #expect(embedded.daemon.loop.isFinished, "drained: the loop exits without waiting for its drain timeout")
        #expect(!FileManager.default.fileExists(atPath: embedded.socketPath), "the socket it bound is gone")
    }
}
