import Foundation
import JSONModel
import Scenario
import ScrollSimService
import Testing
import Varlink

/// A run's numbers never depend on how its parameters were asked for: defaults and the same
/// values given explicitly resolve to the same run.
@Suite("run parameters resolve once")
struct RunParameterTests {
    /// Profiles `source` (a `"scenario":…` or `"definition":…` member) on two policies.
    static func profile(_ service: SimulatorService, _ source: String, viewports: String?) throws -> VarlinkReply {
        let sizes = viewports.map { #","viewports":\#($0)"# } ?? ""
        let json =
            #"{"method":"io.scrollsim.Simulator.Profile","parameters":{\#(source),"seconds":3,"policies":["uikit","targeted"]\#(sizes)}}"#
        guard case .job(let job) = service.route(try VarlinkCall.parse(Data(json.utf8)).get(), at: 0) else {
            throw RecordTests.Failure(message: "Profile is not a job")
        }
        while !job.isFinished { job.step { true } }
        return job.result()
    }

    /// The shipped scenario as a definition whose viewport has a notch's safe area.
    static func withSafeArea(_ service: SimulatorService, _ name: String) throws -> String {
        guard case .object(var definition) = try service.catalog.definition(name),
            case .object(var viewport)? = definition["viewport"]
        else { throw RecordTests.Failure(message: "\(name) has no viewport") }
        viewport["safeAreaInsets"] = .object(["top": 47, "bottom": 34])
        definition["viewport"] = .object(viewport)
        return #""definition":"# + String(decoding: JSONValue.object(definition).encoded(), as: UTF8.self)
    }

    @Test(
        "Profile without viewports and with the standard viewports given explicitly gives byte-identical reports for every shipped scenario, with and without a safe area",
        arguments: try makeService().catalog.names())
    func defaultViewportsAreExplicitOnes(_ scenario: String) throws {
        let service = try makeService()
        let standard =
            "[" + Scenario.standardViewports.map { #"{"width":\#(Int($0.width)),"height":\#(Int($0.height))}"# }.joined(separator: ",")
            + "]"
        for source in [#""scenario":"\#(scenario)""#, try Self.withSafeArea(service, scenario)] {
            let defaulted = try Self.profile(service, source, viewports: nil)
            let explicit = try Self.profile(service, source, viewports: standard)
            #expect(defaulted.error == nil, "\(defaulted.parameters)")
            #expect(defaulted.framed() == explicit.framed(), "\(source.prefix(40))")
        }
    }
}
