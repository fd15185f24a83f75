import Foundation
import JSONModel
import ScrollSimService
import TestSupport
import Testing
import Varlink

/// Work bounded by the daemon's time budget rather than by virtual seconds (docs/daemon.md,
/// "Behind real time"): what the service does when the budget runs out.
@Suite("work sliced by a time budget")
struct SlicingTests {
    static func route(
        _ service: SimulatorService, _ json: String, at now: Double, catchUp: @escaping () -> Bool
    ) throws
        -> VarlinkReply
    {
        let call = try VarlinkCall.parse(Data(json.utf8)).get()
        switch service.route(call, at: now, catchUp: catchUp) {
        case .reply(let reply?): return reply
        case .reusable(let reply, _):
            // Reusable replies carry their parameters encoded.
            let parameters = try JSONValue.parse(reply.encodedParameters ?? []).get().objectValue ?? [:]
            return VarlinkReply(parameters: parameters)
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
        let fling =
            #"{"method":"io.scrollsim.Simulator.Perform","parameters":{"simulation":"sim-1","gesture":{"fling":{"section":"company","velocity":-3000}}}}"#
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
        #expect(counts.parameters["behind"]?.numberValue == 30 - time, "GetCounts says so, as of the call")
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
        _ = try call(
            recorder.service, #"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"sim-1","seconds":1}}"#)
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

    /// A definition of `sections` sections of `items` items each, with an optional script.
    static func definition(sections: Int, items: Int, script: String = "[]") -> String {
        let section = { (i: Int) in
            #"{"id":"s\#(i)","items":{"count":\#(items)},"layout":{"group":{"axis":"horizontal","layoutSize":{"widthDimension":{"fractionalWidth":1},"heightDimension":{"absolute":50}},"subitems":[{"layoutSize":{"widthDimension":{"fractionalWidth":1},"heightDimension":{"fractionalHeight":1}}}]}}}"#
        }
        return #"{"name":"d","sections":[\#((0..<sections).map(section).joined(separator: ","))],"script":\#(script)}"#
    }

    @Test(
        "what one call costs is bounded where a reply or a turn would grow without bound: sections per definition, items per edit (a Perform's or a script step's), items per profile"
    )
    func perCallBounds() throws {
        var limits = SimulatorService.Limits()
        limits.sectionsPerDefinition = 5
        limits.itemsPerEdit = 100
        limits.itemsPerProfile = 1_000
        let service = try makeService(limits: limits)
        func limit(_ reply: [String: JSONValue]) -> JSONValue? {
            reply["error"] == .string("io.scrollsim.Simulator.LimitReached") ? parameters(reply)["limit"] : nil
        }
        let open = { (definition: String) in
            try call(service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"definition":\#(definition)}}"#)
        }
        #expect(limit(try open(Self.definition(sections: 6, items: 1))) == "sectionsPerDefinition")
        #expect(parameters(try open(Self.definition(sections: 5, items: 1)))["simulation"] != nil)
        let bigEdit = #"[{"at":1,"apply":{"appendItems":{"section":"s0","count":101}}}]"#
        #expect(limit(try open(Self.definition(sections: 1, items: 1, script: bigEdit))) == "itemsPerEdit")
        let perform = { (count: Int) in
            try call(
                service,
                #"{"method":"io.scrollsim.Simulator.Perform","parameters":{"simulation":"sim-1","gesture":{"apply":{"reloadItems":{"section":"s0","count":\#(count)}}}}}"#
            )
        }
        #expect(limit(try perform(101)) == "itemsPerEdit")
        #expect(parameters(try perform(1))["simulation"] != nil)
        let profile = try Self.route(
            service,
            #"{"method":"io.scrollsim.Simulator.Profile","parameters":{"definition":\#(Self.definition(sections: 1, items: 1_001)),"seconds":1}}"#,
            at: 0, catchUp: { true })
        #expect(profile.error?.name == "io.scrollsim.Simulator.LimitReached")
        #expect(profile.error?.parameters["limit"] == "itemsPerProfile")
    }

    @Test("ListScenarios parses a scenario file only when it is new or changed, and follows edits, additions and removals")
    func listScenariosFollowsFiles() throws {
        let directory = try Scratch.directory("catalog-cache")
        defer { Scratch.remove(directory) }
        func write(_ name: String, sections: Int, description: String) throws {
            var json = Self.definition(sections: sections, items: 1)
            json.insert(contentsOf: #""description":"\#(description)","#, at: json.index(after: json.startIndex))
            try Data(json.utf8).write(to: directory.appendingPathComponent(name + ".json"))
        }
        func listed(_ service: SimulatorService) throws -> [String] {
            guard
                case .array(let list)? = parameters(try call(service, #"{"method":"io.scrollsim.Simulator.ListScenarios"}"#))[
                    "scenarios"]
            else { return [] }
            return list.compactMap { entry in
                guard case .object(let fields) = entry, case .string(let name)? = fields["name"],
                    case .string(let text)? = fields["description"], case .number(let sections)? = fields["sections"]
                else { return nil }
                return "\(name): \(text), \(Int(sections))"
            }
        }
        try write("a", sections: 1, description: "first")
        let service = try SimulatorService(version: "test", catalog: .directory(directory.path))
        #expect(try listed(service) == ["a: first, 1"])
        #expect(try listed(service) == ["a: first, 1"])
        try write("a", sections: 2, description: "edited, longer")
        try write("b", sections: 3, description: "added")
        #expect(try listed(service) == ["a: edited, longer, 2", "b: added, 3"])
        try FileManager.default.removeItem(at: directory.appendingPathComponent("a.json"))
        #expect(try listed(service) == ["b: added, 3"])
    }
}

@Suite("the method table")
struct MethodTableTests {
    @Test("every method of the interface text has one declaration, and the access policy, job limits and routing read it")
    func oneDeclarationPerMethod() throws {
        let interface = try VarlinkInterface(SimulatorService.interfaceText)
        #expect(Set(interface.methods.keys) == Set(SimulatorService.methods.keys))
        let changing = SimulatorService.methods.values.filter(\.changesState).map(\.name).sorted()
        #expect(changing == ["Advance", "CloseSimulation", "OpenSimulation", "Perform", "Profile"])
        let call = { (json: String) in try VarlinkCall.parse(Data(json.utf8)).get() }
        #expect(ServiceMethod.countsAsJob(try call(#"{"method":"io.scrollsim.Simulator.Profile","parameters":{}}"#)))
        #expect(
            ServiceMethod.countsAsJob(
                try call(#"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"sim-1","seconds":2}}"#)))
        #expect(
            !ServiceMethod.countsAsJob(
                try call(#"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"sim-1","seconds":1}}"#)))
        #expect(!ServiceMethod.countsAsJob(try call(#"{"method":"io.scrollsim.Simulator.GetStatus"}"#)))
        let answers = SimulatorService.methods.mapValues(\.answer)
        #expect(answers["Watch"] == .stream && answers["Profile"] == .job && answers["Advance"] == .job)
        #expect(answers["GetCounts"] == .cachedCounts && answers["OpenSimulation"] == .nowOrBuilt)
    }
}
