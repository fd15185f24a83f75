import Foundation
import JSONModel
import ScrollSimService
import Testing
import Varlink

/// Work bounded by the daemon's time budget rather than by virtual seconds (docs/daemon.md,
/// "Behind real time"): what the service does when the budget runs out.
@Suite("work sliced by a time budget")
struct SlicingTests {
    static func route(_ service: SimulatorService, _ json: String, at now: Double, catchUp: @escaping () -> Bool) throws
        -> VarlinkReply
    {
        let call = try VarlinkCall.parse(Data(json.utf8)).get()
        switch service.route(call, at: now, catchUp: catchUp) {
        case .reply(let reply?): return reply
        case .reusable(let reply, _): return reply
        default: throw RecordTests.Failure(message: "not answered at once")
        }
    }

    @Test(
        "a Perform on a realtime simulation far behind catches up only within its budget, lands at the simulation's own time, says how far behind, and replays there"
    )
    func boundedCatchUp() throws {
        let recorder = try RecordTests.Recorder()
        let service = recorder.service
        _ = try call(
            service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home","clock":"realtime"}}"#)
        let fling = #"{"method":"io.scrollsim.Simulator.Perform","parameters":{"simulation":"sim-1","gesture":{"fling":{"section":"company","velocity":-3000}}}}"#
        // Thirty seconds on, nothing has advanced it; each call may run a few events.
        _ = try Self.route(service, fling, at: 1, catchUp: { true })
        let performed = try Self.route(service, fling, at: 30, catchUp: events(5))
        let info = performed.parameters["simulation"]?.objectValue ?? [:]
        let time = try #require(info["time"]?.numberValue)
        #expect(time < 29, "five events do not run 29 s of a fling's frames")
        #expect((info["behind"]?.numberValue ?? 0) >= 29 - time)
        let counts = try Self.route(
            service, #"{"method":"io.scrollsim.Simulator.GetCounts","parameters":{"simulation":"sim-1"}}"#, at: 30,
            catchUp: { true })
        #expect(counts.parameters["behind"]?.numberValue == 30 - time, "GetCounts says so, never from a cached reply")
        // The input was stored at the time it landed: a replay lands it there too.
        let fresh = try makeService()
        for record in recorder.records { try fresh.replay(record) }
        #expect(fresh.simulation("sim-1")?.time == time)
        #expect(try RecordTests.counts(fresh, "sim-1") == RecordTests.counts(service, "sim-1"))
    }

    @Test("a simulation within a second of the clock is not reported behind, and its counts are cached as before")
    func notBehind() throws {
        let service = try makeService()
        _ = try call(
            service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home","clock":"realtime"}}"#)
        service.advanceRealtime(to: 10)
        let counts = try VarlinkCall.parse(
            Data(#"{"method":"io.scrollsim.Simulator.GetCounts","parameters":{"simulation":"sim-1"}}"#.utf8)
        ).get()
        guard case .reusable(let reply, _) = service.route(counts, at: 10.5) else {
            Issue.record("not cached")
            return
        }
        #expect(reply.parameters["behind"] == nil)
    }

    @Test("a restore of a realtime simulation runs to where the clock stood as it began, and so always finishes")
    func restoreTargetIsFixed() throws {
        let recorder = try RecordTests.Recorder()
        _ = try call(
            recorder.service,
            #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home","clock":"realtime"}}"#)
        let fresh = try makeService()
        for record in recorder.records { try fresh.replay(record, deferred: true) }
        let jobs = fresh.restoreJobs(now: 20)
        #expect(jobs.count == 1)
        var slices = 0
        while !jobs[0].isFinished && slices < 100_000 {
            jobs[0].step(while: events(10))
            slices += 1
        }
        _ = jobs[0].result()
        #expect(jobs[0].isFinished && fresh.simulation("sim-1")?.time == 20)
        #expect(!fresh.isRestoring("sim-1"))
    }

    @Test("a watch of all simulations leaves one being restored out until it is whole, then follows it from its present")
    func watchSkipsRestoring() throws {
        let recorder = try RecordTests.Recorder()
        _ = try call(recorder.service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home"}}"#)
        _ = try call(
            recorder.service,
            #"{"method":"io.scrollsim.Simulator.Perform","parameters":{"simulation":"sim-1","gesture":{"fling":{"section":"company","velocity":-3000}}}}"#
        )
        _ = try call(recorder.service, #"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"sim-1","seconds":1}}"#)
        let fresh = try makeService()
        for record in recorder.records { try fresh.replay(record, deferred: true) }
        let jobs = fresh.restoreJobs(now: 0)
        let watch = try VarlinkCall.parse(
            Data(#"{"method":"io.scrollsim.Simulator.Watch","parameters":{},"more":true}"#.utf8)
        ).get()
        guard case .watch(let stream) = fresh.route(watch, at: 0) else {
            Issue.record("no stream")
            return
        }
        jobs[0].step(while: events(20))
        #expect(fresh.isRestoring("sim-1"))
        #expect(stream.poll(fresh, now: 1, room: 100).isEmpty, "nothing part-way")
        let list = try call(fresh, #"{"method":"io.scrollsim.Simulator.ListSimulations"}"#)
        guard case .array(let listed)? = parameters(list)["simulations"] else {
            Issue.record("no list")
            return
        }
        #expect(listed.first?.objectValue?["restoring"] == .bool(true))
        while !jobs[0].isFinished { jobs[0].step { true } }
        _ = jobs[0].result()
        let replies = stream.poll(fresh, now: 2, room: 100)
        #expect(replies.allSatisfy { $0.parameters["event"] == nil }, "the restore's events are the past, not news")
        #expect(replies.map { $0.parameters["counts"] } == [.object(fresh.simulation("sim-1")!.counts.total.jsonFields)])
    }
}
