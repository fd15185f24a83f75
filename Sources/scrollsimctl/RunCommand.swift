import CollectionView
import CompositionalLayout
import Scenario
import ScrollSimulation

/// `scrollsimctl run SCENARIO`: simulates the scenario's script for some seconds of virtual time
/// and prints the counts per section (in-process).
enum RunCommand {
    static let help = """
        usage: scrollsimctl run SCENARIO [--seconds N] [--viewport WxH | --all-viewports] [--policy uikit|uikit14|targeted]
                                [--seed N] [--prefetch SCREENS] [--json] [--local | --address unix:PATH] [--scenario-dir DIR]

        Runs the scenario's script and feeds in virtual time (deterministic: the same scenario and seed
        give the same counts) and prints, per section, section-provider and cell-provider calls, cells
        created and reused, feed requests, and warnings about known pitfalls. Runs on scrollsimd, or
        in this process with --local (same engine, same numbers).

          --seconds N       virtual seconds to simulate (default 20)
          --all-viewports   run on 375×667, 390×844 and 430×932
          --prefetch N      prepare cells N viewport lengths ahead (0 turns UIKit's prefetching off;
                            default: the scenario's, UIKit's 0.5)
          --local           no daemon: run in-process
          --json            {"time", "counts": {…, "sections": {…}}, "warnings": […]} (with several
                            viewports: {"runs": [ … ]})
        """

    static func run(_ arguments: Arguments) throws -> ExitStatus {
        if arguments.flags.contains("help") {
            print(help)
            return .success
        }
        guard arguments.positional.count == 1 else { throw UsageError("run needs exactly one SCENARIO") }
        let seconds = try number(arguments.options["seconds"], name: "seconds", default: 20, range: 0...86_400)
        let seed = UInt64(try number(arguments.options["seed"], name: "seed", default: 0, range: 0...Double(UInt32.max)))
        var base: [String: JSONValue] = ["seed": .number(Double(seed))]
        if arguments.options["prefetch"] != nil {
            base["prefetch"] = .number(try number(arguments.options["prefetch"], name: "prefetch", default: 0.5, range: 0...10))
        }
        if let name = arguments.options["policy"] {
            guard InvalidationPolicy(rawValue: name) != nil else {
                throw UsageError("--policy expects uikit, uikit14 or targeted")
            }
            base["policy"] = .string(name)
        }
        base.merge(try Backends.scenarioParameters(arguments.positional[0], arguments)) { $1 }
        var viewports: [JSONValue?] = [nil]
        if arguments.flags.contains("all-viewports") {
            viewports = Scenario.standardViewports.map { .object(["width": .number($0.width), "height": .number($0.height)]) }
        } else if let text = arguments.options["viewport"] {
            let size = try LayoutCommand.viewport(text, base: ScenarioViewport(width: 1, height: 1))
            viewports = [.object(["width": .number(size.width), "height": .number(size.height)])]
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

    static func number(_ text: String?, name: String, default value: Double, range: ClosedRange<Double>) throws -> Double {
        guard let text else { return value }
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw UsageError("--\(name) expects a number between \(Int(range.lowerBound)) and \(Int(range.upperBound))")
        }
        return number
    }
}
