import CommandLineSpec
import CompositionalLayout
import Scenario

/// `scrollsimctl layout SCENARIO`: the frames at time 0 (orthogonal rows unscrolled, U3), the
/// section-provider calls of the first pass, and what the first viewport shows.
enum LayoutCommand {

    static func run(_ arguments: Arguments) throws -> ExitStatus {
        let scenario = try CommandLineTool.scenario(arguments.positional[0], arguments)
        var viewport = scenario.viewport
        if let size = arguments.size("viewport") {
            // Another screen size; the scenario's scale and safe area kept.
            viewport.width = size.width
            viewport.height = size.height
        }
        let limit = arguments.flags.contains("all") ? .max : arguments.integer("limit") ?? 8
        let layout = try scenario.preparedLayout(viewport: viewport)
        let report = LayoutReport(scenario: scenario, viewport: viewport, layout: layout)
        if arguments.flags.contains("json") {
            // Every element, unless there are too many to list or --limit asks for a sample.
            let items = scenario.sections.indices.reduce(0) { $0 + layout.numberOfItems(inSection: $1) }
            let sample =
                arguments.options["limit"] != nil || (!arguments.flags.contains("all") && items > LayoutReport.maxListedItems)
            try CommandLineTool.printJSON(report.json(firstItems: sample ? limit : nil))
        } else {
            print(report.text(limitPerSection: limit))
        }
        return .success
    }
}

/// What `layout` reports, as JSON or text.
struct LayoutReport {
    let scenario: Scenario
    let viewport: ScenarioViewport
    let layout: CompositionalLayout

    var firstViewport: [LayoutAttributes] {
        layout.visibleElements(in: Viewport(rect: Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)))
    }

    func kind(_ element: LayoutAttributes) -> String { element.elementKind ?? "cell" }

    func sectionName(_ element: LayoutAttributes) -> String? {
        element.category == .layoutSupplementaryView ? nil : scenario.sections[element.indexPath.section].id
    }

    /// Past this many items `layout --json` lists a sample per section (unless `--all`).
    static let maxListedItems = 1_000_000

    /// - Parameter firstItems: list only the sample of `sampleElements` (nil: every element).
    func json(firstItems: Int? = nil) -> JSONValue {
        func frame(_ r: Rect) -> JSONValue {
            .object([
                "x": .number(r.minX), "y": .number(r.minY), "width": .number(r.size.width), "height": .number(r.size.height),
            ])
        }
        let visible = firstViewport.filter { $0.category == .cell }
        let sections: [JSONValue] = scenario.sections.indices.map { s in
            var fields: [String: JSONValue] = [
                "id": .string(scenario.sections[s].id),
                "origin": .number(layout.sectionFrame(s)!.minY),
                "length": .number(layout.sectionFrame(s)!.size.length(along: layout.configuration.scrollDirection)),
                "items": .number(Double(layout.numberOfItems(inSection: s))),
                "sectionProviderCalls": .number(Double(layout.statistics.sectionProviderCalls(inSection: s))),
                "sizeForItemCalls": .number(Double(layout.statistics.sizeForItemCalls(inSection: s))),
                "visibleCells": .number(Double(visible.filter { $0.indexPath.section == s }.count)),
                "orthogonalScrollingBehavior": .string(layout.sectionDescription(s)!.orthogonalScrollingBehavior.name),
            ]
            if let width = layout.orthogonalContentLength(ofSection: s) { fields["orthogonalContentWidth"] = .number(width) }
            return .object(fields)
        }
        let sample = firstItems.map { layout.sampleElements(firstItems: $0) }
        let elements: [JSONValue] = (sample?.elements ?? layout.allElements()).map { element in
            .object([
                "kind": .string(kind(element)),
                "category": .string(element.category.name),
                "zIndex": .number(Double(element.zIndex)),
                "section": sectionName(element).map(JSONValue.string) ?? .null,
                "item": element.category == .cell ? .number(Double(element.indexPath.item)) : .null,
                "frame": frame(element.frame),
            ])
        }
        var report: [String: JSONValue] = [
            "scenario": .string(scenario.name),
            "viewport": .object([
                "width": .number(viewport.width), "height": .number(viewport.height), "scale": .number(viewport.scale),
            ]),
            "contentSize": .object(["width": .number(layout.contentSize.width), "height": .number(layout.contentSize.height)]),
            "sectionProviderCalls": .number(Double(layout.statistics.totalSectionProviderCalls)),
            "sizeForItemCalls": .number(Double(layout.statistics.totalSizeForItemCalls)),
            "layoutPasses": .number(Double(layout.statistics.layoutPasses)),
            "visibleCells": .number(Double(visible.count)),
            "sections": .array(sections),
            "elements": .array(elements),
        ]
        if let sample { report["omittedItems"] = .number(Double(sample.omittedItems.reduce(0, +))) }
        return .object(report)
    }

    func text(limitPerSection limit: Int) -> String {
        var lines: [String] = []
        lines.append(scenario.name + (scenario.summary.map { " — \($0)" } ?? ""))
        let size = layout.contentSize
        let visible = firstViewport.filter { $0.category == .cell }
        lines.append(
            "viewport \(formatPoints(viewport.width))×\(formatPoints(viewport.height)) @\(formatPoints(viewport.scale))x · content \(formatPoints(size.width)) × \(formatPoints(size.height)) · "
                + (scenario.isFlowLayout
                    ? "flow layout: \(layout.statistics.totalSizeForItemCalls) sizeForItemAt calls"
                    : "\(layout.statistics.totalSectionProviderCalls) section-provider calls")
                + " in \(layout.statistics.layoutPasses) layout pass · "
                + "\(visible.count) cells in the first viewport")
        lines.append("")
        var table = TextTable([
            "section", "origin", "length", "items", scenario.isFlowLayout ? "sizeForItemAt" : "provider calls", "visible cells",
            "orthogonal", "row width",
        ])
        for s in scenario.sections.indices {
            let frame = layout.sectionFrame(s)!
            let behavior = layout.sectionDescription(s)!.orthogonalScrollingBehavior
            table.add([
                scenario.sections[s].id, formatPoints(frame.minY),
                formatPoints(frame.size.length(along: layout.configuration.scrollDirection)),
                String(layout.numberOfItems(inSection: s)),
                String(
                    scenario.isFlowLayout
                        ? layout.statistics.sizeForItemCalls(inSection: s) : layout.statistics.sectionProviderCalls(inSection: s)),
                String(visible.filter { $0.indexPath.section == s }.count),
                behavior.isOrthogonal ? behavior.name : "—",
                layout.orthogonalContentLength(ofSection: s).map(formatPoints) ?? "—",
            ])
        }
        lines.append(table.render())
        guard limit > 0 else { return lines.joined(separator: "\n") }
        lines.append("")
        lines.append("elements (x, y, width, height; orthogonal rows unscrolled):")
        var elementTable = TextTable(["section", "kind", "item", "frame"])
        if limit == .max {
            for element in layout.allElements() { elementTable.add(row(element)) }
            lines.append(elementTable.render())
            return lines.joined(separator: "\n")
        }
        // A sample that costs what it shows: the first cells of each section and its last one
        // (a section of 10^9 items is not materialised).
        let (elements, omitted) = layout.sampleElements(firstItems: limit)
        for element in elements { elementTable.add(row(element)) }
        lines.append(elementTable.render())
        for (s, count) in omitted.enumerated() where count > 0 {
            lines.append(
                "… \(count) more in \(scenario.sections[s].id) between the first \(limit) and the last (--all shows them)")
        }
        return lines.joined(separator: "\n")
    }

    private func row(_ element: LayoutAttributes) -> [String] {
        [
            sectionName(element) ?? "(layout)", kind(element), element.category == .cell ? String(element.indexPath.item) : "—",
            element.frame.description,
        ]
    }
}
