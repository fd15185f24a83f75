import Foundation
import JSONModel
import Scenario
import ScenarioFiles
import ScrollSimService
import TestSupport
import Testing
import Varlink

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let scenarioDirectory = root.appendingPathComponent("Config/scenarios").path

func makeService(limits: SimulatorService.Limits = SimulatorService.Limits()) throws -> SimulatorService {
    try SimulatorService(version: "test", limits: limits, catalog: .directory(scenarioDirectory))
}

/// Sends one call as JSON text, made at the daemon's time `now`, and returns the reply's fields.
func call(_ service: SimulatorService, _ json: String, at now: Double = 0) throws -> [String: JSONValue] {
    let parsed = try VarlinkCall.parse(Data(json.utf8)).get()
    let reply = try #require(service.handle(parsed, at: now))
    return try #require(try JSONValue.parse(reply.framed().dropLast()).get().objectValue)
}

func parameters(_ reply: [String: JSONValue]) -> [String: JSONValue] { reply["parameters"]?.objectValue ?? [:] }

@Suite("io.scrollsim.Simulator")
struct ServiceTests {
    @Test("GetInterfaceDescription serves the .varlink file verbatim; GetInfo lists both interfaces")
    func introspection() throws {
        let service = try makeService()
        let file = try String(
            contentsOf: root.appendingPathComponent("Sources/Service/ScrollSimService/io.scrollsim.Simulator.varlink"), encoding: .utf8)
        let reply = try call(
            service,
            #"{"method":"org.varlink.service.GetInterfaceDescription","parameters":{"interface":"io.scrollsim.Simulator"}}"#)
        #expect(parameters(reply)["description"] == .string(file))
        let info = parameters(try call(service, #"{"method":"org.varlink.service.GetInfo"}"#))
        #expect(info["interfaces"] == .array([.string("org.varlink.service"), .string("io.scrollsim.Simulator")]))
    }

    @Test("open home, advance 20 s: the counts equal an in-process run with the same seed (one engine)")
    func countsMatchLocalRun() throws {
        let service = try makeService()
        let opened = parameters(
            try call(service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home","seed":3}}"#))
        #expect(opened["simulation"]?.objectValue?["simulation"] == .string("sim-1"))
        _ = try call(service, #"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"sim-1","seconds":20}}"#)
        let counts = parameters(
            try call(service, #"{"method":"io.scrollsim.Simulator.GetCounts","parameters":{"simulation":"sim-1"}}"#))
        let local = try ScenarioCatalog.directory(scenarioDirectory).load("home").run(seconds: 20, seed: 3)[0].simulation.counts
            .total
        #expect(counts["total"]?.objectValue?["sectionProvider"] == .number(Double(local.sectionProvider)))
        #expect(counts["total"]?.objectValue?["cellProvider"] == .number(Double(local.cellProvider)))
        #expect(counts["total"]?.objectValue?["dataRequestsCompleted"] == .number(Double(local.dataRequestsCompleted)))
        guard case .array(let sections)? = counts["sections"] else { Issue.record("no sections"); return }
        #expect(sections.count == 3)
    }

    @Test("Perform a fling on the company row, advance, and the visible cells and events follow")
    func perform() throws {
        let service = try makeService()
        _ = try call(
            service,
            #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home","viewport":{"width":390,"height":844}}}"#
        )
        let performed = parameters(
            try call(
                service,
                #"{"method":"io.scrollsim.Simulator.Perform","parameters":{"simulation":"sim-1","gesture":{"fling":{"section":"company","velocity":2000}}}}"#
            ))
        #expect(performed["simulation"] != nil)
        _ = try call(service, #"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"sim-1","seconds":0.4}}"#)
        let visible = parameters(
            try call(service, #"{"method":"io.scrollsim.Simulator.GetVisible","parameters":{"simulation":"sim-1"}}"#))
        guard case .array(let elements)? = visible["elements"] else { Issue.record("no elements"); return }
        // Decelerating at 0.998/ms toward 1080, the row is near 1080 × (1 − 0.998^400) ≈ 595 after 0.4 s:
        // items 1 and 2 are visible in [595, 985); item 3 (x 1090) is prepared within half a row ahead
        // (985 + 195, PF3); item 0 (to x 360) is more than 195 behind (595 − 195 = 400) and has left (PF5).
        let company = elements.compactMap { $0.objectValue }.filter { $0["section"] == .string("company") }.compactMap {
            $0["item"]
        }
        #expect(company == [.number(1), .number(2), .number(3)])
        let events = parameters(
            try call(
                service, #"{"method":"io.scrollsim.Simulator.GetEvents","parameters":{"simulation":"sim-1","after":0,"limit":5}}"#
            ))
        guard case .array(let page)? = events["events"] else { Issue.record("no events"); return }
        #expect(page.count == 5)
        #expect(page.first?.objectValue?["sequence"] == .number(1))
    }

    @Test("GetLayout: the 5d frames for home; a rect narrows it; an inline definition opens")
    func layout() throws {
        let service = try makeService()
        _ = try call(service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home"}}"#)
        let layout = parameters(
            try call(service, #"{"method":"io.scrollsim.Simulator.GetLayout","parameters":{"simulation":"sim-1"}}"#))
        #expect(layout["height"] == .number(990))
        guard case .array(let all)? = layout["elements"] else { Issue.record("no elements"); return }
        #expect(all.count == 12)
        let narrow = parameters(
            try call(
                service,
                #"{"method":"io.scrollsim.Simulator.GetLayout","parameters":{"simulation":"sim-1","rect":{"x":0,"y":0,"width":390,"height":10}}}"#
            ))
        guard case .array(let some)? = narrow["elements"] else { Issue.record("no elements"); return }
        #expect(some.count == 1)
        let inline =
            #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"definition":{"name":"t","sections":[{"id":"a","items":{"count":2},"layout":{"group":{"axis":"horizontal","layoutSize":{"widthDimension":{"fractionalWidth":1},"heightDimension":{"absolute":50}},"subitems":[{"layoutSize":{"widthDimension":{"fractionalWidth":1},"heightDimension":{"fractionalHeight":1}}}]}}}]}}}"#
        #expect(parameters(try call(service, inline))["simulation"]?.objectValue?["simulation"] == .string("sim-2"))
    }

    @Test("GetLayout marks each element's category: modern's grid background is a decoration (G1.13)")
    func decorationCategory() throws {
        let service = try makeService()
        _ = try call(service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"modern"}}"#)
        let layout = parameters(
            try call(service, #"{"method":"io.scrollsim.Simulator.GetLayout","parameters":{"simulation":"sim-1"}}"#))
        guard case .array(let all)? = layout["elements"] else { Issue.record("no elements"); return }
        let elements = all.compactMap(\.objectValue)
        let decorations = elements.filter { $0["category"] == .string("decoration") }
        #expect(decorations.count == 1)
        #expect(decorations.first?["kind"] == .string("section-background"))
        #expect(decorations.first?["section"] == .string("grid"))
        #expect(decorations.first?["item"] == .null)
        #expect(elements.filter { $0["category"] == .string("cell") }.count == 20)
        // The background is inset 5 from the grid section: pages 200 + spacing 3 = 203, so 208.
        #expect(decorations.first?["frame"]?.objectValue?["y"] == .number(208))
        let counts = parameters(
            try call(service, #"{"method":"io.scrollsim.Simulator.GetCounts","parameters":{"simulation":"sim-1"}}"#))
        let total = counts["total"]?.objectValue ?? [:]
        #expect(total["decorationsCreated"] == .number(1))
        #expect(total["supplementaryProvider"] == .number(0))
    }

    static let errorCases: [(String, String)] = [
        (
            #"{"method":"io.scrollsim.Simulator.Perform","parameters":{"simulation":"sim-1","gesture":{"rotate":{"width":1,"height":1e308}}}}"#,
            #"{"error":"io.scrollsim.Simulator.InvalidGesture","parameters":{"message":"gesture.rotate.height: at most 100000 points, got 1e+308"}}"#
        ),
        (
            #"{"method":"io.scrollsim.Simulator.GetCounts","parameters":{"simulation":"sim-9"}}"#,
            #"{"error":"io.scrollsim.Simulator.NoSuchSimulation","parameters":{"simulation":"sim-9"}}"#
        ),
        (
            #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"nope"}}"#,
            #"{"error":"io.scrollsim.Simulator.NoSuchScenario","parameters":{"scenario":"nope"}}"#
        ),
        (
            #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{}}"#,
            #"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"scenario"}}"#
        ),
        (
            #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home","definition":{}}}"#,
            #"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"scenario"}}"#
        ),
        (
            #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"definition":{"name":"x"}}}"#,
            #"{"error":"io.scrollsim.Simulator.InvalidScenario","parameters":{"message":"sections: required"}}"#
        ),
        (
            #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home","policy":"ios9"}}"#,
            #"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"policy"}}"#
        ),
        (
            #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home","seed":-1}}"#,
            #"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"seed"}}"#
        ),
        (
            #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home","color":"red"}}"#,
            #"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"color"}}"#
        ),
        (
            #"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"sim-1","seconds":-5}}"#,
            #"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"seconds"}}"#
        ),
        (
            #"{"method":"io.scrollsim.Simulator.Advance","parameters":{"simulation":"sim-1","seconds":1e9}}"#,
            #"{"error":"io.scrollsim.Simulator.LimitReached","parameters":{"limit":"secondsPerAdvance","maximum":3600}}"#
        ),
        (
            #"{"method":"io.scrollsim.Simulator.Perform","parameters":{"simulation":"sim-1","gesture":{"wiggle":{}}}}"#,
            #"{"error":"io.scrollsim.Simulator.InvalidGesture","parameters":{"message":"gesture: expected exactly one of fling, drag, scrollTo, tap, apply, rotate"}}"#
        ),
        (
            #"{"method":"io.scrollsim.Simulator.Perform","parameters":{"simulation":"sim-1","gesture":{"fling":{"section":"nope","velocity":1}}}}"#,
            #"{"error":"io.scrollsim.Simulator.InvalidGesture","parameters":{"message":"gesture.fling.section: no section \"nope\" (sections: consult, company, expert)"}}"#
        ),
        (
            #"{"method":"io.scrollsim.Simulator.Perform","parameters":{"simulation":"sim-1","gesture":{"fling":{"section":"consult","velocity":1}}}}"#,
            #"{"error":"io.scrollsim.Simulator.InvalidGesture","parameters":{"message":"fling: 'consult' is not an orthogonal section"}}"#
        ),
        (
            #"{"method":"io.scrollsim.Simulator.GetEvents","parameters":{"simulation":"sim-1","limit":100000}}"#,
            #"{"error":"io.scrollsim.Simulator.LimitReached","parameters":{"limit":"eventsPerPage","maximum":1000}}"#
        ),
        (
            #"{"method":"io.scrollsim.Simulator.Watch","parameters":{}}"#,
            #"{"error":"org.varlink.service.ExpectedMore"}"#
        ),
        (
            #"{"method":"io.scrollsim.Simulator.Watch","parameters":{"simulation":"sim-9"},"more":true}"#,
            #"{"error":"io.scrollsim.Simulator.NoSuchSimulation","parameters":{"simulation":"sim-9"}}"#
        ),
        (
            #"{"method":"io.scrollsim.Simulator.Watch","parameters":{"interval":0},"more":true}"#,
            #"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"interval"}}"#
        ),
        (
            #"{"method":"io.scrollsim.Simulator.Watch","parameters":{"interval":"soon"},"more":true}"#,
            #"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"interval"}}"#
        ),
        (
            #"{"method":"io.scrollsim.Simulator.Profile","parameters":{"scenario":"home","policies":["ios9"]}}"#,
            #"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"policies[0]"}}"#
        ),
        (
            #"{"method":"io.scrollsim.Simulator.Profile","parameters":{"scenario":"home","seconds":1e6}}"#,
            #"{"error":"io.scrollsim.Simulator.LimitReached","parameters":{"limit":"profileSeconds","maximum":600}}"#
        ),
        (
            #"{"method":"io.scrollsim.Simulator.Profile","parameters":{"scenario":"../etc/passwd"}}"#,
            #"{"error":"io.scrollsim.Simulator.NoSuchScenario","parameters":{"scenario":"../etc/passwd"}}"#
        ),
        (
            #"{"method":"io.scrollsim.Simulator.Nope"}"#,
            #"{"error":"org.varlink.service.MethodNotFound","parameters":{"method":"io.scrollsim.Simulator.Nope"}}"#
        ),
        (
            #"{"method":"io.scrollsim.Simulator.GetCounts","parameters":{"simulation":7}}"#,
            #"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"simulation"}}"#
        ),
        (
            #"{"method":"io.scrollsim.Simulator.GetCounts"}"#,
            #"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"simulation"}}"#
        ),
        (
            #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home","clock":"sundial"}}"#,
            #"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"clock"}}"#
        ),
    ]

    @Test("errors name what is wrong", arguments: errorCases)
    func errors(request: String, expected: String) throws {
        let service = try makeService()
        _ = try call(service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"home"}}"#)
        let request = try VarlinkCall.parse(Data(request.utf8)).get()
        guard case .reply(let reply?) = service.route(request, at: 0) else {
            Issue.record("no immediate reply")
            return
        }
        #expect(String(decoding: reply.framed().dropLast(), as: UTF8.self) == expected)
    }

    @Test("limits: open simulations, and a layout too large for one reply without a rect")
    func limits() throws {
        var limits = SimulatorService.Limits()
        limits.simulations = 2
        let service = try makeService(limits: limits)
        for _ in 0..<2 {
            _ = try call(service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"modern"}}"#)
        }
        let third = try call(service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"modern"}}"#)
        #expect(third["error"] == .string("io.scrollsim.Simulator.LimitReached"))
        _ = try call(service, #"{"method":"io.scrollsim.Simulator.CloseSimulation","parameters":{"simulation":"sim-1"}}"#)
        let absurd =
            #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"definition":{"name":"big","sections":[{"id":"a","items":{"count":1000000000},"layout":{"group":{"axis":"horizontal","layoutSize":{"widthDimension":{"fractionalWidth":1},"heightDimension":{"absolute":50}},"subitems":[{"layoutSize":{"widthDimension":{"fractionalWidth":1},"heightDimension":{"fractionalHeight":1}}}]}}}]}}}"#
        let refused = try call(service, absurd)
        #expect(refused["error"] == .string("io.scrollsim.Simulator.InvalidScenario"))
        #expect(parameters(refused)["message"].map { "\($0)" }?.contains("at most 2000000") == true)
        let huge =
            #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"definition":{"name":"big","sections":[{"id":"a","items":{"count":1000000},"layout":{"group":{"axis":"horizontal","layoutSize":{"widthDimension":{"fractionalWidth":1},"heightDimension":{"absolute":50}},"subitems":[{"layoutSize":{"widthDimension":{"fractionalWidth":1},"heightDimension":{"fractionalHeight":1}}}]}}}]}}}"#
        #expect(parameters(try call(service, huge))["simulation"] != nil)
        let layout = try call(service, #"{"method":"io.scrollsim.Simulator.GetLayout","parameters":{"simulation":"sim-3"}}"#)
        #expect(layout["error"] == .string("io.scrollsim.Simulator.LimitReached"))
        let window = parameters(
            try call(
                service,
                #"{"method":"io.scrollsim.Simulator.GetLayout","parameters":{"simulation":"sim-3","rect":{"x":0,"y":25000000,"width":390,"height":844}}}"#
            ))
        guard case .array(let elements)? = window["elements"] else { Issue.record("no elements"); return }
        #expect(elements.count == 17)  // 10^6 items; the 844-pt window holds 17 rows of 50
        let list = parameters(try call(service, #"{"method":"io.scrollsim.Simulator.ListSimulations"}"#))
        #expect(list["simulations"].map { if case .array(let a) = $0 { a.count } else { 0 } } == 2)
    }
}

@Suite("io.scrollsim.Simulator IDL interop")
struct InterfaceInteropTests {
    static let hasPythonVarlink = Python.canImport("varlink")

    @Test(
        "the PyPI varlink reference parser accepts io.scrollsim.Simulator",
        .enabled(if: hasPythonVarlink, "needs python3 with varlink (.ci/run installs it)"))
    func referenceParser() throws {
        let (status, printed) = try Python.run(
            "import sys, varlink; i = varlink.Interface(sys.stdin.read()); print(i.name, len(i.members))",
            input: SimulatorService.interfaceText)
        #expect(status == 0, "\(printed)")
        #expect(printed.hasPrefix("io.scrollsim.Simulator "))
    }
}

@Suite("Limits a client cannot grow past")
struct GrowthLimitTests {
    @Test("appendItems cannot grow a simulation past the 2,000,000 items an open may hold")
    func appendLimit() throws {
        var limits = SimulatorService.Limits()
        limits.itemsPerEdit = 1_000_000
        let service = try makeService(limits: limits)
        _ = try call(service, #"{"method":"io.scrollsim.Simulator.OpenSimulation","parameters":{"scenario":"modern"}}"#)
        let append =
            #"{"method":"io.scrollsim.Simulator.Perform","parameters":{"simulation":"sim-1","gesture":{"apply":{"appendItems":{"section":"grid","count":1000000}}}}}"#
        _ = try call(service, append)
        let refused = try call(service, append)
        #expect(refused["error"] == .string("io.scrollsim.Simulator.InvalidGesture"))
        #expect(
            refused["parameters"]?.objectValue?["message"]
                == .string("appendItems: grid would make 2000020 items; a simulation holds at most 2000000"))
        // Nothing was applied: the data still holds 1,000,020 items.
        let counts = try call(service, #"{"method":"io.scrollsim.Simulator.GetCounts","parameters":{"simulation":"sim-1"}}"#)
        #expect(counts["parameters"]?.objectValue?["total"]?.objectValue?["inserted"] == .number(1_000_000))
    }
}
