import Foundation
import JSONModel
import ScrollSimService
import ShippedScenarios
import Synchronization
import Testing
import Varlink

@testable import ScrollSimDaemon

/// The worker threads that advance live simulations between the loop's dispatches: whatever
/// thread advanced a simulation, and however its turns interleaved with calls, a call answers
/// what a single-threaded daemon answers at the same time (a simulation depends only on its
/// virtual time).
@Suite("live simulations on worker threads")
struct RealtimeWorkersTests {
    /// The daemon's clock, set by the test and read by the workers.
    final class TestClock: Sendable {
        let time = Mutex(0.0)
        func read() -> Double { time.withLock { $0 } }
        func set(_ value: Double) { time.withLock { $0 = value } }
    }

    static let specs: [LiveSimulationSpec] = (0..<8).map { (k: Int) -> LiveSimulationSpec in
        let width = Double(360 + k * 10)
        return LiveSimulationSpec(scenario: k % 2 == 0 ? "home" : "shop-home", width: width, height: 700)
    }

    static func liveService() throws -> SimulatorService {
        let service = try SimulatorService(version: "test", catalog: .embedded(ShippedScenarios.files))
        #expect(service.reconcileLive(specs, at: 0).isEmpty)
        return service
    }

    /// Performs a fling of the main list at the daemon's time `now` (the call first brings a
    /// realtime simulation to the present, as every input does).
    static func fling(_ service: SimulatorService, _ id: String, velocity: Int, at now: Double) throws {
        let json =
            #"{"method":"io.scrollsim.Simulator.Perform","parameters":{"simulation":"\#(id)","gesture":{"fling":{"velocity":\#(velocity)}}}}"#
        let call = try VarlinkCall.parse(Data(json.utf8)).get()
        let reply = try #require(service.handle(call, at: now))
        #expect(reply.error == nil, "\(reply)")
    }

    @Test(
        "workers advance their shares to the clock; between their turns calls read and perform, and every count matches a one-thread run at the same virtual time"
    )
    func sameCountsAsOneThread() throws {
        let threaded = try Self.liveService()
        let single = try Self.liveService()
        let clock = TestClock()
        let workers = RealtimeWorkers(count: 3, clock: clock.read, interval: 0.001, maxStep: 0.016)
        defer { workers.stop() }
        workers.assign(threaded.realtimeSimulations)
        workers.resume()
        let ids = threaded.liveIDs
        // The loop's part: the clock moves on, and between dispatches (workers paused) the test
        // reads a simulation wherever the workers left it, and now and then performs a fling.
        for step in 1...30 {
            let time = Double(step) * 0.1
            clock.set(time)
            Thread.sleep(forTimeInterval: 0.002)
            workers.pause()
            let id = ids[step % ids.count]
            if step % 4 == 0 {
                try Self.fling(threaded, id, velocity: step * 100, at: time)
                try Self.fling(single, id, velocity: step * 100, at: time)
            }
            let reached = try #require(threaded.simulation(id)).time
            let twin = try #require(single.simulation(id))
            try twin.advance(to: reached)
            #expect(try #require(threaded.simulation(id)).counts == twin.counts, "\(id) at \(reached) s")
            workers.resume()
        }
        // Left alone, the workers bring every simulation to the clock.
        let deadline = Date().addingTimeInterval(60)
        var lag = Double.infinity
        while lag > 0 && Date() < deadline {
            workers.pause()
            lag = threaded.realtimeLag(at: 3)
            workers.resume()
            if lag > 0 { Thread.sleep(forTimeInterval: 0.01) }
        }
        #expect(lag == 0)
        workers.pause()
        single.advanceRealtime(to: 3)
        for id in ids {
            #expect(threaded.simulation(id)?.time == 3)
            #expect(threaded.simulation(id)?.counts == single.simulation(id)?.counts, "\(id)")
        }
    }

    @Test(
        "workers idle without simulations take up a share handed out later; a new share replaces the old one; stopping ends the threads, paused or not, and leaves the simulations to the caller"
    )
    func reassignAndStop() throws {
        let service = try Self.liveService()
        let clock = TestClock()
        clock.set(1)
        let workers = RealtimeWorkers(count: 2, clock: clock.read, interval: 0.001, maxStep: 0.05)
        // Running with nothing to do (as a daemon with no realtime simulation yet), then given
        // some between two dispatches, as an OpenSimulation call does.
        workers.resume()
        Thread.sleep(forTimeInterval: 0.02)
        workers.pause()
        let all = service.realtimeSimulations
        workers.assign(Array(all.prefix(2)))
        workers.resume()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            workers.pause()
            let reached = service.liveIDs.prefix(2).allSatisfy { service.simulation($0)?.time == 1 }
            workers.resume()
            if reached { break }
            Thread.sleep(forTimeInterval: 0.005)
        }
        workers.pause()
        #expect(service.liveIDs.prefix(2).allSatisfy { service.simulation($0)?.time == 1 })
        // Those not handed out were not touched.
        #expect(service.liveIDs.dropFirst(2).allSatisfy { service.simulation($0)?.time == 0 })
        workers.assign([])
        workers.resume()
        clock.set(2)
        Thread.sleep(forTimeInterval: 0.02)
        workers.stop()
        workers.stop()
        #expect(service.liveIDs.allSatisfy { service.simulation($0)!.time <= 1 })
        service.advanceRealtime(to: 2)
        #expect(service.realtimeLag(at: 2) == 0)
    }

    @Test(
        "resume says whether a worker was kept from a turn: not when it has no simulations or is asleep until its next tick, yes when its simulations are behind the clock"
    )
    func resumeReportsHeldBackWorkers() throws {
        let service = try Self.liveService()
        let clock = TestClock()
        // A tick of 10 s: a worker that caught up stays asleep for the whole test.
        let workers = RealtimeWorkers(count: 1, clock: clock.read, interval: 10, maxStep: 0.016)
        defer { workers.stop() }
        /// Pauses, leaves the worker time to reach the pause, and resumes.
        func pauseAndResume() -> Bool {
            workers.pause()
            Thread.sleep(forTimeInterval: 0.005)
            return workers.resume()
        }
        #expect(workers.resume() == false)  // no simulations: nothing to hold back
        #expect(pauseAndResume() == false)
        // Simulations at the clock: one round finds them caught up and the worker sleeps.
        workers.pause()
        workers.assign(service.realtimeSimulations)
        workers.resume()
        let deadline = Date().addingTimeInterval(60)
        var heldBack = true
        while heldBack && Date() < deadline { heldBack = pauseAndResume() }
        #expect(heldBack == false)
        #expect((0..<3).map { _ in pauseAndResume() } == [false, false, false])
        // Five seconds behind: a new share wakes it, and every pause now keeps it from a turn.
        clock.set(5)
        workers.pause()
        workers.assign(service.realtimeSimulations)
        heldBack = false
        while !heldBack && Date() < deadline { heldBack = pauseAndResume() }
        #expect(heldBack)
    }

    @Test(
        "while the workers run on, a poll's repeat is answered from the counts they publish, without pausing them: every reply whole and no count going back, and at the end the reply a paused call gets"
    )
    func pollsReadPublishedCounts() throws {
        let service = try Self.liveService()
        let clock = TestClock()
        let workers = RealtimeWorkers(count: 2, clock: clock.read, interval: 0.001, maxStep: 0.016)
        defer { workers.stop() }
        let id = service.liveIDs[0]
        let request = try VarlinkCall.parse(
            Data(#"{"method":"io.scrollsim.Simulator.GetCounts","parameters":{"simulation":"\#(id)"}}"#.utf8)
        ).get()
        // The first call is routed while the workers are paused, as the daemon routes it.
        guard case .reusable(_, let token) = service.route(request, at: 0) else {
            Issue.record("GetCounts gave no token")
            return
        }
        workers.assign(service.realtimeSimulations)
        workers.resume()
        var replies: [Data] = []
        var refused = 0
        let deadline = Date().addingTimeInterval(60)
        func poll(at now: Double) {
            if let framed = service.reusedReply(token, at: now) {
                if replies.last != Data(framed) { replies.append(Data(framed)) }
            } else {
                refused += 1
            }
        }
        for step in 1...3_000 where Date() < deadline {
            let now = Double(step) * 0.001
            clock.set(now)
            poll(at: now)
        }
        // However slow the build (the sanitizers'), the workers get on towards 3 s meanwhile and
        // publish counts that differ from the first.
        while replies.count < 2 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.001)
            poll(at: 3)
        }
        // Caught up, then paused: the token's reply is a paused call's.
        var lag = Double.infinity
        while lag > 0 && Date() < deadline {
            workers.pause()
            lag = service.realtimeLag(at: 3)
            workers.resume()
        }
        workers.pause()
        #expect(service.reusedReply(token, at: 3).map { Data($0) } == service.handle(request, at: 3)?.framed())
        #expect(replies.count > 1, "the published counts changed while the workers ran (\(refused) polls found a turn under way)")
        var previous: [String: Double] = [:]
        for reply in replies {
            let total = try #require(
                try JSONValue.parse(reply.dropLast()).get().objectValue?["parameters"]?.objectValue?["total"]?.objectValue)
            for (name, value) in total {
                let number = try #require(value.numberValue)
                #expect(number >= previous[name, default: 0], "\(name) went back")
                previous[name] = number
            }
        }
    }

    @Test("the workers gather the service's realtime simulations only when their generation changed (one opened or closed)")
    func assignsByGeneration() throws {
        let service = try Self.liveService()
        let workers = RealtimeWorkers(count: 2, clock: TestClock().read, interval: 10, maxStep: 0.016)
        defer { workers.stop() }
        var gathered = 0
        func simulations() -> [RealtimeSimulation] {
            gathered += 1
            return service.realtimeSimulations
        }
        workers.pause()
        for generation in [1, 1, 1, 2, 2, 1] { workers.assign(simulations(), generation: generation) }
        workers.resume()
        #expect(gathered == 3)
    }
}
