import CollectionView
import CompositionalLayout
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

    /// The shipped scenario's definition with a notch's safe area on its viewport.
    static func notched(_ service: SimulatorService, _ name: String) throws -> JSONValue {
        guard case .object(var definition) = try service.catalog.definition(name),
            case .object(var viewport)? = definition["viewport"]
        else { throw RecordTests.Failure(message: "\(name) has no viewport") }
        viewport["safeAreaInsets"] = .object(["top": 47, "bottom": 34])
        definition["viewport"] = .object(viewport)
        return .object(definition)
    }

    /// The shipped scenario as a definition whose viewport has a notch's safe area.
    static func withSafeArea(_ service: SimulatorService, _ name: String) throws -> String {
        #""definition":"# + String(decoding: try notched(service, name).encoded(), as: UTF8.self)
    }

    @Test(
        "Profile without viewports and with the standard viewports given explicitly gives byte-identical reports for every shipped scenario, with and without a safe area",
        arguments: try makeService().catalog.names())
    func defaultViewportsAreExplicitOnes(_ scenario: String) throws {
        let service = try makeService()
        let standard =
            "[" + ViewportSize.standard.map { #"{"width":\#(Int($0.width)),"height":\#(Int($0.height))}"# }.joined(separator: ",")
            + "]"
        for source in [#""scenario":"\#(scenario)""#, try Self.withSafeArea(service, scenario)] {
            let defaulted = try Self.profile(service, source, viewports: nil)
            let explicit = try Self.profile(service, source, viewports: standard)
            #expect(defaulted.error == nil, "\(defaulted.parameters)")
            #expect(defaulted.framed() == explicit.framed(), "\(source.prefix(40))")
        }
    }

    @Test(
        "the Swift API's RunPlan resolves the runs the daemon's Profile does: the same counts, run for run, for every shipped scenario with and without a safe area",
        arguments: try makeService().catalog.names())
    func swiftPlanIsTheDaemonsProfile(_ name: String) throws {
        let service = try makeService()
        let policies: [InvalidationPolicy] = [.uikit, .targeted]
        for notch in [false, true] {
            let scenario =
                notch ? try ScenarioParser().parse(try Self.notched(service, name)) : try service.catalog.load(name)
            let source = notch ? try Self.withSafeArea(service, name) : #""scenario":"\#(name)""#
            let reply = try Self.profile(service, source, viewports: nil)
            let daemon = reply.parameters["runs"]?.arrayValue ?? []
            let local = try scenario.run(RunPlan(scenario, policies: policies), seconds: 3)
            #expect(daemon.count == local.count && local.count == ViewportSize.standard.count * policies.count)
            for (remote, run) in zip(daemon, local) {
                let fields = remote.objectValue ?? [:]
                #expect(fields["policy"] == .string(run.policy.rawValue))
                #expect(
                    fields["viewport"] == .object(["width": .number(run.viewport.width), "height": .number(run.viewport.height)]))
                #expect(fields["counts"] == .object(run.simulation.counts.total.jsonFields), "\(name) notch \(notch)")
            }
        }
    }

    @Test("a size given resolves over the scenario's own viewport: its scale and safe area kept; nil is the scenario's own")
    func sizesKeepScaleAndSafeArea() throws {
        var scenario = try makeService().catalog.load("home")
        scenario.viewport = ScenarioViewport(
            width: 390, height: 844, scale: 2, safeAreaInsets: DirectionalEdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0)
        )
        let resized = scenario.viewport(at: ViewportSize(width: 375, height: 667))
        #expect(resized == ScenarioViewport(width: 375, height: 667, scale: 2, safeAreaInsets: scenario.viewport.safeAreaInsets))
        #expect(scenario.viewport(at: nil) == scenario.viewport)
        let plan = RunPlan(scenario)
        #expect(
            plan.runs.map(\.viewport.width) == [375, 390, 430] && plan.runs.allSatisfy { $0.policy == scenario.invalidation })
        #expect(plan.runs[1].viewport == scenario.viewport)
    }
}
