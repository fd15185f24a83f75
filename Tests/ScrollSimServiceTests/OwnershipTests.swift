import Foundation
import JSONModel
import ScrollSimService
import Testing
import Varlink

/// A shared daemon's simulations belong to the users who opened them.
@Suite("ownership and per-user quotas")
struct OwnershipTests {
    static let alice = Caller(uid: 1001, isAdministrator: false)
    static let bob = Caller(uid: 1002, isAdministrator: false)
    static let root = Caller(uid: 0, isAdministrator: true)

    /// Routes one call as `caller` and returns its reply's fields (a job is run to its end).
    static func route(_ service: SimulatorService, _ json: String, as caller: Caller) throws -> [String: JSONValue] {
        let parsed = try VarlinkCall.parse(Data(json.utf8)).get()
        let reply: VarlinkReply
        switch service.route(parsed, at: 0, caller: caller) {
        case .reply(let answer): reply = try #require(answer)
        case .reusable(let answer, _): reply = answer
        case .job(let job):
            while !job.isFinished { job.step { true } }
            reply = job.result()
        default:
            Issue.record("unexpected route")
            return [:]
        }
        return try #require(try JSONValue.parse(reply.framed().dropLast()).get().objectValue)
    }

    static func open(_ service: SimulatorService, as caller: Caller) throws -> String {
        let reply = try route(service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home"}}"#, as: caller)
        return try #require(reply["parameters"]?.objectValue?["simulation"]?.objectValue?["simulation"]?.stringValue, "\(reply)")
    }

    @Test("only the owner, root or the daemon change or close a simulation; anyone reads it; the owner is stored")
    func ownerOnly() throws {
        let service = try makeService()
        let id = try Self.open(service, as: Self.alice)
        let advance = #"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"\#(id)","seconds":1}}"#
        let fling = #"{"method":"io.scrollsim.Simulator.Perform","parameters":{"simulation":"\#(id)","gesture":{"fling":{"velocity":1000}}}}"#
        let close = #"{"method":"io.scrollsim.Simulator.CloseSimulation","parameters":{"simulation":"\#(id)"}}"#
        for json in [advance, fling, close] {
            let refused = try Self.route(service, json, as: Self.bob)
            #expect(refused["error"] == "io.scrollsim.Simulator.NotOwner", "\(refused)")
            #expect(refused["parameters"]?.objectValue?["message"]?.stringValue?.contains("belongs to user 1001") == true)
        }
        let read = try Self.route(
            service, #"{"method":"io.scrollsim.Simulator.GetCounts","parameters":{"simulation":"\#(id)"}}"#, as: Self.bob)
        #expect(read["error"] == nil)
        #expect(try Self.route(service, advance, as: Self.alice)["error"] == nil)
        #expect(try Self.route(service, fling, as: Self.root)["error"] == nil)
        #expect(try Self.route(service, close, as: Self.alice)["error"] == nil)

        var stored: [InputRecord] = []
        service.persist = { stored.append($0) }
        _ = try Self.open(service, as: Self.bob)
        guard case .open(let record)? = stored.first else {
            Issue.record("no open record stored")
            return
        }
        #expect(record.owner == 1002)
        #expect(try InputRecord(json: record.json) == .open(record))
    }

    @Test("the configuration's live simulations belong to the daemon")
    func liveBelongsToTheDaemon() throws {
        let service = try makeService()
        #expect(service.reconcileLive([LiveSimulationSpec(scenario: "home", width: 390, height: 844)], at: 0).isEmpty)
        let live = try #require(service.liveIDs.first)
        let refused = try Self.route(
            service, #"{"method":"io.scrollsim.Simulator.CloseSimulation","parameters":{"simulation":"\#(live)"}}"#, as: Self.alice)
        #expect(refused["error"] == "io.scrollsim.Simulator.NotOwner")
    }

    @Test("a user past MaxSimulationsPerUser gets LimitReached naming it; other users and root still open")
    func quota() throws {
        var limits = SimulatorService.Limits()
        limits.simulationsPerUser = 2
        let service = try makeService(limits: limits)
        _ = try Self.open(service, as: Self.alice)
        _ = try Self.open(service, as: Self.alice)
        let refused = try Self.route(
            service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home"}}"#, as: Self.alice)
        #expect(refused["error"] == "io.scrollsim.Simulator.LimitReached")
        #expect(refused["parameters"]?.objectValue?["limit"] == "simulationsPerUser")
        _ = try Self.open(service, as: Self.bob)
        _ = try Self.open(service, as: Self.root)
        _ = try Self.open(service, as: Self.root)
    }
}
