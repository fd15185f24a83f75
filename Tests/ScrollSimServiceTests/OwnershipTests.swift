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
        let reply = try route(
            service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home"}}"#, as: caller)
        return try #require(reply["parameters"]?.objectValue?["simulation"]?.objectValue?["simulation"]?.stringValue, "\(reply)")
    }

    @Test("only the owner, root or the daemon change or close a simulation; anyone reads it; the owner is stored")
    func ownerOnly() throws {
        let service = try makeService()
        let id = try Self.open(service, as: Self.alice)
        let advance = #"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"\#(id)","seconds":1}}"#
        let fling =
            #"{"method":"io.scrollsim.Simulator.Perform","parameters":{"simulation":"\#(id)","gesture":{"fling":{"velocity":1000}}}}"#
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
            service, #"{"method":"io.scrollsim.Simulator.CloseSimulation","parameters":{"simulation":"\#(live)"}}"#,
            as: Self.alice)
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

    /// A one-section definition of `items` 50-point rows, with a feed of 5-item pages requested
    /// while a cell among the last 2 is (it keeps loading while the rows fit on screen).
    static func definition(items: Int, feed: Bool = false) -> String {
        let feeds = feed ? #","feeds":[{"section":"s0","pageSize":5,"trigger":{"itemsFromEnd":2},"latency":0.1}]"# : ""
        return
            #"{"name":"d","sections":[{"id":"s0","items":{"count":\#(items)},"layout":{"group":{"axis":"horizontal","layoutSize":{"widthDimension":{"fractionalWidth":1},"heightDimension":{"absolute":50}},"subitems":[{"layoutSize":{"widthDimension":{"fractionalWidth":1},"heightDimension":{"fractionalHeight":1}}}]}}}]\#(feeds)}"#
    }

    static func openDefinition(_ service: SimulatorService, _ definition: String, as caller: Caller) throws -> [String: JSONValue]
    {
        try route(
            service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"definition":\#(definition)}}"#, as: caller
        )
    }

    static func append(_ service: SimulatorService, _ id: String, _ count: Int, as caller: Caller) throws -> [String: JSONValue] {
        try route(
            service,
            #"{"method":"io.scrollsim.Simulator.Perform","parameters":{"simulation":"\#(id)","gesture":{"apply":{"appendItems":{"section":"s0","count":\#(count)}}}}}"#,
            as: caller)
    }

    static func limit(_ reply: [String: JSONValue]) -> String? {
        reply["error"] == "io.scrollsim.Simulator.LimitReached" ? reply["parameters"]?.objectValue?["limit"]?.stringValue : nil
    }

    @Test(
        "MaxItemsPerUser bounds what one user's simulations hold: opens and appends past it are LimitReached, deletes and closes give items back, root's own simulations are not counted"
    )
    func itemQuota() throws {
        var limits = SimulatorService.Limits()
        limits.itemsPerUser = 250
        let service = try makeService(limits: limits)
        #expect(try Self.openDefinition(service, Self.definition(items: 100), as: Self.alice)["error"] == nil)
        #expect(try Self.openDefinition(service, Self.definition(items: 100), as: Self.alice)["error"] == nil)
        #expect(Self.limit(try Self.openDefinition(service, Self.definition(items: 100), as: Self.alice)) == "itemsPerUser")
        #expect(try Self.openDefinition(service, Self.definition(items: 100), as: Self.bob)["error"] == nil)
        #expect(Self.limit(try Self.append(service, "sim-1", 60, as: Self.alice)) == "itemsPerUser")
        #expect(try Self.append(service, "sim-1", 50, as: Self.alice)["error"] == nil)
        #expect(Self.limit(try Self.append(service, "sim-2", 1, as: Self.alice)) == "itemsPerUser")
        let delete =
            #"{"method":"io.scrollsim.Simulator.Perform","parameters":{"simulation":"sim-1","gesture":{"apply":{"deleteItems":{"section":"s0","count":30}}}}}"#
        #expect(try Self.route(service, delete, as: Self.alice)["error"] == nil)
        #expect(try Self.append(service, "sim-2", 30, as: Self.alice)["error"] == nil)
        let close = #"{"method":"io.scrollsim.Simulator.CloseSimulation","parameters":{"simulation":"sim-2"}}"#
        #expect(try Self.route(service, close, as: Self.alice)["error"] == nil)
        #expect(try Self.openDefinition(service, Self.definition(items: 120), as: Self.alice)["error"] == nil)
        for _ in 0..<3 { #expect(try Self.openDefinition(service, Self.definition(items: 200), as: Self.root)["error"] == nil) }
        // A simulation's items are its owner's, whoever edits it.
        #expect(Self.limit(try Self.append(service, "sim-1", 1_000, as: Self.root)) == "itemsPerUser")
    }

    @Test(
        "a feed that would take its user past MaxItemsPerUser stops loading, and its simulation says so; the daemon's own feeds are not counted"
    )
    func feedStopsAtTheQuota() throws {
        var limits = SimulatorService.Limits()
        limits.itemsPerUser = 14
        let service = try makeService(limits: limits)
        #expect(try Self.openDefinition(service, Self.definition(items: 3, feed: true), as: Self.alice)["error"] == nil)
        let advance = #"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"sim-1","seconds":5}}"#
        let reply = try Self.route(service, advance, as: Self.alice)
        let info = try #require(reply["parameters"]?.objectValue?["simulation"]?.objectValue, "\(reply)")
        let warnings = info["warnings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(warnings.contains { $0.contains("stopped before page 3: limit itemsPerUser reached") }, "\(warnings)")
        let counts = try Self.route(
            service, #"{"method":"io.scrollsim.Simulator.GetCounts","parameters":{"simulation":"sim-1"}}"#, as: Self.alice)
        #expect(counts["parameters"]?.objectValue?["total"]?.objectValue?["dataRequestsCompleted"] == 3)

        #expect(try Self.openDefinition(service, Self.definition(items: 3, feed: true), as: Caller.daemon)["error"] == nil)
        _ = try Self.route(service, advance.replacingOccurrences(of: "sim-1", with: "sim-2"), as: Caller.daemon)
        let daemonCounts = try Self.route(
            service, #"{"method":"io.scrollsim.Simulator.GetCounts","parameters":{"simulation":"sim-2"}}"#, as: Self.alice)
        #expect((daemonCounts["parameters"]?.objectValue?["total"]?.objectValue?["dataRequestsCompleted"]?.numberValue ?? 0) > 3)
    }

    @Test("ReadOthers=no: another user's simulation is NotOwner to read and left out of ListSimulations and Watch; live ones and root see all")
    func readOthersNo() throws {
        var limits = SimulatorService.Limits()
        limits.readOthers = false
        let service = try makeService(limits: limits)
        #expect(service.reconcileLive([LiveSimulationSpec(scenario: "home", width: 390, height: 844)], at: 0).isEmpty)
        let live = try #require(service.liveIDs.first)
        let mine = try Self.open(service, as: Self.alice)
        let counts = #"{"method":"io.scrollsim.Simulator.GetCounts","parameters":{"simulation":"\#(mine)"}}"#
        let refused = try Self.route(service, counts, as: Self.bob)
        #expect(refused["error"] == "io.scrollsim.Simulator.NotOwner", "\(refused)")
        #expect(refused["parameters"]?.objectValue?["message"]?.stringValue?.contains("ReadOthers=no") == true)
        #expect(try Self.route(service, counts, as: Self.alice)["error"] == nil)
        #expect(try Self.route(service, counts, as: Self.root)["error"] == nil)
        let liveCounts = #"{"method":"io.scrollsim.Simulator.GetCounts","parameters":{"simulation":"\#(live)"}}"#
        #expect(try Self.route(service, liveCounts, as: Self.bob)["error"] == nil)

        func listed(as caller: Caller) throws -> [String] {
            let reply = try Self.route(service, #"{"method":"io.scrollsim.Simulator.ListSimulations"}"#, as: caller)
            return (reply["parameters"]?.objectValue?["simulations"]?.arrayValue ?? []).compactMap {
                $0.objectValue?["simulation"]?.stringValue
            }
        }
        #expect(try listed(as: Self.bob) == [live])
        #expect(try listed(as: Self.alice).sorted() == [live, mine].sorted())
        #expect(try listed(as: Self.root).count == 2)

        let watch = try VarlinkCall.parse(Data(#"{"method":"io.scrollsim.Simulator.Watch","more":true}"#.utf8)).get()
        guard case .watch(let stream) = service.route(watch, at: 0, caller: Self.bob) else {
            Issue.record("Watch is not a stream")
            return
        }
        _ = try Self.route(service, #"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"\#(mine)","seconds":2}}"#, as: Self.alice)
        let seen = Set(stream.poll(service, now: 5, room: 10_000).compactMap { $0.parameters["simulation"]?.stringValue })
        #expect(!seen.contains(mine), "\(seen)")
    }
}
