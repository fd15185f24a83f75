import CommandLineSpec
import Foundation
import JSONModel
import LayoutRender
import Scenario
import ScrollSimService
import ScrollSimulation

/// `scrollsimctl trace SCENARIO -o run.json`: the run as a Chrome trace for Perfetto
/// (`ChromeTrace`).
enum TraceCommand {

    static func run(_ arguments: Arguments) throws -> ExitStatus {
        let seconds = arguments.number("seconds") ?? CommandSpec.defaultSeconds
        if let output = arguments.options["output"] { try OutputFile.check(output, format: "json", option: "output") }
        var parameters = try Backends.runParameters(arguments.positional[0], arguments)
        let trace = try collect(try Backends.make(arguments), parameters, seconds: seconds)
        let bytes = trace.json().encoded()
        if let output = arguments.options["output"] {
            try OutputFile.write(Data(bytes), to: output)
            CommandLineTool.writeError(
                "scrollsimctl: wrote \(trace.events.count) events to \(output); open it in https://ui.perfetto.dev")
        } else {
            print(String(decoding: bytes, as: UTF8.self))
        }
        return .success
    }

    /// Runs the simulation and reads its whole event log.
    static func collect(_ backend: SimulatorBackend, _ parameters: [String: JSONValue], seconds: Double) throws -> ChromeTrace {
        let (opened, events, counts) = try RecordedRun.with(backend, parameters) { run in
            let opened = run.info
            try run.advance(to: seconds)
            return (opened, try run.events(), try run.counts())
        }
        let sections = counts.sections.map(\.section)
        let title =
            "\(opened.scenario) on \(Int(opened.width))×\(Int(opened.height)), policy \(opened.policy), \(Int(seconds)) s"
        return ChromeTrace(
            title: title, sections: sections, events: events, dropped: Swift.max(0, (events.first?.sequence ?? 1) - 1))
    }
}
