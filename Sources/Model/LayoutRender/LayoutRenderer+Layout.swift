extension LayoutRenderer {
    /// Draws the layout; returns the picture width it needs and where it ends.
    static func drawLayout(_ scene: LayoutScene, into svg: inout SVGWriter, top: Double) -> (width: Double, bottom: Double) {
        let originX = margin + labelWidth
        func px(_ x: Double) -> Double { originX + x * scale }
        func py(_ y: Double) -> Double { top + y * scale }

        // Each orthogonal row is drawn in place: its window (what the row shows at its offset)
        // over the main viewport, the cells after it up to `unrolledWindows` windows; the cells
        // before the window and beyond that are counted, not drawn. A cell the window's left edge
        // cuts is drawn from the edge.
        var shift: [String: Double] = [:]
        var end: [String: Double] = [:]
        var before: [String: Int] = [:]
        var after: [String: Int] = [:]
        /// Live cells (kept prepared) among those counted, not drawn.
        var hiddenRealised: [String: Int] = [:]
        for (section, offset) in scene.rowOffsets {
            shift[section] = offset
            end[section] = offset + scene.viewportWidth * unrolledWindows
        }
        func shown(_ element: LayoutScene.Element) -> Bool {
            guard !element.isDecoration, let section = element.section, let lo = shift[section], let hi = end[section] else {
                return true
            }
            return element.x + element.width > lo && element.x < hi
        }
        func x(of element: LayoutScene.Element) -> Double {
            guard !element.isDecoration, let lo = element.section.flatMap({ shift[$0] }) else { return element.x }
            return Swift.max(element.x, lo) - lo
        }
        func width(of element: LayoutScene.Element) -> Double {
            guard !element.isDecoration, let lo = element.section.flatMap({ shift[$0] }) else { return element.width }
            return element.x + element.width - Swift.max(element.x, lo)
        }
        var rightmost = scene.viewportWidth
        /// Where each row's drawn cells end: "+N more" goes after them.
        var rowEnd: [String: Double] = [:]
        for element in scene.elements {
            if shown(element) {
                rightmost = Swift.max(rightmost, x(of: element) + width(of: element))
                if let section = element.section, shift[section] != nil {
                    rowEnd[section] = Swift.max(rowEnd[section] ?? 0, x(of: element) + width(of: element))
                }
            } else if let section = element.section, let lo = shift[section] {
                if element.x < lo { before[section, default: 0] += 1 } else { after[section, default: 0] += 1 }
                if element.realised { hiddenRealised[section, default: 0] += 1 }
            }
        }

        // The content area, then section bands with their names.
        svg.rect(
            x: px(0), y: py(0), width: scene.contentWidth * scale, height: scene.contentHeight * scale, fill: "#f7f7f7",
            stroke: "#dddddd")
        // Everything written in the left column (section names with what a row leaves out, the
        // viewport's size and offset) is laid out there at the end, so no label covers a cell or
        // another label.
        var column = LabelColumn()
        var bands: [(String, Double, Double)] = []
        for section in scene.sections {
            let frames = scene.elements.filter { $0.section == section }
            guard let minY = frames.map(\.y).min(), let maxY = frames.map({ $0.y + $0.height }).max() else { continue }
            bands.append((section, minY, maxY))
            let color = color(of: section, in: scene)
            var lines = [LabelColumn.Line(text: section, size: 13, color: color, bold: true)]
            if let offset = scene.rowOffsets[section] {
                lines.append(.init(text: "orthogonal row", size: 10, color: "#777"))
                lines.append(.init(text: "window at \(SVGWriter.number(offset))", size: 10, color: "#333"))
                if let count = before[section], count > 0 {
                    lines.append(.init(text: "← \(count) before", size: 10, color: color))
                }
                if let live = hiddenRealised[section], live > 0 {
                    lines.append(.init(text: "\(live) realised, not drawn", size: 9, color: color))
                }
            }
            column.add(lines, at: py(minY))
        }

        // Section backgrounds (decoration views), behind everything the section shows.
        for element in scene.elements where element.isDecoration {
            svg.rect(
                x: px(element.x), y: py(element.y), width: element.width * scale, height: element.height * scale,
                fill: color(of: element.section, in: scene), stroke: "none", opacity: 0.12, radius: 6,
                title: "\(element.section ?? "") \(element.kind) (decoration)")
        }

        // Groups: each instance drawn around its items.
        for section in scene.sections {
            guard let perGroup = scene.itemsPerGroup[section], perGroup > 1 else { continue }
            var groups: [Int: (Double, Double, Double, Double)] = [:]
            for element in scene.elements where element.section == section && element.kind == "cell" && shown(element) {
                guard let item = element.item else { continue }
                let left = x(of: element)
                let box = groups[item / perGroup] ?? (left, element.y, left + width(of: element), element.y + element.height)
                groups[item / perGroup] = (
                    Swift.min(box.0, left), Swift.min(box.1, element.y), Swift.max(box.2, left + width(of: element)),
                    Swift.max(box.3, element.y + element.height)
                )
            }
            for (group, box) in groups.sorted(by: { $0.key < $1.key }) {
                svg.rect(
                    x: px(box.0) - 2, y: py(box.1) - 2, width: (box.2 - box.0) * scale + 4, height: (box.3 - box.1) * scale + 4,
                    fill: "none", stroke: "#999", strokeWidth: 1, dashed: true, radius: 4,
                    title: "\(section) group \(group) (\(perGroup) items)")
            }
        }

        // Items and supplementary views, back to front by z-index (equal ones in layout order), so
        // a pinned header covers the cells scrolling under it as on screen.
        let ordered = scene.elements.enumerated().sorted { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }
        // Views drawn over cells (pinned headers): a cell's number under one, or within the
        // number's half height of one, would be hidden or clash with the view's own label.
        let covers = scene.elements.filter { shown($0) && !$0.isDecoration && $0.kind != "cell" && $0.zIndex > 0 }
        func isCovered(_ cell: LayoutScene.Element, at point: (x: Double, y: Double)) -> Bool {
            covers.contains { cover in
                cover.zIndex > cell.zIndex && point.x >= x(of: cover) && point.x <= x(of: cover) + width(of: cover)
                    && point.y >= cover.y - 6 && point.y <= cover.y + cover.height + 6
            }
        }
        for element in ordered.map(\.element) where shown(element) && !element.isDecoration {
            let color = color(of: element.section, in: scene)
            let name = [element.section, element.item.map { "item \($0)" }, element.kind == "cell" ? nil : element.kind]
                .compactMap { $0 }.joined(separator: " ")
            if element.kind != "cell" {
                svg.rect(
                    x: px(x(of: element)), y: py(element.y), width: width(of: element) * scale, height: element.height * scale,
                    fill: "#e8e8e8", stroke: "#888", title: name)
                svg.text(element.kind, x: px(x(of: element)) + 4, y: py(element.y) + 11, size: 9, fill: "#555")
                continue
            }
            svg.rect(
                x: px(x(of: element)), y: py(element.y), width: width(of: element) * scale, height: element.height * scale,
                fill: element.realised ? color : "#ffffff", stroke: color, strokeWidth: element.realised ? 1 : 1.2,
                opacity: element.realised ? 0.8 : nil, radius: 3, title: name + (element.realised ? " (realised)" : ""))
            // The item's number where it fits inside the cell (never over a neighbour's) and no
            // pinned view covers it.
            if let item = element.item, SVGWriter.estimatedWidth(String(item), size: 10) + 4 <= width(of: element) * scale,
                element.height * scale >= 12,
                !isCovered(element, at: (x(of: element) + width(of: element) / 2, element.y + element.height / 2))
            {
                svg.text(
                    String(item), x: px(x(of: element) + width(of: element) / 2), y: py(element.y + element.height / 2) + 4,
                    size: 10,
                    fill: element.realised ? "#ffffff" : color, anchor: "middle")
            }
        }

        // Each orthogonal row's window, and what is not drawn.
        for (section, minY, maxY) in bands {
            guard let offset = scene.rowOffsets[section], let lo = shift[section], let hi = end[section] else { continue }
            svg.rect(
                x: px(offset - lo), y: py(minY) - 3, width: scene.viewportWidth * scale, height: (maxY - minY) * scale + 6,
                fill: "none", stroke: "#333", strokeWidth: 1.5, dashed: true)
            if let count = after[section], count > 0 {
                svg.text(
                    "+\(count) more →", x: px(rowEnd[section] ?? (hi - lo)) + 8, y: py((minY + maxY) / 2) + 4, size: 11,
                    fill: color(of: section, in: scene))
            }
        }

        // The main viewport.
        svg.rect(
            x: px(0), y: py(scene.contentOffset), width: scene.viewportWidth * scale, height: scene.viewportHeight * scale,
            fill: "none", stroke: "#d62728", strokeWidth: 2.5)
        column.add(
            [
                .init(
                    text: "viewport \(SVGWriter.number(scene.viewportWidth))×\(SVGWriter.number(scene.viewportHeight))",
                    size: 11, color: "#d62728", bold: true),
                .init(text: "at offset \(SVGWriter.number(scene.contentOffset + scene.cropTop))", size: 10, color: "#d62728"),
            ], at: py(scene.contentOffset))
        let columnBottom = column.draw(into: &svg, x: margin, top: top, width: labelWidth - 8)

        // What a cropped picture leaves out.
        if let full = scene.fullContentHeight {
            let below = full - scene.cropTop - scene.contentHeight
            svg.text(
                "cropped to the viewport: \(SVGWriter.number(scene.cropTop)) pt of content above, \(SVGWriter.number(below)) pt below not drawn",
                x: px(0), y: py(scene.contentHeight) + 14, size: 10, fill: "#777")
        }

        // Legend.
        let legendY = Swift.max(
            py(Swift.max(scene.contentHeight, scene.contentOffset + scene.viewportHeight))
                + (scene.fullContentHeight == nil ? 20 : 34), columnBottom + 16)
        // Each entry placed after the previous one's text.
        var legendX = px(0)
        func entry(_ text: String, _ mark: (inout SVGWriter, Double) -> Void) {
            mark(&svg, legendX)
            svg.text(text, x: legendX + 16, y: legendY, size: 10, fill: "#555")
            legendX += 16 + SVGWriter.estimatedWidth(text, size: 10) + 14
        }
        entry("realised cell") { $0.rect(x: $1, y: legendY - 9, width: 12, height: 10, fill: palette[0], opacity: 0.8) }
        entry("laid out, not realised") {
            $0.rect(x: $1, y: legendY - 9, width: 12, height: 10, fill: "#ffffff", stroke: palette[0])
        }
        if !scene.rowOffsets.isEmpty {
            entry("orthogonal row window") {
                $0.line(x1: $1, y1: legendY - 4, x2: $1 + 12, y2: legendY - 4, stroke: "#333", width: 1.5, dashed: true)
            }
        }
        if scene.itemsPerGroup.values.contains(where: { $0 > 1 }) {
            entry("group") {
                $0.line(x1: $1, y1: legendY - 4, x2: $1 + 12, y2: legendY - 4, stroke: "#999", width: 1, dashed: true)
            }
        }

        let width = Swift.max(px(rightmost) + 140, legendX)
        return (width, legendY)
    }
}
