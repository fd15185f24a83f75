/// A manual page written in roff's `man` macros, built section by section from plain text: the
/// programs print their own pages (`scrollsimctl man`, `scrollsimd --man`) from the tables their
/// parsers check, so a page cannot list an option the program does not take.
package struct ManPage: Sendable {
    /// A piece of a term in a tagged paragraph: `--seconds` in bold, `N` in italics.
    package enum Span: Sendable {
        case bold(String)
        case italic(String)
        case roman(String)
    }

    package private(set) var roff: String

    /// The title line and NAME section.
    /// - Parameters:
    ///   - section: 1 for user commands, 8 for daemons.
    ///   - summary: what the program is, after "name \-" in NAME.
    package init(name: String, section: Int, manual: String, version: String, date: String, summary: String) {
        roff = ".TH \(name.uppercased()) \(section) \"\(date)\" \"scrollsim \(version)\" \"\(manual)\"\n"
        roff += ".SH NAME\n\(Self.escape(name)) \\- \(Self.escape(summary))\n"
    }

    package mutating func section(_ title: String) { roff += ".SH \(title.uppercased())\n" }

    package mutating func subsection(_ title: String) { roff += ".SS \(Self.escape(title))\n" }

    /// Paragraphs separated by blank lines; lines that start with two spaces are examples, set
    /// in a no-fill, indented block as they are.
    package mutating func text(_ text: String) { paragraphs(text, separator: ".PP") }

    /// - Parameter separator: `.PP` at the left margin; `.IP` inside a tagged paragraph, which
    ///   keeps its indentation (`.PP` would end it).
    private mutating func paragraphs(_ text: String, separator: String) {
        var first = true
        for paragraph in text.split(separator: "\n\n") {
            if !first { roff += separator + "\n" }
            first = false
            var inExample = false
            for line in paragraph.split(separator: "\n", omittingEmptySubsequences: false) {
                let example = line.hasPrefix("  ")
                if example != inExample {
                    // The first .RS moves to the paragraph's indentation (inside a tagged
                    // paragraph, its text's), the second indents the example from there; text
                    // after an example starts a new paragraph at the same place.
                    roff += example ? ".RS\n.RS 2\n.nf\n" : ".fi\n.RE\n.RE\n\(separator)\n"
                    inExample = example
                }
                roff += Self.escape(example ? String(line.dropFirst(2)) : String(line)) + "\n"
            }
            if inExample { roff += ".fi\n.RE\n.RE\n" }
        }
    }

    /// A tagged paragraph: the term on its line, the text indented under it.
    package mutating func entry(_ term: [Span], _ text: String) {
        roff += ".TP\n" + term.map(Self.render).joined() + "\n"
        paragraphs(text, separator: ".IP")
    }

    /// What `body` adds, indented (nested tagged paragraphs).
    package mutating func indented(_ body: (inout ManPage) -> Void) {
        var inner = ManPage(roff: "")
        body(&inner)
        guard !inner.roff.isEmpty else { return }
        roff += ".RS\n" + inner.roff + ".RE\n"
    }

    private init(roff: String) { self.roff = roff }

    /// The term of an option or a command: its spellings in bold, separated by commas, then what
    /// its value is called in italics (`-s, --seconds N`; `run SCENARIO`).
    package static func term(_ names: [String], value: String? = nil) -> [Span] {
        var spans: [Span] = []
        for (index, name) in names.enumerated() {
            if index > 0 { spans.append(.roman(", ")) }
            spans.append(.bold(name))
        }
        if let value, !value.isEmpty { spans += [.roman(" "), .italic(value)] }
        return spans
    }

    /// The synopsis: the program in bold, the rest as spans.
    package mutating func synopsis(_ lines: [[Span]]) {
        section("SYNOPSIS")
        for (index, line) in lines.enumerated() {
            if index > 0 { roff += ".br\n" }
            roff += line.map(Self.render).joined() + "\n"
        }
    }

    static func render(_ span: Span) -> String {
        switch span {
        case .bold(let text): "\\fB\(escape(text))\\fR"
        case .italic(let text): "\\fI\(escape(text))\\fR"
        case .roman(let text): escape(text)
        }
    }

    /// Text as roff reads it literally: backslashes and hyphens escaped (a bare `-` may be
    /// turned into a Unicode hyphen, which breaks copying options), words that start with `-`
    /// never hyphenated (`--scenario-dir` stays whole), other than ASCII as Unicode escapes (any
    /// formatter reads those), a leading dot or quote protected so it is not read as a request.
    package static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var previous: Character = " "
        for character in text {
            switch character {
            case "\\": out += "\\e"
            case "-":
                if previous == " " || previous == "(" || previous == "[" { out += "\\%" }
                out += "\\-"
            case _ where !character.isASCII:
                for scalar in character.unicodeScalars {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            default: out.append(character)
            }
            previous = character
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}
