import CollectionView
import CommandLineSpec
import CompositionalLayout
import Foundation
import JSONModel
import Scenario
import ScrollSimService

/// One run of a profile, from the Profile reply (the service's `ProfileRunReply`).
struct ProfileRun {
    var reply: ProfileRunReply

    init(_ reply: ProfileRunReply) { self.reply = reply }

    var policy: String { reply.policy }
    var width: Double { reply.width }
    var height: Double { reply.height }
    var total: Counts { reply.counts }
    var sections: [SectionCounts] { reply.sections }
    var warnings: [String] { reply.warnings }
    /// A flow layout's `sizeForItemAt` calls per page appended.
    var sizeForItemPerAppend: Double? { reply.sizeForItemPerAppend }

    /// Every run of a Profile reply.
    static func runs(_ reply: [String: JSONValue]) throws(ClientError) -> [ProfileRun] {
        try decodedReply { () throws(ReplyError) in try ProfileRunReply.runs(reply) }.map(ProfileRun.init)
    }

    var viewport: String { "\(formatPoints(width))×\(formatPoints(height))" }
    /// What names the run's scenario and seed in a sweep's lines ("home seed 0 "); empty in a
    /// profile, which has one of each.
    var prefix = ""
    var label: String { "\(prefix)\(viewport) \(policy)" }
    /// The scenario it ran (a budget's `scenarios` rules apply to its runs only).
    var scenario = ""
    func count(_ name: String) -> Int { total[named: name] ?? 0 }

    /// Section-provider calls per page appended: what one page of infinite append costs under
    /// this policy (the applies of feeds only, measured by the service).
    var sectionProviderPerAppend: Double? { reply.sectionProviderPerAppend }
}

/// `scrollsimctl profile SCENARIO`: the scenario under each policy on each viewport, compared;
/// with `--budget FILE`, exits 3 when a count goes over (for CI).
enum ProfileCommand {

    static func run(_ arguments: Arguments) throws -> ExitStatus {
        if let path = arguments.options["svg"] { try OutputFile.check(path, format: "svg", option: "svg") }
        if let path = arguments.options["html"] { try OutputFile.check(path, format: "html", option: "html") }
        if let path = arguments.options["png"] {
            try OutputFile.check(path, format: "png", option: "png")
            guard PictureFormat.converter != nil else { throw UsageError(PictureFormat.missingConverter) }
        }
        let budget = try arguments.options["budget"].map { path throws(BudgetError) in try Budget.load(path) }
        var parameters = try Backends.runParameters(arguments.positional[0], arguments)
        let seconds = arguments.number("seconds") ?? CommandSpec.defaultSeconds
        parameters["seconds"] = .number(seconds)
        if let text = arguments.options["policies"] {
            parameters["policies"] = .array(text.split(separator: ",").map { .string(String($0)) })
        }
        if let text = arguments.options["viewports"] {
            let sizes = text.split(separator: ",").compactMap { Arguments.viewport(String($0)) }
            parameters["viewports"] = .array(sizes.map { .object(["width": .number($0.width), "height": .number($0.height)]) })
        }
        let backend = try Backends.make(arguments)
        let json = arguments.flags.contains("json")
        let progress = ProgressBar(label: "profiling", json: json, mode: arguments.options["progress"])
        let reply = try backend.profile(parameters) { progress.update($0) }
        progress.finish()
        let name = parameters["scenario"]?.stringValue ?? parameters["definition"]?.objectValue?["name"]?.stringValue ?? "?"
        let runs = try ProfileRun.runs(reply).map { run in
            var run = run
            run.scenario = name
            return run
        }
        let checks = try budget?.verdict(runs, path: arguments.options["budget"] ?? "") ?? []
        let violations = checks.filter { !$0.passed }.map(\.violation)
        // The counts over time: for --svg and --png, and in the --html report.
        var chart: String?
        if ["svg", "png", "html"].contains(where: { arguments.options[$0] != nil }) {
            let sampling = ProgressBar(label: "sampling", json: json, mode: arguments.options["progress"])
            chart = try ProfileChart.chart(backend, parameters, runs: runs, name: name, seconds: seconds) {
                sampling.update($0)
            }.svg()
            sampling.finish()
        }
        if let path = arguments.options["svg"], let chart {
            try OutputFile.write(Data(chart.utf8), to: path)
            if !json { CommandLineTool.writeError("scrollsimctl: drew the counts over time in \(path)") }
        }
        if let path = arguments.options["png"], let chart {
            try OutputFile.write(try PictureFormat.png.encode(chart), to: path)
            if !json { CommandLineTool.writeError("scrollsimctl: drew the counts over time in \(path)") }
        }
        if let path = arguments.options["html"] {
            let page = HTMLReport.page(
                title: "\(name): profile", subtitle: "\(formatPoints(seconds)) s of virtual time · \(runs.count) runs",
                tables: [("Runs", table(runs))], pictures: chart.map { [$0] } ?? [],
                warnings: runs.flatMap { run in run.warnings.map { "\(run.label): \($0)" } },
                checks: budget == nil ? nil : checks.map { $0.named(in: name) }, budget: arguments.options["budget"])
            try OutputFile.write(Data(page.utf8), to: path)
            if !json { CommandLineTool.writeError("scrollsimctl: wrote the report to \(path)") }
        }
        if json {
            var object: [String: JSONValue] = [
                "scenario": .string(name), "seconds": .number(seconds), "runs": reply["runs"] ?? .array([]),
            ]
            if let path = arguments.options["svg"] { object["svg"] = .string(path) }
            if let path = arguments.options["png"] { object["png"] = .string(path) }
            if let path = arguments.options["html"] { object["html"] = .string(path) }
            if budget != nil { object["budget"] = BudgetReport.json(checks) }
            try CommandLineTool.printJSON(.object(object))
        } else {
            print(text(name: name, seconds: seconds, runs: runs))
            if budget != nil { Budget.printVerdict(violations) }
        }
        if let path = arguments.options["budget"] {
            try BudgetReport.write(checks, budget: path, title: "profile \(name)", scenario: name, arguments: arguments)
        }
        return violations.isEmpty ? .success : .budgetExceeded
    }

    /// The runs side by side: one row each, the counts a profile compares (a flow layout's
    /// sizeForItemAt calls in place of section-provider calls, FL5).
    static func table(_ runs: [ProfileRun]) -> TextTable {
        let flow = runs.contains { $0.count("sizeForItem") > 0 }
        let key = flow ? "sizeForItem" : "sectionProvider"
        func perAppend(_ run: ProfileRun) -> Double? { flow ? run.sizeForItemPerAppend : run.sectionProviderPerAppend }
        var table = TextTable([
            "viewport", "policy", "layout passes", flow ? "sizeForItemAt" : "section provider", "per append", "cell provider",
            "prefetched", "created", "reused", "appends", "suppressed", "failed",
        ])
        for run in runs {
            table.add([
                run.viewport, run.policy, String(run.count("layoutPasses")), String(run.count(key)),
                perAppend(run).map { String(format: "%.1f", $0) } ?? "—", String(run.count("cellProvider")),
                String(run.count("prefetched")), String(run.count("cellsCreated")), String(run.count("cellsReused")),
                String(run.count("dataRequestsCompleted")),
                String(run.count("dataRequestsSuppressed")), String(run.count("dataRequestsFailed")),
            ])
        }
        return table
    }

    static func text(name: String, seconds: Double, runs: [ProfileRun]) -> String {
        var lines = ["\(name) · \(formatPoints(seconds)) s of virtual time · \(runs.count) runs", ""]
        // What the profile compares: section-provider calls, or for a flow layout whose delegate
        // sizes its items, the sizeForItemAt calls (a flow layout has no section provider, FL5).
        let flow = runs.contains { $0.count("sizeForItem") > 0 }
        let measure =
            flow ? (key: "sizeForItem", calls: "sizeForItemAt calls") : (key: "sectionProvider", calls: "section-provider calls")
        func perAppend(_ run: ProfileRun) -> Double? { flow ? run.sizeForItemPerAppend : run.sectionProviderPerAppend }
        lines.append(table(runs).render())
        // Per section, section-provider (or sizeForItemAt) calls by policy, and what one append costs; viewports
        // with the same figures are listed together.
        let policies = runs.map(\.policy).uniqued()
        var blocks: [(viewports: [String], text: [String])] = []
        for viewport in runs.map(\.viewport).uniqued() {
            let here = runs.filter { $0.viewport == viewport }
            guard let sections = here.first?.sections.map(\.section), !sections.isEmpty else { continue }
            var block: [String] = []
            var perSection = TextTable(["section"] + policies)
            for section in sections {
                perSection.add(
                    [section]
                        + policies.map { policy in
                            let counts = here.first { $0.policy == policy }?.sections.first { $0.section == section }?.counts
                            return String(counts?[named: measure.key] ?? 0)
                        })
            }
            block.append(perSection.render())
            let costs = here.compactMap { run in
                perAppend(run).map { "\(String(format: "%.1f", $0)) under \(run.policy)" }
            }
            if !costs.isEmpty { block.append("One append costs \(costs.joined(separator: ", ")) \(measure.calls).") }
            if let uikit = here.first(where: { $0.policy == "uikit" }),
                let targeted = here.first(where: { $0.policy == "targeted" }),
                uikit.count("sectionProvider") > 0
            {
                let saved = uikit.count("sectionProvider") - targeted.count("sectionProvider")
                block.append(
                    "A layout that re-queries only the sections that changed (targeted) would save \(saved) of \(uikit.count("sectionProvider")) section-provider calls (\(Int((Double(saved) / Double(uikit.count("sectionProvider")) * 100).rounded())) %)."
                )
            }
            // iOS 13/14's reload on a non-animated apply, against the diff iOS 15 applies: what
            // animating those applies (inside UIView.performWithoutAnimation) would save (D3.2).
            if let uikit = here.first(where: { $0.policy == "uikit" }),
                let uikit14 = here.first(where: { $0.policy == "uikit14" }),
                uikit14.count("cellProvider") > uikit.count("cellProvider")
            {
                let extra = uikit14.count("cellProvider") - uikit.count("cellProvider")
                let sections = uikit14.count("sectionProvider") - uikit.count("sectionProvider")
                block.append(
                    "On iOS 13/14 (uikit14) the non-animated applies reload: \(extra) more cell-provider\(sections > 0 ? " and \(sections) more section-provider" : "") calls than the diff; applying with animatingDifferences: true inside UIView.performWithoutAnimation would save them (D3.2)."
                )
            }
            if let uikit = here.first(where: { $0.policy == "uikit" }), uikit.count("cellProvider") > 0 {
                let prefetched = uikit.count("prefetched")
                let calls = uikit.count("cellProvider")
                block.append(
                    "Prefetching asked for \(prefetched) of the \(calls) cell-provider calls under uikit (\(Int((Double(prefetched) / Double(calls) * 100).rounded())) %): cells requested before they were visible, \(uikit.count("prefetchedNeverShown")) of them never shown."
                )
            }
            if let index = blocks.firstIndex(where: { $0.text == block }) {
                blocks[index].viewports.append(viewport)
            } else {
                blocks.append(([viewport], block))
            }
        }
        for block in blocks {
            lines.append("")
            lines.append("\(measure.calls) per section on \(block.viewports.joined(separator: ", ")):")
            lines += block.text
        }
        let warnings = runs.flatMap(\.warnings).uniqued()
        if !warnings.isEmpty {
            lines.append("")
            lines.append(TerminalStyle.yellow("warnings:"))
            lines += warnings.map { "  - \($0.terminalSafe)" }
        }
        return lines.joined(separator: "\n")
    }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
