import CollectionView
import Foundation
import JSONModel
import Scenario
import ScenarioFiles
import ScrollSimService
import Testing
import Varlink

@Suite("Watch streams and Profile jobs")
struct StreamTests {
    static func route(_ service: SimulatorService, _ json: String) throws -> SimulatorService.Route {
        service.route(try VarlinkCall.parse(Data(json.utf8)).get(), at: 0)
    }

    @Test("a watch delivers new events then counts; a slow reader loses events and is told how many")
    func watchRoomAndDrops() throws {
        let service = try makeService()
        _ = try call(service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home"}}"#)
        guard
            case .watch(let stream) = try Self.route(
                service, #"{"method":"io.scrollsim.Simulator.Watch","parameters":{"simulation":"sim-1"},"more":true}"#)
        else {
            Issue.record("no stream")
            return
        }
        // Starts at the present: nothing yet but the first counts.
        let first = stream.poll(service, now: 0, room: 100)
        #expect(first.count == 1 && first[0].parameters["counts"] != nil && first[0].continues)
        _ = try call(service, #"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"sim-1","seconds":10}}"#)
        let total = service.simulation("sim-1")!.log.total
        let before = total - service.simulation("sim-1")!.log.records(after: 0, limit: .max).count
        #expect(before == 0)
        // Room for 5: 5 events; the rest are dropped and reported on the next reply.
        let limited = stream.poll(service, now: 0.5, room: 5)
        #expect(limited.count == 5)
        #expect(limited.allSatisfy { $0.parameters["event"] != nil })
        let later = stream.poll(service, now: 2, room: 100)
        #expect(later.first?.parameters["dropped"]?.numberValue ?? 0 > 0)
        #expect(stream.totalDropped == Int(later.first!.parameters["dropped"]!.numberValue!))
        // Closing the simulation ends the stream with a last reply without `continues`.
        _ = try call(service, #"{"method":"io.scrollsim.Simulator.CloseSimulation","parameters":{"simulation":"sim-1"}}"#)
        let last = stream.poll(service, now: 3, room: 100)
        #expect(last.last?.parameters["closed"] == .bool(true) && last.last?.continues == false)
        #expect(stream.isFinished)
    }

    @Test("a watch of all simulations follows ones opened later and reports closed ones")
    func watchAll() throws {
        let service = try makeService()
        guard
            case .watch(let stream) = try Self.route(
                service, #"{"method":"io.scrollsim.Simulator.Watch","more":true,"parameters":{"events":false}}"#)
        else {
            Issue.record("no stream")
            return
        }
        #expect(stream.poll(service, now: 0, room: 10).isEmpty)
        _ = try call(service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home"}}"#)
        let opened = stream.poll(service, now: 1, room: 10)
        #expect(opened.map { $0.parameters["simulation"] } == ["sim-1"])
        #expect(opened[0].parameters["event"] == nil)
        _ = try call(service, #"{"method":"io.scrollsim.Simulator.CloseSimulation","parameters":{"simulation":"sim-1"}}"#)
        let closed = stream.poll(service, now: 2, room: 10)
        #expect(closed.map { $0.parameters["closed"] } == [.bool(true)] && closed[0].continues)
        #expect(!stream.isFinished)
    }

    @Test("a profile runs in slices to the same counts as in-process runs, for each policy and viewport")
    func profileSlices() throws {
        let service = try makeService()
        guard
            case .job(let any) = try Self.route(
                service,
                #"{"method":"io.scrollsim.Simulator.Profile","parameters":{"scenario":"home","seconds":12,"viewports":[{"width":390,"height":844}]},"more":true}"#
            ), let job = any as? ProfileJob
        else {
            Issue.record("no job")
            return
        }
        var slices = 0
        var progress: [Double] = []
        while !job.isFinished {
            job.step(while: events(200))
            slices += 1
            progress.append(job.progress)
        }
        #expect(slices > 10, "a slice of 200 events is a fraction of a run")
        #expect(progress == progress.sorted() && progress.last == 1)
        let reply = job.result()
        guard case .array(let runs)? = reply.parameters["runs"] else {
            Issue.record("no runs")
            return
        }
        #expect(runs.count == 3)
        let home = try ScenarioCatalog.directory(scenarioDirectory).load("home")
        for (run, policy) in zip(runs, InvalidationPolicy.allCases) {
            let local = try home.run(seconds: 12, viewports: [home.viewport(at: ViewportSize.standard[1])], policy: policy)[0].simulation.counts
                .total
            #expect(run.objectValue?["policy"] == .string(policy.rawValue))
            #expect(run.objectValue?["counts"] == .object(local.jsonFields))
        }
    }
}

@Suite("GetCounts cache")
struct CountsCacheTests {
    static let getCounts = #"{"method":"io.scrollsim.Simulator.GetCounts","parameters":{"simulation":"sim-1"}}"#

    /// The call routed: its framed reply and the token a repeat may be answered with.
    static func reusable(
        _ service: SimulatorService, _ request: VarlinkCall
    ) -> (framed: Data, token: SimulatorService.ReuseToken)? {
        guard case .reusable(let reply, let token) = service.route(request, at: 0) else { return nil }
        return (reply.framed(), token)
    }

    @Test(
        "the cached GetCounts reply is byte for byte the uncached one, and follows every change; a reused reply is the one a fresh call gets",
        arguments: ["realtime", "virtual"])
    func cacheFollowsChanges(clock: String) throws {
        let service = try makeService()
        _ = try call(
            service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home","clock":"\#(clock)"}}"#)
        let request = try VarlinkCall.parse(Data(Self.getCounts.utf8)).get()
        func routed() -> Data? { Self.reusable(service, request)?.framed }
        var seen: Set<Data> = []
        var outdated = 0
        for step in 1...20 {
            let (framed, token) = try #require(Self.reusable(service, request))
            #expect(framed == service.handle(request)?.framed())
            #expect(service.reusedReply(token, at: 0).map { Data($0) } == framed)
            #expect(routed() == routed())  // served from the cache
            seen.insert(routed()!)
            if clock == "realtime" {
                service.advanceRealtime(to: Double(step) * 0.5)
            } else {
                _ = try call(service, #"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"sim-1","seconds":0.5}}"#)
            }
            if step == 10 {
                _ = try call(
                    service,
                    #"{"method":"io.scrollsim.Simulator.Perform","parameters":{"simulation":"sim-1","gesture":{"fling":{"section":"company","velocity":-3000}}}}"#
                )
            }
            if let reused = service.reusedReply(token, at: 0) {
                #expect(Data(reused) == service.handle(request)?.framed())
            } else {
                outdated += 1
            }
        }
        #expect(seen.count > 3)  // the counts did change, and the cache followed
        if clock == "realtime" {
            // A kept token follows what advanced the simulation (the counts it published), and
            // is refused only right after the Perform, which publishes nothing.
            #expect(outdated == 1)
        } else {
            #expect(outdated >= seen.count - 1)  // every change was seen by the kept tokens
        }
        let oneway = try VarlinkCall.parse(
            Data(#"{"method":"io.scrollsim.Simulator.GetCounts","oneway":true,"parameters":{"simulation":"sim-1"}}"#.utf8)
        ).get()
        guard case .reply(let none) = service.route(oneway, at: 0) else { Issue.record("not a reply"); return }
        #expect(none == nil)
        let unknown = try VarlinkCall.parse(
            Data(#"{"method":"io.scrollsim.Simulator.GetCounts","parameters":{"simulation":"sim-9"}}"#.utf8)
        ).get()
        guard case .reply(let error?) = service.route(unknown, at: 0) else { Issue.record("an error is not reusable"); return }
        #expect(error.error?.name == "io.scrollsim.Simulator.NoSuchSimulation")
    }

    @Test(
        "a reply is no longer reused once its simulation changes, or any opens or closes; a token keeps no closed simulation alive"
    )
    func reuseEndsAtChanges() throws {
        let service = try makeService()
        for _ in 0..<2 {
            _ = try call(service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home"}}"#)
        }
        let request = try VarlinkCall.parse(Data(Self.getCounts.utf8)).get()
        let changes = [
            #"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"sim-1","seconds":0.5}}"#,
            #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home"}}"#,
            #"{"method":"io.scrollsim.Simulator.CloseSimulation","parameters":{"simulation":"sim-2"}}"#,
            #"{"method":"io.scrollsim.Simulator.Perform","parameters":{"simulation":"sim-1","gesture":{"fling":{"section":"company","velocity":-3000}}}}"#,
        ]
        for change in changes {
            let (framed, token) = try #require(Self.reusable(service, request))
            // Reads, of this simulation or another, leave it reusable.
            _ = try call(service, #"{"method":"io.scrollsim.Simulator.GetCounts","parameters":{"simulation":"sim-3"}}"#)
            _ = try call(service, #"{"method":"io.scrollsim.Simulator.GetStatus"}"#)
            #expect(service.reusedReply(token, at: 0).map { Data($0) } == framed, "\(change)")
            _ = try call(service, change)
            #expect(service.reusedReply(token, at: 0) == nil, "\(change)")
        }
        // A token does not keep its closed simulation alive, and is told apart safely.
        let (_, token) = try #require(Self.reusable(service, request))
        weak var simulation = service.simulation("sim-1")
        _ = try call(service, #"{"method":"io.scrollsim.Simulator.CloseSimulation","parameters":{"simulation":"sim-1"}}"#)
        #expect(simulation == nil)
        #expect(service.reusedReply(token, at: 0) == nil)
    }

    /// A service with one realtime home simulation (sim-1), its GetCounts call, and the token the
    /// call's first answer gave.
    static func polledRealtimeSimulation() throws -> (SimulatorService, VarlinkCall, SimulatorService.ReuseToken) {
        let service = try makeService()
        _ = try call(
            service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home","clock":"realtime"}}"#)
        let request = try VarlinkCall.parse(Data(getCounts.utf8)).get()
        let (_, token) = try #require(reusable(service, request))
        return (service, request, token)
    }

    @Test(
        "a realtime simulation's token answers from the counts published by whatever advanced it: current while no change is unpublished, nil after an input until the next advance publishes"
    )
    func realtimeTokenFollowsPublishedCounts() throws {
        let (service, request, token) = try Self.polledRealtimeSimulation()
        for step in 1...8 {
            let time = Double(step) * 0.25
            service.advanceRealtime(to: time)
            #expect(service.reusedReply(token, at: time).map { Data($0) } == service.handle(request, at: time)?.framed())
        }
        _ = try call(
            service,
            #"{"method":"io.scrollsim.Simulator.Perform","parameters":{"simulation":"sim-1","gesture":{"fling":{"section":"company","velocity":-3000}}}}"#,
            at: 2)
        #expect(service.reusedReply(token, at: 2) == nil)
        service.advanceRealtime(to: 2.5)
        #expect(service.reusedReply(token, at: 2.5).map { Data($0) } == service.handle(request, at: 2.5)?.framed())
    }

    @Test(
        "a realtime simulation behind the clock: the reused reply carries how far, byte for byte the reply a fresh call gets, at each moment it is asked"
    )
    func behindIsSplicedExactly() throws {
        let (service, request, token) = try Self.polledRealtimeSimulation()
        service.advanceRealtime(to: 1)
        for now in [1.5, 2.0, 2.125, 7.3, 1_000_000.1] {
            let reused = try #require(service.reusedReply(token, at: now))
            #expect(Data(reused) == service.handle(request, at: now)?.framed(), "at \(now)")
            let fields = try #require(try JSONValue.parse(reused.dropLast()).get().objectValue?["parameters"]?.objectValue)
            #expect((fields["behind"]?.numberValue).map { $0 >= SimulatorService.behindThreshold } ?? (now < 2), "at \(now)")
        }
        // The splice agrees with the writer for any number it may meet.
        let plain = JSONValue.object(["sections": .array([]), "total": .object(["a": .number(1)])]).encodedBytes()
        for behind in [1.0, 1.5, 123_456.789, 1e-3, 3e20] {
            let whole = JSONValue.object(["behind": .number(behind), "sections": .array([]), "total": .object(["a": .number(1)])])
            #expect(SimulatorService.splicingBehind(behind, into: plain) == whole.encodedBytes(), "\(behind)")
        }
    }
}

@Suite("long advances as jobs")
struct AdvanceJobTests {
    @Test("an Advance runs in slices of events: the simulation is busy for changes, readable, and ends where one call would")
    func slices() throws {
        let service = try makeService()
        let reference = try makeService()
        for s in [service, reference] {
            _ = try call(s, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home"}}"#)
        }
        let request = try VarlinkCall.parse(
            Data(#"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"sim-1","seconds":120}}"#.utf8)
        ).get()
        guard case .job(let job) = service.route(request, at: 0) else {
            Issue.record("no job")
            return
        }
        job.step(while: events(100))
        let busy = try call(
            service,
            #"{"method":"io.scrollsim.Simulator.Perform","parameters":{"simulation":"sim-1","gesture":{"fling":{"velocity":100}}}}"#
        )
        #expect(busy["error"] == .string("io.scrollsim.Simulator.SimulationBusy"))
        let midway = try call(service, #"{"method":"io.scrollsim.Simulator.GetCounts","parameters":{"simulation":"sim-1"}}"#)
        #expect(midway["parameters"] != nil)
        var slices = 1
        while !job.isFinished {
            job.step(while: events(100))
            slices += 1
        }
        #expect(slices > 20, "120 s of the home screen are thousands of events")
        let reply = job.result()
        #expect(reply.parameters["simulation"]?.objectValue?["time"] == .number(120))
        _ = try call(reference, #"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"sim-1","seconds":120}}"#)
        let counts = { (s: SimulatorService) in
            try call(s, #"{"method":"io.scrollsim.Simulator.GetCounts","parameters":{"simulation":"sim-1"}}"#)["parameters"]
        }
        #expect(try counts(service) == counts(reference))
        // Free again.
        let performed = try call(
            service,
            #"{"method":"io.scrollsim.Simulator.Perform","parameters":{"simulation":"sim-1","gesture":{"fling":{"velocity":100}}}}"#
        )
        #expect(performed["error"] == nil)
    }

    @Test("every Advance is a job: a short one finishes in one slice, which a daemon runs in the call's own turn")
    func short() throws {
        let service = try makeService()
        _ = try call(service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home"}}"#)
        let request = try VarlinkCall.parse(
            Data(#"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"sim-1","seconds":1}}"#.utf8)
        ).get()
        guard case .job(let job) = service.route(request, at: 0) else {
            Issue.record("not a job")
            return
        }
        job.step { true }
        #expect(job.isFinished)
        #expect(job.result().parameters["simulation"]?.objectValue?["time"] == .number(1))
    }
}

/// A slice of `count` events: what a daemon's time budget is, in a test that must not depend on
/// the machine's speed.
func events(_ count: Int) -> () -> Bool {
    var left = count
    return {
        left -= 1
        return left > 0
    }
}
