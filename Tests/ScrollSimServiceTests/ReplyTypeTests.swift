import Foundation
import JSONModel
import ScrollSimService
import Testing

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
        #expect(throws: ReplyError("SimulationInfo.viewport: expected width and height")) {
            try SimulationInfo(json: .object(fields))
        }
    }
}
