import Foundation
import JSONModel
import Scenario
import ScenarioFiles
import ScrollSimService
import ShippedScenarios
import TestSupport
import Testing
import Varlink

/// Input records: what the daemon persists, and the replay that must reproduce every count.
@Suite("inputs, records and replay")
struct RecordTests {
    /// A service whose `persist` collects the records, with a settable clock.
    final class Recorder {
        var records: [InputRecord] = []
        var clock = 0.0
        var failWith: String?
        let service: SimulatorService

        init() throws {
            service = try makeService()
            service.persist = { [unowned self] record in
                if let failWith { throw Failure(message: failWith) }
                records.append(record)
            }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static func counts(_ service: SimulatorService, _ id: String) throws -> JSONValue? {
        parameters(try call(service, #"{"method":"io.scrollsim.Simulator.GetCounts","parameters":{"simulation":"\#(id)"}}"#))[
            "total"]
    }

    /// A session mixing every kind of input on virtual and realtime simulations.
    static func session(_ recorder: Recorder) throws {
        let service = recorder.service
        _ = try call(
            service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home","seed":5}}"#,
            at: recorder.clock)
        _ = try call(
            service,
            #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"shop-home","clock":"realtime","viewport":{"width":390,"height":844}}}"#,
            at: recorder.clock
        )
        _ = try call(
            service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"workspace"}}"#,
            at: recorder.clock)
        for step in 0..<12 {
            _ = try call(
                service, #"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"sim-1","seconds":1.5}}"#,
                at: recorder.clock)
            recorder.clock += 0.75
            service.advanceRealtime(to: recorder.clock)
            recorder.records.append(.clock(time: recorder.clock))
            if step == 4 {
                _ = try call(
                    service,
                    #"{"method":"io.scrollsim.Simulator.Perform","parameters":{"simulation":"sim-1","gesture":{"fling":{"section":"company","velocity":-2500}}}}"#,
                    at: recorder.clock
                )
                _ = try call(
                    service,
                    #"{"method":"io.scrollsim.Simulator.Perform","parameters":{"simulation":"sim-2","gesture":{"scrollTo":{"offset":900}}}}"#,
                    at: recorder.clock
                )
            }
        }
        _ = try call(
            service, #"{"method":"io.scrollsim.Simulator.CloseSimulation","parameters":{"simulation":"sim-3"}}"#,
            at: recorder.clock)
    }

    @Test("replaying the records in a new service reproduces every simulation's counts exactly")
    func replayIsExact() throws {
        let recorder = try Recorder()
        try Self.session(recorder)
        let fresh = try makeService()
        for record in recorder.records { try fresh.replay(record) }
        #expect(fresh.simulationIDs == ["sim-1", "sim-2"])
        for id in ["sim-1", "sim-2"] {
            let expected = try Self.counts(recorder.service, id)
            #expect(expected != nil)
            #expect(try Self.counts(fresh, id) == expected, "\(id)")
        }
        // The next identifier continues after the replayed ones (sim-3 was closed, not reused).
        let opened = parameters(
            try call(fresh, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home"}}"#))
        #expect(opened["simulation"]?.objectValue?["simulation"] == "sim-4")
    }

    @Test(
        "a deferred replay (a start) queues the inputs; restore jobs run them in slices to the same counts, realtime ones up to now"
    )
    func deferredReplayIsExact() throws {
        let recorder = try Recorder()
        try Self.session(recorder)
        let fresh = try makeService()
        for record in recorder.records { try fresh.replay(record, deferred: true) }
        #expect(fresh.simulationIDs == ["sim-1", "sim-2"])
        // Nothing has run yet: a start costs the records, not the simulations' time.
        #expect(fresh.simulation("sim-1")?.time == 0)
        #expect(fresh.isRestoring("sim-1") == false)
        // The compacted records are complete before any job runs (the start rewrites the file).
        #expect(fresh.compactRecords(clock: recorder.clock) == recorder.service.compactRecords(clock: recorder.clock))
        let jobs = fresh.restoreJobs(now: recorder.clock)
        #expect(jobs.map(\.simulation) == ["sim-1", "sim-2"])
        #expect(fresh.isRestoring("sim-1") && fresh.isRestoring("sim-2"))
        // A change while restoring is refused (the daemon holds such calls until the job ends).
        let busy = try call(
            fresh, #"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"sim-1","seconds":1}}"#,
            at: recorder.clock)
        #expect(busy["error"] == "io.scrollsim.Simulator.SimulationBusy")
        // The live tick leaves a simulation being restored to its job.
        fresh.advanceRealtime(to: recorder.clock)
        #expect(fresh.simulation("sim-2")?.time == 0)
        var steps = 0
        while jobs.contains(where: { !$0.isFinished }) && steps < 10_000 {
            for job in jobs where !job.isFinished { job.step(while: events(20)) }
            steps += 1
        }
        for job in jobs { _ = job.result() }
        #expect(steps > 10, "the work was spread over slices")
        #expect(!fresh.isRestoring("sim-1") && !fresh.isRestoring("sim-2"))
        for id in ["sim-1", "sim-2"] {
            let expected = try Self.counts(recorder.service, id)
            #expect(try Self.counts(fresh, id) == expected, "\(id)")
            #expect(fresh.simulation(id)?.time == recorder.service.simulation(id)?.time, "\(id)")
        }
    }

    @Test("a scenario opened by name is pinned in its record: a replay after the file changed rebuilds it as it was opened")
    func pinnedScenario() throws {
        let directory = Scratch.path("pinned")
        try FileManager.default.copyItem(atPath: scenarioDirectory, toPath: directory.path)
        defer { Scratch.remove(directory) }
        func service() throws -> SimulatorService {
            try SimulatorService(version: "test", limits: SimulatorService.Limits(), catalog: .directory(directory.path))
        }
        var records: [InputRecord] = []
        let original = try service()
        original.persist = { records.append($0) }
        let open = #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home"}}"#
        let advance = #"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"sim-1","seconds":12}}"#
        _ = try call(original, open)
        _ = try call(original, advance)
        let asOpened = try #require(try Self.counts(original, "sim-1"))
        guard case .open(let openRecord)? = records.first else { Issue.record("no open record"); return }
        #expect(openRecord.pinned?.objectValue?["data"]?.objectValue?["inline"] != nil)

        // The company row's groups become 200 wide: a different screen.
        let file = directory.appendingPathComponent("home.json")
        let edited = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(
            of: #""absolute": 350"#, with: #""absolute": 200"#)
        try edited.write(to: file, atomically: true, encoding: .utf8)

        let replayed = try service()
        for record in records { try replayed.replay(record) }
        #expect(try Self.counts(replayed, "sim-1") == asOpened)

        let reopened = try service()
        _ = try call(reopened, open)
        _ = try call(reopened, advance)
        #expect(try Self.counts(reopened, "sim-1") != asOpened, "the edit changes the screen")

        // A record from before pinning names the scenario only: it loads the file as it is now.
        var legacy = openRecord
        legacy.pinned = nil
        let old = try service()
        try old.replay(.open(legacy))
        for record in records.dropFirst() { try old.replay(record) }
        #expect(try Self.counts(old, "sim-1") == (try Self.counts(reopened, "sim-1")))
    }

    @Test("the compacted records (consecutive advances merged) replay to the same counts")
    func compactionIsExact() throws {
        let recorder = try Recorder()
        try Self.session(recorder)
        let compact = recorder.service.compactRecords(clock: recorder.clock)
        #expect(compact.count < recorder.records.count / 3)
        let fresh = try makeService()
        for record in compact { try fresh.replay(record) }
        for id in ["sim-1", "sim-2"] { #expect(try Self.counts(fresh, id) == (try Self.counts(recorder.service, id)), "\(id)") }
    }

    @Test("advancing in many small steps or one step gives the same counts (ticks do not change results)")
    func splitAdvance() throws {
        let one = try makeService()
        let many = try makeService()
        for service in [one, many] {
            _ = try call(
                service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home","seed":2}}"#)
        }
        _ = try call(one, #"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"sim-1","seconds":20}}"#)
        for _ in 0..<1_000 {
            _ = try call(many, #"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"sim-1","seconds":0.02}}"#)
        }
        #expect(try Self.counts(one, "sim-1") == (try Self.counts(many, "sim-1")))
    }

    @Test("a failing store fails the call with PersistenceFailed and changes nothing")
    func persistenceFailure() throws {
        let recorder = try Recorder()
        let service = recorder.service
        _ = try call(service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home"}}"#)
        let before = try Self.counts(service, "sim-1")
        recorder.failWith = "No space left on device"
        for request in [
            #"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"sim-1","seconds":5}}"#,
            #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home"}}"#,
            #"{"method":"io.scrollsim.Simulator.CloseSimulation","parameters":{"simulation":"sim-1"}}"#,
        ] {
            let reply = try call(service, request)
            #expect(reply["error"] == "io.scrollsim.Simulator.PersistenceFailed")
            #expect(parameters(reply)["message"] == "No space left on device")
        }
        #expect(service.simulationIDs == ["sim-1"])
        #expect(try Self.counts(service, "sim-1") == before)
    }

    @Test("a realtime simulation follows the daemon's clock; Advance is refused with RealtimeClock")
    func realtime() throws {
        let recorder = try Recorder()
        recorder.clock = 100
        let service = recorder.service
        _ = try call(
            service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home","clock":"realtime"}}"#,
            at: recorder.clock)
        service.advanceRealtime(to: 112.5)
        #expect(service.simulation("sim-1")?.time == 12.5)
        let reply = try call(
            service, #"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"sim-1","seconds":1}}"#)
        #expect(reply["error"] == "io.scrollsim.Simulator.RealtimeClock")
    }

    @Test("live simulations: reconcile opens the configured ones, keeps them across a second reconcile, closes the rest")
    func reconcileLive() throws {
        let recorder = try Recorder()
        let service = recorder.service
        let specs = ViewportSize.standard.map { LiveSimulationSpec(scenario: "home", width: $0.width, height: $0.height) }
        #expect(service.reconcileLive(specs, at: recorder.clock).isEmpty)
        #expect(service.liveIDs == ["live-home-375x667", "live-home-390x844", "live-home-430x932"])
        recorder.clock = 10
        service.advanceRealtime(to: 10)
        #expect(service.reconcileLive(Array(specs.prefix(2)), at: recorder.clock).isEmpty)
        #expect(service.liveIDs == ["live-home-375x667", "live-home-390x844"])
        #expect(service.simulation("live-home-375x667")?.time == 10)  // kept, not reopened
        let problems = service.reconcileLive([LiveSimulationSpec(scenario: "nope", width: 10, height: 10)], at: recorder.clock)
        #expect(problems.count == 1 && problems[0].contains("NoSuchScenario"))
        #expect(service.liveIDs.isEmpty)
    }

    @Test("live simulations built together start together: time zero is when the last was built, and so is each stored origin")
    func liveSimulationsStartTogether() throws {
        let recorder = try Recorder()
        let service = recorder.service
        let specs = ViewportSize.standard.map { LiveSimulationSpec(scenario: "home", width: $0.width, height: $0.height) }
        let opening = service.prepareLive(specs + [specs[0]], at: 0)
        #expect(service.liveIDs.isEmpty && recorder.records.isEmpty, "nothing runs or is stored before the start")
        #expect(service.startLive(opening, at: 2.5).isEmpty, "a simulation configured twice opens once")
        #expect(service.liveIDs == ["live-home-375x667", "live-home-390x844", "live-home-430x932"])
        let origins = recorder.records.compactMap { record -> Double? in
            guard case .open(let open) = record else { return nil }
            return open.origin
        }
        #expect(origins == [2.5, 2.5, 2.5])
        service.advanceRealtime(to: 3.5)
        for id in service.liveIDs { #expect(service.simulation(id)?.time == 1, "one second since the start, not 3.5") }
    }

    @Test("the built-in scenarios are every file of Config/scenarios, byte for byte")
    func embeddedScenarios() throws {
        let directory = URL(fileURLWithPath: scenarioDirectory)
        var files: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory.path)!
        for case let path as String in enumerator where path.hasSuffix(".json") {
            files[path] = Array(try Data(contentsOf: directory.appendingPathComponent(path)))
        }
        #expect(files == ShippedScenarios.files)
        let embedded = ScenarioCatalog.embedded(ShippedScenarios.files)
        #expect(embedded.names() == ScenarioCatalog.directory(scenarioDirectory).names())
        #expect(try embedded.load("home").sections.map(\.id) == ["consult", "company", "expert"])
    }

    @Test("scenario names cannot leave the catalog: no paths, no symlinks out")
    func catalogConfinement() throws {
        let directory = try Scratch.directory("catalog")
        defer { Scratch.remove(directory) }
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("escape.json").path, withDestinationPath: scenarioDirectory + "/home.json")
        let catalog = ScenarioCatalog.directory(directory.path)
        #expect(throws: ScenarioError.self) { try catalog.load("escape") }
        #expect(throws: ScenarioError.self) { try catalog.load("../home") }
        #expect(
            !ScenarioCatalog.isValidName("a/b") && !ScenarioCatalog.isValidName("..") && ScenarioCatalog.isValidName("shop-home"))
    }
}

@Suite("budgeted realtime ticks")
struct BudgetedTickTests {
    @Test(
        "a tick budget advances simulations round-robin, stopping between events; the lag is reported and counts match unbudgeted ticks once caught up"
    )
    func roundRobin() throws {
        let budgeted = try makeService()
        let free = try makeService()
        let specs = (0..<6).map { LiveSimulationSpec(scenario: "home", width: Double(360 + $0 * 10), height: 700) }
        for service in [budgeted, free] { #expect(service.reconcileLive(specs, at: 0).isEmpty) }
        for step in 1...12 {
            let time = Double(step) * 0.25
            // A budget of 40 events a tick: less than the six simulations need.
            budgeted.advanceRealtime(to: time, while: events(40))
            free.advanceRealtime(to: time)
        }
        // Every simulation had turns, though none was given all it needed at once.
        #expect(budgeted.liveIDs.allSatisfy { budgeted.simulation($0)!.time > 0 })
        #expect(budgeted.realtimeLag(at: 3) > 0)
        #expect(free.realtimeLag(at: 3) == 0)
        budgeted.advanceRealtime(to: 3)
        #expect(budgeted.realtimeLag(at: 3) == 0)
        for id in free.liveIDs {
            #expect(budgeted.simulation(id)!.counts == free.simulation(id)!.counts, "\(id)")
        }
    }
}

/// A state file is input like any other: forged or damaged records are refused on replay.
@Suite("replay validation")
struct ReplayValidationTests {
    static func openRecord(_ id: String) throws -> InputRecord {
        let recorder = try RecordTests.Recorder()
        _ = try call(recorder.service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home"}}"#)
        guard case .open(var open) = recorder.records[0] else { throw RecordTests.Failure(message: "no open") }
        open.simulation = id
        return .open(open)
    }

    @Test("a forged id beyond the counter's range is refused, and opening afterwards does not overflow (issue 19, point 9)")
    func forgedIdentifier() throws {
        let service = try makeService()
        #expect(throws: ReplayError.self) { try service.replay(try Self.openRecord("sim-9223372036854775807")) }
        #expect(throws: ReplayError.self) { try service.replay(try Self.openRecord("other-1")) }
        try service.replay(try Self.openRecord("sim-5"))
        #expect(throws: ReplayError.self) { try service.replay(try Self.openRecord("sim-5")) }  // already open
        let opened = parameters(
            try call(service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home"}}"#))
        #expect(opened["simulation"]?.objectValue?["simulation"] == "sim-6")
    }

    @Test("a clock beyond ten years, and an advance longer than the per-call limit or backwards, are refused")
    func times() throws {
        let service = try makeService()
        #expect(throws: ReplayError.self) { try service.replay(.clock(time: 1e9)) }
        #expect(throws: ReplayError.self) { try service.replay(.clock(time: -1)) }
        try service.replay(try Self.openRecord("sim-1"))
        #expect(throws: ReplayError.self) { try service.replay(.advance(simulation: "sim-1", to: 1e7)) }
        try service.replay(.advance(simulation: "sim-1", to: 10))
        #expect(throws: ReplayError.self) { try service.replay(.advance(simulation: "sim-1", to: 5)) }
    }

    @Test("compaction keeps the id counter: a closed simulation's id is not given again after a restart")
    func idsNeverReused() throws {
        let recorder = try RecordTests.Recorder()
        for _ in 0..<3 {
            _ = try call(
                recorder.service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home"}}"#)
        }
        _ = try call(
            recorder.service, #"{"method":"io.scrollsim.Simulator.CloseSimulation","parameters":{"simulation":"sim-3"}}"#)
        let compacted = recorder.service.compactRecords(clock: 0)
        #expect(compacted.first == .nextSimulation(3))
        let restarted = try makeService()
        for record in compacted { try restarted.replay(record) }
        let opened = parameters(
            try call(restarted, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home"}}"#))
        #expect(opened["simulation"]?.objectValue?["simulation"] == "sim-4")
    }
}
