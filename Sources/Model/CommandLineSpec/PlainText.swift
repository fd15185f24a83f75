/// Help text for a terminal, the plain sibling of `ManPage`: words wrapped at a width, and
/// two-column entries (an option or a command, then what it does, wrapped under its column).
/// `scrollsimctl --help` and `scrollsimd --help` are written with it.
package enum PlainText {
    /// Words joined into lines of at most `width` columns (a word longer than that keeps its own
    /// line), the first line starting with `first`, the others indented by `indent` spaces.
    package static func wrap(_ words: [String], first: String, indent: Int, width: Int) -> String {
        var lines: [String] = []
        var line = first
        var lineHasWord = false
        for word in words {
            let gap = line.hasSuffix(" ") || line.isEmpty ? "" : " "
            if lineHasWord, line.count + gap.count + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: indent) + word
            } else {
                line += gap + word
            }
            lineHasWord = true
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// `left` padded to `column`, then `text` wrapped under that column; a `left` too long for
    /// the column gets a line of its own, the text under it.
    package static func entry(_ left: String, _ text: String, column: Int, width: Int) -> String {
        let words = text.split(separator: " ").map(String.init)
        guard left.count < column else {
            return left + "\n" + wrap(words, first: String(repeating: " ", count: column), indent: column, width: width)
        }
        return wrap(words, first: left + String(repeating: " ", count: column - left.count), indent: column, width: width)
    }
}
