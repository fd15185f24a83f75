extension LayoutRenderer {
    static let bucket = 0.1

    /// Draws the timeline: cell-provider calls and layout passes per 100 ms, appends (applies) as
    /// markers, each section's section-provider calls, and each data request from issue to
    /// completion. Returns where it ends.
    static func drawTimeline(_ scene: LayoutScene, into svg: inout SVGWriter, top: Double, width: Double) -> Double {
        let duration = Swift.max(scene.time, scene.events.map(\.time).max() ?? 0, 0.1)
        let x0 = margin + 84
        let plotWidth = width - 84
        func x(_ t: Double) -> Double { x0 + t / duration * plotWidth }
        /// The count so far as a line over a plot's bars, on its own scale (0 at the bottom, the
        /// total at the top).
        func cumulative(_ perBucket: [Int], top: Double, height: Double, color: String, what: String) {
            let total = perBucket.reduce(0, +)
            guard total > 0 else { return }
            var sum = 0
            var points: [(x: Double, y: Double)] = [(x(0), top + height)]
            for (i, count) in perBucket.enumerated() {
                sum += count
                points.append((x(Double(i + 1) * bucket), top + height - Double(sum) / Double(total) * height))
            }
            svg.polyline(points, stroke: color, width: 1, title: "\(total) \(what) so far")
        }
        let buckets = Swift.max(1, Int((duration / bucket).rounded(.up)))
        var cells = [Int](repeating: 0, count: buckets)
        var passes = [Int](repeating: 0, count: buckets)
        for event in scene.events {
            let index = Swift.min(buckets - 1, Swift.max(0, Int(event.time / bucket)))
            if event.kind == .cell { cells[index] += 1 }
            if event.kind == .layoutPass { passes[index] += 1 }
        }
        svg.text(
            "timeline: 0 – \(SVGWriter.number(duration)) s of virtual time (per 100 ms)", x: margin, y: top, size: 13,
            weight: "bold")

        /// A lane of bars per 100 ms with its label and total, and the count so far as a line over it.
        func barLane(
            _ perBucket: [Int], top: Double, height: Double, label: String, what: String, colors: (bar: String, line: String),
            showsMax: Bool, minBarWidth: Double
        ) {
            let most = Swift.max(1, perBucket.max() ?? 1)
            svg.text(label, x: margin, y: top + 12, size: 10, fill: colors.bar)
            if showsMax { svg.text("max \(most) per 100 ms", x: margin, y: top + 24, size: 8, fill: "#777") }
            svg.text(
                "\(perBucket.reduce(0, +)) so far", x: margin, y: top + (showsMax ? 36 : 24), size: 9, fill: colors.bar,
                weight: "bold")
            svg.line(x1: x0, y1: top + height, x2: x0 + plotWidth, y2: top + height, stroke: "#bbb")
            for (i, count) in perBucket.enumerated() where count > 0 {
                let h = Double(count) / Double(most) * height
                svg.rect(
                    x: x(Double(i) * bucket), y: top + height - h,
                    width: Swift.max(minBarWidth, plotWidth / Double(buckets) - 0.5), height: h,
                    fill: colors.bar, title: "\(count) \(what) at \(SVGWriter.number(Double(i) * bucket)) s")
            }
            cumulative(perBucket, top: top, height: height, color: colors.line, what: what)
        }

        // Cell-provider calls, then layout passes.
        let cellTop = top + 14
        let cellHeight = 70.0
        barLane(
            cells, top: cellTop, height: cellHeight, label: "cell provider", what: "cell-provider calls",
            colors: ("#4e79a7", "#23476b"), showsMax: true, minBarWidth: 1)
        let passTop = cellTop + cellHeight + 10
        let passHeight = 30.0
        barLane(
            passes, top: passTop, height: passHeight, label: "layout passes", what: "layout passes",
            colors: ("#f28e2b", "#8a4a0b"), showsMax: false, minBarWidth: 2)

        // Appends: every apply, as a marker across both plots.
        for event in scene.events where event.kind == .apply {
            svg.line(
                x1: x(event.time), y1: cellTop, x2: x(event.time), y2: passTop + passHeight, stroke: "#e15759", width: 1,
                dashed: true)
        }

        // Section-provider calls: a lane per section, a tick at each pass that ran its provider
        // (the passes' `sections=` list), so a re-run of every section on an append shows at once.
        let providerTop = passTop + passHeight + 14
        let laneHeight = 12.0
        svg.text("section provider", x: margin, y: providerTop + 9, size: 10, fill: "#555")
        var consulted: [String: [Double]] = [:]
        for event in scene.events {
            for section in event.facts.sectionsAskedOfProvider { consulted[section, default: []].append(event.time) }
        }
        for (lane, section) in scene.sections.enumerated() {
            let y = providerTop + 14 + Double(lane) * laneHeight
            let times = consulted[section] ?? []
            svg.text("\(section) (\(times.count))", x: margin + 6, y: y + 8, size: 8, fill: color(of: section, in: scene))
            svg.line(x1: x0, y1: y + 9, x2: x0 + plotWidth, y2: y + 9, stroke: "#eee")
            for time in times {
                svg.rect(
                    x: x(time) - 1, y: y, width: 2.5, height: 9, fill: color(of: section, in: scene),
                    title: "\(section): section provider at \(SVGWriter.number(time)) s")
            }
        }

        // Requests: issue → completion (or failure), each in the first lane free from its start
        // (its bar and latency label clear of the previous one there), so none covers another.
        let requestTop = providerTop + 14 + Double(scene.sections.count) * laneHeight + 10
        svg.text("requests", x: margin, y: requestTop + 10, size: 10, fill: "#59a14f")
        var laneEnds: [Double] = []
        func lane(from left: Double, to right: Double) -> Int {
            let free = laneEnds.firstIndex { $0 + 4 <= left } ?? laneEnds.count
            if free == laneEnds.count { laneEnds.append(right) } else { laneEnds[free] = right }
            return free
        }
        var issued: [String: Double] = [:]
        for event in scene.events {
            guard case .request(let step, let page) = event.facts else { continue }
            let key = (event.section ?? "") + " " + (page.map { "page=\($0)" } ?? "")
            if step == .issued {
                issued[key] = event.time
            } else if step == .completed, let start = issued.removeValue(forKey: key) {
                let label = "\(SVGWriter.number((event.time - start) * 1000)) ms"
                let end = Swift.max(x(start) + 2, x(event.time))
                let y = requestTop + Double(lane(from: x(start), to: end + 3 + SVGWriter.estimatedWidth(label, size: 8))) * 14
                svg.rect(
                    x: x(start), y: y, width: end - x(start), height: 9, fill: "#59a14f", radius: 2,
                    title: "\(event.section ?? "") \(key.split(separator: " ").last ?? "") \(label)")
                svg.text(label, x: end + 3, y: y + 8, size: 8, fill: "#3b6e35")
            } else if step == .failed {
                issued.removeValue(forKey: key)
                let y = requestTop + Double(lane(from: x(event.time) - 4, to: x(event.time) + 4)) * 14
                svg.text("✕", x: x(event.time), y: y + 9, size: 10, fill: "#e15759", anchor: "middle")
            }
        }

        // Time axis, below the lanes the requests took (at least four, so pictures line up).
        let axisY = requestTop + Double(Swift.max(4, laneEnds.count)) * 14 + 10
        svg.line(x1: x0, y1: axisY, x2: x0 + plotWidth, y2: axisY, stroke: "#777")
        let step = [0.5, 1, 2, 5, 10, 30, 60, 300].first { duration / $0 <= 12 } ?? 600
        var t = 0.0
        while t <= duration + 1e-9 {
            svg.line(x1: x(t), y1: axisY, x2: x(t), y2: axisY + 4, stroke: "#777")
            svg.text("\(SVGWriter.number(t)) s", x: x(t), y: axisY + 16, size: 9, fill: "#555", anchor: "middle")
            t += step
        }
        svg.line(x1: x(scene.time), y1: cellTop, x2: x(scene.time), y2: axisY, stroke: "#d62728", width: 1.5)
        svg.text(
            "picture at \(SVGWriter.number(scene.time)) s", x: x(scene.time) - 4, y: cellTop - 2, size: 9, fill: "#d62728",
            anchor: "end")
        svg.text(
            "- - snapshot applied (appends, edits)", x: x0 + plotWidth, y: axisY + 30, size: 9, fill: "#e15759", anchor: "end")
        return axisY + 34
    }
}
