import CollectionView
import CompositionalLayout
import Scenario
import ScrollSimulation

/// `scrollsimctl run SCENARIO`: simulates the scenario's script for some seconds of virtual time
/// and prints the counts per section (in-process).
enum RunCommand {
    static let help = """
        usage: scrollsimctl run SCENARIO [--seconds N] [--viewport WxH | --all-viewports] [--policy uikit|uikit14|targeted]
                                [--seed N] [--json] [--scenario-dir DIR]

        Runs the scenario's script and feeds in virtual time (deterministic: the same scenario and seed
        give the same counts) and prints, per section, section-provider and cell-provider calls, cells
        created and reused, feed requests, and warnings about known pitfalls.

          --seconds N       virtual seconds to simulate (default 20)
          --all-viewports   run on 375×667, 390×844 and 430×932
          --json            {"time", "counts": {…, "sections": {…}}, "warnings": […]} (with several
                            viewports: {"runs": [ … ]})
        """

    static func run(_ arguments: Arguments) throws -> ExitStatus {
        if arguments.flags.contains("help") {
            print(help)
            return .success
        }
        try arguments.check(
            allowedFlags: ["json", "all-viewports"], allowedOptions: ["seconds", "viewport", "policy", "seed", "scenario-dir"])
        guard arguments.positional.count == 1 else { throw UsageError("run needs exactly one SCENARIO") }
        let seconds = try number(arguments.options["seconds"], name: "seconds", default: 20, range: 0...86_400)
        let seed = UInt64(try number(arguments.options["seed"], name: "seed", default: 0, range: 0...Double(UInt32.max)))
        var policy: InvalidationPolicy?
        if let name = arguments.options["policy"] {
            guard let value = InvalidationPolicy(rawValue: name) else {
                throw UsageError("--policy expects uikit, uikit14 or targeted")
            }
            policy = value
        }
        let scenario = try CommandLineTool.library(arguments).load(arguments.positional[0])
        var viewports: [ScenarioViewport]?
        if arguments.flags.contains("all-viewports") {
            viewports = Scenario.standardViewports
        } else if let text = arguments.options["viewport"] {
            viewports = [try LayoutCommand.viewport(text, base: scenario.viewport)]
        }
        let runs = try scenario.run(seconds: seconds, viewports: viewports, policy: policy, seed: seed)
        if arguments.flags.contains("json") {
            let objects = runs.map { json($0, scenario: scenario, seconds: seconds, seed: seed) }
            try CommandLineTool.printJSON(
                objects.count == 1 ? objects[0] : .object(["scenario": .string(scenario.name), "runs": .array(objects)]))
        } else {
            print(runs.map { text($0, scenario: scenario, seconds: seconds, seed: seed) }.joined(separator: "\n\n"))
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

    static func json(_ run: ScenarioRun, scenario: Scenario, seconds: Double, seed: UInt64) -> JSONValue {
        let counts = run.simulation.counts
        var total = counts.total.jsonFields
        total["sections"] = .object(
            Dictionary(
                uniqueKeysWithValues: scenario.sections.map {
                    ($0.id, JSONValue.object((counts.sections[$0.id] ?? Counts()).jsonFields))
                }))
        return .object([
            "scenario": .string(scenario.name),
            "viewport": .object(["width": .number(run.viewport.width), "height": .number(run.viewport.height)]),
            "policy": .string(run.policy.rawValue),
            "seed": .number(Double(seed)),
            "time": .number(seconds),
            "counts": .object(total),
            "warnings": .array(run.simulation.warnings.map(JSONValue.string)),
        ])
    }

    static func text(_ run: ScenarioRun, scenario: Scenario, seconds: Double, seed: UInt64) -> String {
        let counts = run.simulation.counts
        var lines = [
            "\(scenario.name) on \(formatPoints(run.viewport.width))×\(formatPoints(run.viewport.height)) · policy \(run.policy.rawValue) · seed \(seed) · "
                + "\(formatPoints(seconds)) s of virtual time · \(counts.total.frames) frames · \(counts.total.layoutPasses) layout passes · "
                + "\(counts.total.applies) applies"
        ]
        lines.append("")
        var table = TextTable([
            "section", "section provider", "cell provider", "created", "reused", "supplementary", "inserted", "requests",
            "suppressed",
            "failed",
        ])
        func row(_ name: String, _ c: Counts) -> [String] {
            [
                name, String(c.sectionProvider), String(c.cellProvider), String(c.cellsCreated), String(c.cellsReused),
                String(c.supplementaryProvider), String(c.inserted), String(c.dataRequests), String(c.dataRequestsSuppressed),
                String(c.dataRequestsFailed),
            ]
        }
        for section in scenario.sections { table.add(row(section.id, counts.sections[section.id] ?? Counts())) }
        table.add(row("total", counts.total))
        lines.append(table.render())
        if !run.simulation.warnings.isEmpty {
            lines.append("")
            lines.append("warnings:")
            lines += run.simulation.warnings.map { "  - \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}
