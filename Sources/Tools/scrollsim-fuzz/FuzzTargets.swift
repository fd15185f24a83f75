import CompositionalLayout
import Foundation
import JSONModel
import Scenario
import ScrollSimService
import ShippedScenarios
import Varlink

/// The fuzz targets: each takes arbitrary bytes and must neither crash nor hang, whatever they
/// are. `Fuzz/run.sh` builds them with libFuzzer and AddressSanitizer; the driver replays files
/// through them without (the tests run the seed corpus that way).
enum FuzzTargets {
    static let all: [String: @Sendable ([UInt8]) -> Void] = ["frames": frames, "dispatch": dispatch, "scenario": scenario]

    /// The Varlink frame decoder and call parser: bytes in any split, as a connection reads them.
    static func frames(_ bytes: [UInt8]) {
        var connection = VarlinkConnection(maxMessageSize: 4_096)
        // The first byte decides how the input is split across reads.
        let chunk = max(1, Int(bytes.first ?? 1))
        var index = 0
        while index < bytes.count {
            connection.receive(bytes[index..<min(bytes.count, index + chunk)])
            index += chunk
            while let step = connection.next() {
                if case .call(let call) = step { _ = VarlinkReply(parameters: call.parameters).framed() }
            }
        }
    }

    /// One service for the whole run, with a simulation open: the dispatcher sees calls against
    /// real state. Limits keep each input's work small (a fuzzer runs thousands per second).
    nonisolated(unsafe) static let service: SimulatorService = {
        let service = try! SimulatorService(version: "fuzz", catalog: .embedded(ShippedScenarios.files))
        service.limits.simulations = 8
        service.limits.secondsPerAdvance = 2
        service.limits.profileSeconds = 1
        service.limits.profileRuns = 2
        service.limits.eventsPerPage = 50
        service.limits.elementsPerReply = 200
        _ = service.handle(VarlinkCall(method: "io.scrollsim.Simulator.OpenSimulation", parameters: ["scenario": "home"]))
        return service
    }()

    /// The call dispatcher: any message that parses as a call is routed; streams are polled and
    /// profiles stepped to the end; every reply is encoded.
    static func dispatch(_ bytes: [UInt8]) {
        guard case .success(let call) = VarlinkCall.parse(Data(bytes)) else { return }
        switch service.route(call, at: 0) {
        case .reply(let reply): _ = reply?.framed()
        case .reusable(let reply, _): _ = reply.framed()
        case .watch(let stream): for reply in stream.poll(service, now: 0, room: 10) { _ = reply.framed() }
        case .job(let job):
            while !job.isFinished { job.step { true } }
            _ = job.result().framed()
        case .build(let pending):
            pending.build()
            _ = service.finishOpen(pending).framed()
        case .edit(let pending):
            pending.apply()
            _ = service.finishEdit(pending).framed()
        }
        // Keep the state small: close what the input opened beyond the first simulation.
        for id in service.simulationIDs.dropFirst() {
            _ = service.handle(
                VarlinkCall(method: "io.scrollsim.Simulator.CloseSimulation", parameters: ["simulation": .string(id)]))
        }
    }

    /// The scenario loader and the layout solver: bytes as a scenario file.
    static func scenario(_ bytes: [UInt8]) {
        guard case .success(let json) = JSONValue.parse(bytes) else { return }
        guard let scenario = try? ScenarioParser().parse(json) else { return }
        if let layout = try? scenario.preparedLayout() {
            _ = layout.elements(in: Rect(x: 0, y: 0, width: 500, height: 2_000))
        }
    }
}
