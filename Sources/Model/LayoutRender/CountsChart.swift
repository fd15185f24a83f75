/// Counts over time, compared: one panel per count (rows) and viewport (columns), one line per
/// run in it (a policy), each the count so far at each sample. What `profile --svg` draws.
public struct CountsChart: Sendable {
    /// One simulation sampled as it ran.
    public struct Run: Sendable {
        public var label: String
        public var viewport: String
        /// Times in seconds of virtual time, ascending, each with the counts so far.
        public var samples: [(time: Double, counts: [String: Double])]

        public init(label: String, viewport: String, samples: [(time: Double, counts: [String: Double])]) {
            self.label = label
            self.viewport = viewport
            self.samples = samples
        }
    }

    public var title: String
    public var subtitle: String
    /// The counts drawn, by name, with their titles (`sectionProvider`: "section-provider calls").
    public var counts: [(name: String, title: String)]
    public var runs: [Run]

    public init(title: String, subtitle: String, counts: [(name: String, title: String)], runs: [Run]) {
        self.title = title
        self.subtitle = subtitle
        self.counts = counts
        self.runs = runs
    }

    /// The viewports, in the runs' order.
    var viewports: [String] {
        var seen: Set<String> = []
        return runs.map(\.viewport).filter { seen.insert($0).inserted }
    }

    /// The runs' labels, in order: each gets its colour in every panel.
    var labels: [String] {
        var seen: Set<String> = []
        return runs.map(\.label).filter { seen.insert($0).inserted }
    }

    /// The picture as an SVG document. Panels of a row share nothing; lines in a panel share its
    /// scale, so the policies compare at a glance. The final values are listed under each panel,
    /// one line per run, so no label is ever drawn over another or over a line.
    public func svg() -> String {
        let margin = LayoutRenderer.margin
        let panelWidth = 300.0
        let plotHeight = 120.0
        let gap = 36.0
        let labels = labels
        let viewports = viewports
        /// A run's colour, the same in every panel; earlier runs' lines drawn wider, so a line
        /// that another covers (the same counts) still shows around it.
        func style(_ label: String) -> (color: String, width: Double) {
            let index = labels.firstIndex(of: label) ?? 0
            return (LayoutRenderer.palette[index % LayoutRenderer.palette.count], 1.5 + 2 * Double(labels.count - 1 - index))
        }
        let labelLines = Double(labels.count)
        let panelHeight = 18 + plotHeight + 16 + labelLines * 14 + gap
        var svg = SVGWriter()
        svg.text(title, x: margin, y: 28, size: 18, weight: "bold")
        svg.text(subtitle, x: margin, y: 48, size: 12, fill: "#555")
        // Legend: each run's colour.
        var legendX = margin
        for label in labels {
            svg.rect(x: legendX, y: 60, width: 14, height: 4, fill: style(label).color)
            svg.text(label, x: legendX + 20, y: 66, size: 12, fill: style(label).color, weight: "bold")
            legendX += 28 + SVGWriter.estimatedWidth(label, size: 12, bold: true)
        }
        let top = 90.0
        let duration = Swift.max(0.001, runs.flatMap { $0.samples.map(\.time) }.max() ?? 0)
        for (column, viewport) in viewports.enumerated() {
            let left = margin + Double(column) * (panelWidth + gap)
            svg.text(viewport, x: left, y: top, size: 13, weight: "bold")
            let runsHere = runs.filter { $0.viewport == viewport }
            for (row, count) in counts.enumerated() {
                let y0 = top + 12 + Double(row) * panelHeight
                let plotTop = y0 + 18
                let maximum = Swift.max(1, runsHere.flatMap { $0.samples.map { $0.counts[count.name] ?? 0 } }.max() ?? 1)
                svg.text(count.title, x: left, y: y0 + 12, size: 11, fill: "#333")
                svg.text(
                    SVGWriter.number(maximum), x: left + panelWidth, y: y0 + 12, size: 9, fill: "#777", anchor: "end")
                svg.rect(x: left, y: plotTop, width: panelWidth, height: plotHeight, fill: "#fafafa", stroke: "#ddd")
                func point(_ time: Double, _ value: Double) -> (x: Double, y: Double) {
                    (left + time / duration * panelWidth, plotTop + plotHeight - value / maximum * plotHeight)
                }
                for run in runsHere {
                    let points = run.samples.map { point($0.time, $0.counts[count.name] ?? 0) }
                    let final = run.samples.last?.counts[count.name] ?? 0
                    svg.polyline(
                        points, stroke: style(run.label).color, width: style(run.label).width,
                        title: "\(run.label): \(SVGWriter.number(final)) \(count.title)")
                }
                let axis = plotTop + plotHeight + 12
                svg.text("0 s", x: left, y: axis, size: 9, fill: "#777")
                svg.text("\(SVGWriter.number(duration)) s", x: left + panelWidth, y: axis, size: 9, fill: "#777", anchor: "end")
                for (line, run) in runsHere.enumerated() {
                    let final = run.samples.last?.counts[count.name] ?? 0
                    svg.text(
                        "\(run.label): \(SVGWriter.number(final))", x: left, y: axis + 14 + Double(line) * 14, size: 10,
                        fill: style(run.label).color)
                }
            }
        }
        let width = margin * 2 + Double(viewports.count) * panelWidth + Double(Swift.max(0, viewports.count - 1)) * gap
        let height = top + 12 + Double(counts.count) * panelHeight + margin
        return svg.document(width: Swift.max(width, legendX + margin), height: height)
    }
}
