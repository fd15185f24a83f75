/// A minimal SVG 1.1 writer: elements appended as text, attribute values and text escaped.
struct SVGWriter {
    private(set) var body: [String] = []

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default:
                // XML 1.0 forbids most control characters; none belong in a picture's text.
                if let ascii = character.asciiValue, ascii < 0x20 { out += " " } else { out.append(character) }
            }
        }
        return out
    }

    /// How wide `text` is drawn at `size` in the pictures' sans-serif font, generously (0.6 em
    /// per character; Helvetica's average is nearer 0.55): what label placement keeps apart.
    static func estimatedWidth(_ text: String, size: Double, bold: Bool = false) -> Double {
        Double(text.count) * size * (bold ? 0.65 : 0.6)
    }

    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    mutating func rect(
        x: Double, y: Double, width: Double, height: Double, fill: String, stroke: String? = nil, strokeWidth: Double = 1,
        dashed: Bool = false, opacity: Double? = nil, radius: Double = 0, title: String? = nil
    ) {
        var attributes =
            "x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(Swift.max(0, width)))\" height=\"\(Self.number(Swift.max(0, height)))\" fill=\"\(fill)\""
        if let stroke { attributes += " stroke=\"\(stroke)\" stroke-width=\"\(Self.number(strokeWidth))\"" }
        if dashed { attributes += " stroke-dasharray=\"6 4\"" }
        if let opacity { attributes += " fill-opacity=\"\(Self.number(opacity))\"" }
        if radius > 0 { attributes += " rx=\"\(Self.number(radius))\"" }
        if let title {
            body.append("<rect \(attributes)><title>\(Self.escape(title))</title></rect>")
        } else {
            body.append("<rect \(attributes)/>")
        }
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1, dashed: Bool = false) {
        body.append(
            "<line x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" y2=\"\(Self.number(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(Self.number(width))\"\(dashed ? " stroke-dasharray=\"4 3\"" : "")/>"
        )
    }

    mutating func text(
        _ content: String, x: Double, y: Double, size: Double = 12, fill: String = "#222", anchor: String = "start",
        weight: String = "normal"
    ) {
        body.append(
            "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"\(Self.number(size))\" fill=\"\(fill)\" text-anchor=\"\(anchor)\" font-weight=\"\(weight)\">\(Self.escape(content))</text>"
        )
    }

    func document(width: Double, height: Double) -> String {
        let header =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\">"
        return
            (["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", header, "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>"]
            + body + ["</svg>"])
            .joined(separator: "\n") + "\n"
    }
}

extension SVGWriter {
    /// A line through `points`, with a tooltip.
    mutating func polyline(_ points: [(x: Double, y: Double)], stroke: String, width: Double = 1.5, title: String? = nil) {
        let list = points.map { "\(Self.number($0.x)),\(Self.number($0.y))" }.joined(separator: " ")
        let attributes =
            "points=\"\(list)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(Self.number(width))\" stroke-linejoin=\"round\""
        if let title {
            body.append("<polyline \(attributes)><title>\(Self.escape(title))</title></polyline>")
        } else {
            body.append("<polyline \(attributes)/>")
        }
    }
}
