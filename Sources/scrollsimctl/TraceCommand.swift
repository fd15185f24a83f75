import Foundation
import JSONModel
import Scenario

/// `scrollsimctl trace SCENARIO -o run.json`: the run as a Chrome trace for Perfetto
/// (`ChromeTrace`).
enum TraceCommand {

    static func run(_ arguments: Arguments) throws -> ExitStatus {
        let seconds = arguments.number("seconds") ?? 10
        var parameters = Backends.simulationParameters(arguments)
        parameters.merge(try Backends.scenarioParameters(arguments.positional[0], arguments)) { $1 }
        let trace = try collect(try Backends.make(arguments), parameters, seconds: seconds)
        let bytes = trace.json().encoded()
        if let output = arguments.options["output"] {
            guard FileManager.default.createFile(atPath: output, contents: Data(bytes)) else {
                throw ClientError.usage("cannot write \(output)")
            }
            CommandLineTool.writeError(
                "scrollsimctl: wrote \(trace.events.count) events to \(output); open it in https://ui.perfetto.dev")
        } else {
            print(String(decoding: bytes, as: UTF8.self))
        }
        return .success
    }

    /// Runs the simulation and reads its whole event log.
    static func collect(_ backend: SimulatorBackend, _ parameters: [String: JSONValue], seconds: Double) throws -> ChromeTrace {
        let opened = try backend.invoke("OpenSimulation", parameters)["simulation"]?.objectValue ?? [:]
        let id = opened["simulation"] ?? ""
        defer { _ = try? backend.invoke("CloseSimulation", ["simulation": id]) }
        var done = 0.0
        while done < seconds {
            let step = Swift.min(seconds - done, 60)
            _ = try backend.invoke("Advance", ["simulation": id, "seconds": .number(step)])
            done += step
        }
        var events: [ChromeTrace.Event] = []
        var after = 0
        while true {
            let page = try backend.invoke("GetEvents", ["simulation": id, "after": .number(Double(after)), "limit": 1_000])
            let records = (page["events"]?.arrayValue ?? []).compactMap(\.objectValue)
            for record in records {
                let sequence = Int(record["sequence"]?.numberValue ?? 0)
                events.append(
                    ChromeTrace.Event(
                        sequence: sequence, time: record["time"]?.numberValue ?? 0, kind: record["kind"]?.stringValue ?? "",
                        section: record["section"]?.stringValue, item: record["item"]?.numberValue.map { Int($0) },
                        detail: record["detail"]?.stringValue ?? "", cause: record["cause"]?.stringValue ?? ""))
                after = sequence
            }
            if records.count < 1_000 { break }
        }
        let counts = try backend.invoke("GetCounts", ["simulation": id])
        let sections = (counts["sections"]?.arrayValue ?? []).compactMap { $0.objectValue?["section"]?.stringValue }
        let viewport = opened["viewport"]?.objectValue ?? [:]
        let title =
            "\(opened["scenario"]?.stringValue ?? "scenario") on \(Int(viewport["width"]?.numberValue ?? 0))×\(Int(viewport["height"]?.numberValue ?? 0)), policy \(opened["policy"]?.stringValue ?? "?"), \(Int(seconds)) s"
        return ChromeTrace(
            title: title, sections: sections, events: events, dropped: Swift.max(0, (events.first?.sequence ?? 1) - 1))
    }
}
