/// Labels in a column beside the picture, each block as near as it can be to the height it
/// labels: blocks are placed top to bottom, a block that would overlap the one above moves down
/// just below it. So labels never cover each other, whatever the sections' sizes.
struct LabelColumn {
    struct Line {
        var text: String
        var size: Double
        var color: String
        var bold = false
    }

    private var blocks: [(y: Double, lines: [Line])] = []

    /// A block whose first line should start at `y` (its top).
    mutating func add(_ lines: [Line], at y: Double) { blocks.append((y, lines)) }

    /// Draws the blocks at `x`, none above `top` (a section that starts above a cropped picture is
    /// labelled at its top), each line cut to `width` (ending in "…"); returns where the last one
    /// ends.
    func draw(into svg: inout SVGWriter, x: Double, top: Double, width: Double) -> Double {
        var bottom = top - 4
        // Stable: blocks asking for the same height keep the order they were added in.
        for block in blocks.enumerated().sorted(by: { ($0.element.y, $0.offset) < ($1.element.y, $1.offset) }).map(\.element) {
            var top = Swift.max(block.y, bottom + 4)
            for line in block.lines {
                let height = line.size * 1.3
                var text = line.text
                while text.count > 1, SVGWriter.estimatedWidth(text, size: line.size, bold: line.bold) > width {
                    text = String(text.dropLast(text.hasSuffix("…") ? 2 : 1)) + "…"
                }
                svg.text(text, x: x, y: top + line.size, size: line.size, fill: line.color, weight: line.bold ? "bold" : "normal")
                top += height
            }
            bottom = top
        }
        return bottom
    }
}
