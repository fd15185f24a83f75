import Foundation
import JSONModel
import Scenario

/// `scrollsimctl trace SCENARIO -o run.json`: the run as a Chrome trace for Perfetto
/// (`ChromeTrace`).
enum TraceCommand {
    static let help = """
        usage: scrollsimctl trace SCENARIO [--seconds N] [--viewport WxH] [--policy P] [--seed N] [--prefetch SCREENS]
                                  [--output FILE] [--local | --address unix:PATH] [--scenario-dir DIR]

        Runs the scenario for --seconds (default 10) and writes the run as a trace in Chrome's Trace
        Event Format, which https://ui.perfetto.dev and chrome://tracing open: a track per section
        with its section-provider and cell-provider calls, layout passes, applies, data requests
        from issue to completion, gestures and warnings, and the counts so far as counter tracks.
        Time is the simulation's virtual time; calls at the same instant are drawn one after another
        (10 µs apart). Writes to --output (default: standard output).
        """

    static func run(_ arguments: Arguments) throws -> ExitStatus {
        if arguments.flags.contains("help") {
            print(help)
            return .success
        }
        guard arguments.positional.count == 1 else { throw UsageError("trace needs exactly one SCENARIO") }
        let seconds = try RunCommand.number(arguments.options["seconds"], name: "seconds", default: 10, range: 0...3_600)
        var parameters = try Backends.scenarioParameters(arguments.positional[0], arguments)
        if let text = arguments.options["viewport"] {
            let size = try LayoutCommand.viewport(text, base: ScenarioViewport(width: 1, height: 1))
            parameters["viewport"] = .object(["width": .number(size.width), "height": .number(size.height)])
        }
        if let name = arguments.options["policy"] { parameters["policy"] = .string(name) }
        if let text = arguments.options["seed"] {
            parameters["seed"] = .number(try RunCommand.number(text, name: "seed", default: 0, range: 0...Double(UInt32.max)))
        }
        if let text = arguments.options["prefetch"] {
            parameters["prefetch"] = .number(try RunCommand.number(text, name: "prefetch", default: 0.5, range: 0...10))
        }
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
