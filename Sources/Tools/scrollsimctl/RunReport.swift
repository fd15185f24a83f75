import CollectionView
import CompositionalLayout
import JSONModel
import Scenario
import ScrollSimService

/// One simulated run as the service reports it (daemon or in-process): what `run` prints.
struct RunReport {
    var scenario: String
    var width: Double
    var height: Double
    var policy: String
    var time: Double
    var warnings: [String]
    var total: Counts
    /// Per section, in the scenario's order.
    var sections: [SectionCounts]

    /// Opens a simulation, advances it `seconds` (in steps, for progress), reads its counts and
    /// closes it.
    static func simulate(
        _ backend: SimulatorBackend, _ parameters: [String: JSONValue], viewport: JSONValue?, seconds: Double,
        progress: (Double) -> Void
    ) throws -> RunReport {
        var open = parameters
        if let viewport { open["viewport"] = viewport }
        let (info, counts) = try RecordedRun.with(backend, open) { run in
            try run.advance(to: seconds, step: 10, progress: progress)
            return (run.info, try run.counts())
        }
        return RunReport(
            scenario: info.scenario, width: info.width, height: info.height, policy: info.policy, time: info.time,
            warnings: info.warnings,
            total: counts.total, sections: counts.sections)
    }

    func count(_ name: String, in counts: Counts? = nil) -> Int { (counts ?? total)[named: name] ?? 0 }

    func json(seed: UInt64) -> JSONValue {
        var counts = total.jsonFields
        counts["sections"] = .object(
            Dictionary(uniqueKeysWithValues: sections.map { ($0.section, .object($0.counts.jsonFields)) }))
        return .object([
            "scenario": .string(scenario), "viewport": .object(["width": .number(width), "height": .number(height)]),
            "policy": .string(policy), "seed": .number(Double(seed)), "time": .number(time), "counts": .object(counts),
            "warnings": .array(warnings.map(JSONValue.string)),
        ])
    }

    func text(seed: UInt64) -> String {
        var lines = [
            "\(scenario) on \(formatPoints(width))×\(formatPoints(height)) · policy \(policy) · seed \(seed) · "
                + "\(formatPoints(time)) s of virtual time · \(count("frames")) frames · \(count("layoutPasses")) layout passes · "
                + "\(count("applies")) applies"
        ]
        lines.append("")
        var columns = [
            ("sectionProvider", "section provider"), ("cellProvider", "cell provider"), ("prefetched", "prefetched"),
            ("cellsCreated", "created"), ("cellsReused", "reused"), ("supplementaryProvider", "supplementary"),
            ("inserted", "inserted"),
            ("dataRequests", "requests"), ("dataRequestsSuppressed", "suppressed"), ("dataRequestsFailed", "failed"),
        ]
        // A flow layout's delegate calls, shown when the layout made any (FL5).
        if count("sizeForItem") > 0 { columns.insert(("sizeForItem", "sizeForItemAt"), at: 2) }
        // "per pass": section-provider calls per layout pass — 1.00 when every pass re-queries
        // the section, what the uikit policy does.
        let passes = count("layoutPasses")
        func perPass(_ counts: Counts?) -> String {
            passes == 0 ? "—" : String(format: "%.2f", Double(count("sectionProvider", in: counts)) / Double(passes))
        }
        var table = TextTable(["section", columns[0].1, "per pass"] + columns.dropFirst().map(\.1))
        for section in sections {
            let (name, counts) = (section.section, section.counts)
            table.add(
                [name, String(count(columns[0].0, in: counts)), perPass(counts)]
                    + columns.dropFirst().map { String(count($0.0, in: counts)) })
        }
        table.add(["total", String(count(columns[0].0)), perPass(nil)] + columns.dropFirst().map { String(count($0.0)) })
        lines.append(table.render())
        if !warnings.isEmpty {
            lines.append("")
            lines.append(TerminalStyle.yellow("warnings:"))
            lines += warnings.map { "  - \($0.terminalSafe)" }
        }
        return lines.joined(separator: "\n")
    }
}
