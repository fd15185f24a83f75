import Foundation
import JSONModel
import ScrollSimService
import Testing
import Varlink

/// Large edits applied off the daemon's loop (`PendingEdit`): a client's, routed as `.edit`, and
/// a restore's, handed out by its job. Both end where applying the edit at once ends.
@Suite("edits applied off the loop")
struct OffLoopEditTests {
    static let rows =
        #"{"name":"rows","sections":[{"id":"s","items":{"count":120000},"layout":{"group":{"axis":"horizontal","layoutSize":{"widthDimension":{"fractionalWidth":1},"heightDimension":{"absolute":44}},"subitems":[{"layoutSize":{"widthDimension":{"fractionalWidth":1},"heightDimension":{"fractionalHeight":1}}}]}}}]}"#
    static let open = #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"definition":\#(rows)}}"#
    static func edit(_ kind: String, _ count: Int) -> String {
        #"{"method":"io.scrollsim.Simulator.Perform","parameters":{"simulation":"sim-1","gesture":{"apply":{"\#(kind)":{"section":"s","count":\#(count)}}}}}"#
    }
    static let edits = [edit("appendItems", 3_000), edit("reloadItems", 20_000), edit("deleteItems", 50)]

    static func route(_ service: SimulatorService, _ json: String) throws -> SimulatorService.Route {
        service.route(try VarlinkCall.parse(Data(json.utf8)).get(), at: 0)
    }

    @Test("a Perform of a large edit routes as .edit: the simulation's calls are held until finishEdit, whose reply and counts are those of the edit applied at once")
    func routedEdit() throws {
        let direct = try makeService()
        let routed = try makeService()
        for service in [direct, routed] { _ = try call(service, Self.open) }
        for json in Self.edits {
            let expected = try call(direct, json)
            guard case .edit(let pending) = try Self.route(routed, json) else {
                Issue.record("a large edit is not routed off the loop")
                return
            }
            #expect(routed.holdsCalls(about: "sim-1"))
            pending.apply()
            let reply = routed.finishEdit(pending)
            #expect(!routed.holdsCalls(about: "sim-1"))
            #expect(reply.parameters == expected["parameters"]?.objectValue)
        }
        #expect(try RecordTests.counts(routed, "sim-1") == (try RecordTests.counts(direct, "sim-1")))
        // A small edit of a small simulation is answered at once.
        _ = try call(routed, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home"}}"#)
        let small =
            #"{"method":"io.scrollsim.Simulator.Perform","parameters":{"simulation":"sim-2","gesture":{"apply":{"appendItems":{"section":"company","count":5}}}}}"#
        guard case .reply = try Self.route(routed, small) else {
            Issue.record("a small edit is not answered at once")
            return
        }
    }

    @Test("a restore whose runner applies large edits elsewhere stops before each, hands it out, and ends with the counts of a restore that applied them itself")
    func restoredEdit() throws {
        let recorder = try RecordTests.Recorder()
        _ = try call(recorder.service, Self.open)
        for json in Self.edits { _ = try call(recorder.service, json) }
        let inline = try makeService()
        let handed = try makeService()
        for service in [inline, handed] {
            for record in recorder.records { try service.replay(record, deferred: true) }
        }
        for job in inline.restoreJobs(now: 0) {
            while !job.isFinished { job.step { true } }
            _ = job.result()
        }
        var handedOut = 0
        for job in handed.restoreJobs(now: 0) {
            job.appliesLargeEditsElsewhere = true
            while !job.isFinished {
                job.step { true }
                guard let edit = job.takeEdit() else { continue }
                handedOut += 1
                #expect(job.editInFlight != nil && !job.isFinished)
                job.step { true }  // waits for the edit
                edit.apply()
                job.editApplied(edit)
            }
            _ = job.result()
        }
        #expect(handedOut == Self.edits.count)
        #expect(try RecordTests.counts(handed, "sim-1") == (try RecordTests.counts(inline, "sim-1")))
        #expect(try RecordTests.counts(handed, "sim-1") == (try RecordTests.counts(recorder.service, "sim-1")))
    }
}
