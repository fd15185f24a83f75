import CollectionView
import Foundation
import JSONModel
import Scenario
import ScrollSimService
import ScrollSimulation
import Testing
import Varlink

/// The reply types the service builds and clients decode: one declaration for both sides.
@Suite("reply types")
struct ReplyTypeTests {
    @Test("a SimulationInfo the service sends decodes back to what it says, optional fields included")
    func roundTrip() throws {
        let service = try makeService()
        let opened = parameters(
            try call(service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home","seed":7}}"#))
        let info = try SimulationInfo(json: try #require(opened["simulation"]))
        #expect(info.simulation == "sim-1" && info.scenario == "home" && info.seed == 7 && info.clock == "virtual")
        #expect(!info.restoring && info.behind == nil && info.failure == nil)
        #expect(info.json == opened["simulation"])
        var marked = info
        marked.restoring = true
        marked.behind = 2.5
        #expect(try SimulationInfo(json: marked.json) == marked)
    }

    @Test("a reply missing a field, or with one of another type, is an error naming the field")
    func namedErrors() throws {
        let good = SimulationInfo(
            simulation: "sim-1", scenario: "home", width: 390, height: 844, policy: "uikit", seed: 0, clock: "virtual",
            live: false, time: 1, warnings: [])
        guard case .object(var fields) = good.json else { return }
        fields["time"] = .string("soon")
        #expect(throws: ReplyError("SimulationInfo.time: missing or mistyped")) { try SimulationInfo(json: .object(fields)) }
        fields["time"] = 1
        fields["viewport"] = .object(["width": 390])
        #expect(throws: ReplyError("SimulationInfo.viewport.height: missing or mistyped")) {
            try SimulationInfo(json: .object(fields))
        }
    }

    /// A service with the home scenario open as sim-1 and advanced 3 s.
    static func homeAfterThreeSeconds() throws -> SimulatorService {
        let service = try makeService()
        _ = try call(service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home"}}"#)
        _ = try call(service, #"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"sim-1","seconds":3}}"#)
        return service
    }

    @Test("GetCounts, GetStatus and Profile replies the service sends decode back to what they say")
    func countsStatusAndProfile() throws {
        let service = try Self.homeAfterThreeSeconds()
        let counts = parameters(
            try call(service, #"{"method":"io.scrollsim.Simulator.GetCounts","parameters":{"simulation":"sim-1"}}"#))
        let decoded = try CountsReply(json: .object(counts))
        #expect(decoded.total.cellProvider > 0 && decoded.total.layoutPasses > 0 && decoded.behind == nil)
        #expect(decoded.sections.map(\.section) == ["consult", "company", "expert"])
        #expect(decoded.sections.map(\.counts.cellProvider).reduce(0, +) == decoded.total.cellProvider)
        #expect(decoded.parameters == counts)

        let status = parameters(try call(service, #"{"method":"io.scrollsim.Simulator.GetStatus"}"#))
        let statusReply = try StatusReply(json: .object(status))
        #expect(statusReply.simulations == 1 && statusReply.version == service.version && statusReply.daemon.state == nil)
        #expect(statusReply.parameters == status)
        var withState = statusReply
        withState.daemon.state = SimulatorService.StateStatus(records: 3, syncs: 2, fileBytes: 400, restoring: 1)
        #expect(try StatusReply(json: .object(withState.parameters)) == withState)

        let request = try VarlinkCall.parse(
            Data(
                #"{"method":"io.scrollsim.Simulator.Profile","parameters":{"scenario":"home","seconds":2,"policies":["uikit"],"viewports":[{"width":390,"height":844}]}}"#
                    .utf8)
        ).get()
        guard case .job(let job) = service.route(request, at: 0) else { throw ReplyError("Profile: not a job") }
        while !job.isFinished { job.step { true } }
        let profile = job.result().parameters
        let runs = try ProfileRunReply.runs(profile)
        #expect(runs.count == 1 && runs[0].policy == "uikit" && runs[0].width == 390 && runs[0].counts.sectionProvider > 0)
        #expect(runs.map(\.json) == profile["runs"]?.arrayValue)
    }

    @Test("every counter is in Counts.fields once, so replies encode and decode all of them")
    func countsFieldsAreComplete() throws {
        let names = Counts.fields.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.count == Mirror(reflecting: Counts()).children.count)
        var counts = Counts()
        for (index, field) in Counts.fields.enumerated() { counts[keyPath: field.keyPath] = index + 1 }
        #expect(counts.named.map(\.1) == Array(1...names.count))
        #expect(counts[named: "cellProvider"] == counts.cellProvider && counts[named: "nonsense"] == nil)
        let reply = CountsReply(total: counts, sections: [SectionCounts(section: "a", counts: counts)], behind: 1.5)
        #expect(try CountsReply(json: .object(reply.parameters)) == reply)
    }

    @Test("counts or a status missing a field, or with one of another type, are errors naming it")
    func countsAndStatusErrors() throws {
        var total = Counts().jsonFields
        total["frames"] = nil
        #expect(throws: ReplyError("GetCounts.total.frames: missing or mistyped")) {
            try CountsReply(json: .object(["total": .object(total), "sections": .array([])]))
        }
        #expect(throws: ReplyError("GetCounts.sections[0].counts: expected an object")) {
            try CountsReply(
                json: .object([
                    "total": .object(Counts().jsonFields),
                    "sections": .array([.object(["section": .string("a"), "counts": .number(3)])]),
                ]))
        }
        #expect(throws: ReplyError("GetCounts.behind: mistyped")) {
            try CountsReply(
                json: .object(["total": .object(Counts().jsonFields), "sections": .array([]), "behind": .string("far")]))
        }
        let reply = StatusReply(
            version: "1", simulations: 0, liveSimulations: 0, scenarios: 3, eventLogCapacity: 400, daemon: .init())
        #expect(try StatusReply(json: .object(reply.parameters)) == reply)
        var status = reply.parameters
        status.removeValue(forKey: "eventLogCapacity")
        #expect(try StatusReply(json: .object(status)).eventLogCapacity == nil, "a daemon that does not say")
        status["ticks"] = .object(["ticks": .number(1)])
        #expect(throws: ReplyError("GetStatus.ticks.intervalMs: missing or mistyped")) { try StatusReply(json: .object(status)) }
    }

    @Test("Watch updates round-trip: an event, counts, a closing, with the events dropped before them")
    func watchUpdates() throws {
        let record = SimulationRecord(
            sequence: 4, time: 1.25, kind: .cell, section: "company", item: 3, detail: "created", cause: "frame",
            facts: .none)
        var counts = Counts()
        counts.cellProvider = 9
        for update in [
            WatchUpdate(simulation: "sim-1", time: 1.25, .event(record), dropped: 7),
            WatchUpdate(simulation: "sim-1", time: 2, .counts(counts)), WatchUpdate(simulation: "sim-1", time: 0, .closed),
        ] {
            #expect(try WatchUpdate(json: .object(update.parameters)) == update)
        }
        #expect(throws: ReplyError("Watch: expected an event, counts or closed")) {
            try WatchUpdate(json: .object(["simulation": .string("sim-1"), "time": .number(0)]))
        }
        var unknown = record.json.objectValue ?? [:]
        unknown["kind"] = .string("a kind from a newer daemon")
        #expect(
            try WatchUpdate(json: .object(["simulation": .string("sim-1"), "time": .number(0), "event": .object(unknown)])) == nil
        )
    }

    @Test("GetLayout, GetVisible and GetEvents replies the service sends decode back to what they say")
    func layoutVisibleAndEvents() throws {
        let service = try Self.homeAfterThreeSeconds()
        let layout = parameters(
            try call(service, #"{"method":"io.scrollsim.Simulator.GetLayout","parameters":{"simulation":"sim-1"}}"#))
        let decodedLayout = try LayoutReply(json: .object(layout))
        #expect(decodedLayout.sections.map(\.section) == ["consult", "company", "expert"])
        #expect(decodedLayout.sections.map(\.orthogonal) == [false, true, true])
        #expect(decodedLayout.elements.contains { $0.kind == "cell" && $0.section == "company" && $0.item == 0 })
        #expect(decodedLayout.width == 390 && decodedLayout.height > 844)
        #expect(decodedLayout.parameters == layout)

        let visible = parameters(
            try call(service, #"{"method":"io.scrollsim.Simulator.GetVisible","parameters":{"simulation":"sim-1"}}"#))
        let decodedVisible = try VisibleReply(json: .object(visible))
        #expect(!decodedVisible.elements.isEmpty && decodedVisible.elements.allSatisfy { $0.category == "cell" })
        #expect(decodedVisible.rows.map(\.section) == ["company", "expert"])
        #expect(decodedVisible.parameters == visible)

        let events = parameters(
            try call(
                service, #"{"method":"io.scrollsim.Simulator.GetEvents","parameters":{"simulation":"sim-1","limit":5}}"#))
        let page = try EventsReply(json: .object(events))
        #expect(page.events.map(\.sequence) == [1, 2, 3, 4, 5] && page.lastSequence == 5 && page.total > 5)
        #expect(page.parameters == events)

        var broken = layout
        broken["elements"] = .array([.object(["kind": .string("cell")])])
        #expect(throws: ReplyError("GetLayout.elements[0].category: missing or mistyped")) {
            try LayoutReply(json: .object(broken))
        }
    }
}
