import CollectionView
import CommandLineSpec
import CompositionalLayout
import Scenario
import ScrollSimulation

/// `scrollsimctl run SCENARIO`: simulates the scenario's script for some seconds of virtual time
/// and prints the counts per section (in-process).
enum RunCommand {

    static func run(_ arguments: Arguments) throws -> ExitStatus {
        let seconds = arguments.number("seconds") ?? CommandSpec.defaultSeconds
        let seed = UInt64(arguments.integer("seed") ?? 0)
        var base = try Backends.runParameters(arguments.positional[0], arguments)
        base["seed"] = .number(Double(seed))
        var viewports: [JSONValue?] = [nil]
        if arguments.flags.contains("all-viewports") {
            viewports = ViewportSize.standard.map { .object(["width": .number($0.width), "height": .number($0.height)]) }
        }
        let backend = try Backends.make(arguments)
        let json = arguments.flags.contains("json")
        let progress = ProgressBar(label: "simulating", json: json)
        defer { progress.finish() }
        var reports: [RunReport] = []
        for (index, viewport) in viewports.enumerated() {
            reports.append(
                try RunReport.simulate(backend, base, viewport: viewport, seconds: seconds) { fraction in
                    progress.update((Double(index) + fraction) / Double(viewports.count))
                })
        }
        progress.finish()
        if json {
            let objects = reports.map { $0.json(seed: seed) }
            try CommandLineTool.printJSON(
                objects.count == 1 ? objects[0] : .object(["scenario": .string(reports[0].scenario), "runs": .array(objects)]))
        } else {
            print(reports.map { $0.text(seed: seed) }.joined(separator: "\n\n"))
        }
        return .success
    }
}
