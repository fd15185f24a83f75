/// One file being translated: its tokens, the edits made to it and what is said about it.
struct FileTranslation {
    let file: SourceTranslator.File
    let options: SourceTranslator.Options
    let bytes: [UInt8]
    let tokens: [SwiftToken]
    /// Indices in `tokens` of the tokens that are not trivia.
    let significant: [Int]

    /// A replacement of some of the file's bytes.
    struct Edit {
        var range: Range<Int>
        var text: String
    }

    var edits: [Edit] = []
    var diagnostics: [TranslationDiagnostic] = []
    /// Modules the translation imports at the top (`ObjectiveC`, `Combine`).
    var addedImports: [String] = []
    /// Declarations the translation adds after the file (optional methods' defaults).
    var appended: [String] = []
    /// Overrides moved from extensions into their classes' bodies.
    var relocations: [Relocation] = []

    init(file: SourceTranslator.File, options: SourceTranslator.Options) {
        self.file = file
        self.options = options
        self.bytes = Array(file.text.utf8)
        let tokens = SwiftLexer.tokens(of: bytes)
        self.tokens = tokens
        self.significant = tokens.indices.filter { !tokens[$0].isTrivia }
    }

    // MARK: Reading

    func byte(at offset: Int) -> UInt8 { bytes[offset] }

    func text(of token: SwiftToken) -> String { String(decoding: bytes[token.range], as: UTF8.self) }

    func text(of range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// The significant token at `index`, or nil past either end.
    func significantToken(_ index: Int) -> SwiftToken? {
        significant.indices.contains(index) ? tokens[significant[index]] : nil
    }

    /// The text of the significant token at `index`, or "" past either end.
    func significantText(_ index: Int) -> String { significantToken(index).map(text(of:)) ?? "" }

    /// Whether the significant tokens at `index` and `index + 1` touch (no trivia between).
    func touch(_ index: Int) -> Bool {
        guard let left = significantToken(index), let right = significantToken(index + 1) else { return false }
        return left.range.upperBound == right.range.lowerBound
    }

    /// The significant index of the `)` matching the `(` at `open`, or nil.
    func closingParenthesis(from open: Int) -> Int? {
        var depth = 0
        var index = open
        while let token = significantToken(index) {
            if token.kind == .symbol {
                switch byte(at: token.range.lowerBound) {
                case UInt8(ascii: "("): depth += 1
                case UInt8(ascii: ")"):
                    depth -= 1
                    if depth == 0 { return index }
                default: break
                }
            }
            index += 1
        }
        return nil
    }

    /// The attributes and modifier words written before the declaration keyword at `index`
    /// (`@objc public final class`), nearest first.
    func modifiers(before index: Int) -> (attributes: [String], words: [String]) {
        var attributes: [String] = []
        var words: [String] = []
        var cursor = index - 1
        while let token = significantToken(cursor) {
            let text = text(of: token)
            if token.kind == .attribute {
                attributes.append(text)
            } else if token.kind == .word, Self.modifierWords.contains(text) {
                words.append(text)
            } else if text == ")", let open = openingParenthesis(before: cursor),
                let attribute = significantToken(open - 1),
                attribute.kind == .attribute || Self.modifierWords.contains(self.text(of: attribute))
            {
                cursor = open  // `@objc(name)`, `private(set)`: the next step reads what precedes
            } else {
                break
            }
            cursor -= 1
        }
        return (attributes, words)
    }

    private func openingParenthesis(before close: Int) -> Int? {
        var depth = 0
        var index = close
        while let token = significantToken(index) {
            if token.kind == .symbol {
                switch byte(at: token.range.lowerBound) {
                case UInt8(ascii: ")"): depth += 1
                case UInt8(ascii: "("):
                    depth -= 1
                    if depth == 0 { return index }
                default: break
                }
            }
            index -= 1
        }
        return nil
    }

    static let modifierWords: Set<String> = [
        "public", "open", "internal", "fileprivate", "private", "final", "override", "static", "class", "dynamic", "required",
        "convenience", "lazy", "weak", "unowned", "optional", "mutating", "nonmutating", "nonisolated", "indirect",
    ]

    /// 1-based line and column of a byte offset.
    func position(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }

    // MARK: Writing

    /// Replaces `range` with `text`, keeping the file's line breaks: the lines `range` spanned
    /// are kept after the replacement.
    mutating func replace(_ range: Range<Int>, with text: String) {
        let removedLines = bytes[range].filter { $0 == 0x0A }.count
        let addedLines = text.utf8.filter { $0 == 0x0A }.count
        edits.append(Edit(range: range, text: text + String(repeating: "\n", count: max(0, removedLines - addedLines))))
    }

    /// Blanks `range` out with spaces (line breaks kept), so columns after it stay where they were.
    mutating func blank(_ range: Range<Int>) {
        let text = String(decoding: bytes[range].map { $0 == 0x0A || $0 == 0x0D ? $0 : 0x20 }, as: UTF8.self)
        edits.append(Edit(range: range, text: text))
    }

    mutating func diagnose(_ offset: Int, _ severity: TranslationDiagnostic.Severity, _ message: String) {
        let (line, column) = position(of: offset)
        diagnostics.append(
            TranslationDiagnostic(path: file.path, line: line, column: column, severity: severity, message: message))
    }

    mutating func addImport(_ module: String) {
        if !addedImports.contains(module) { addedImports.append(module) }
    }

    /// The file with the edits applied, preceded by the added imports and a `#sourceLocation` that
    /// maps the rest back to the original lines, and followed by the appended declarations.
    /// Relocated members leave their lines blank and are written before their destination line,
    /// between `#sourceLocation` lines that give them their own numbers and then the
    /// destination's back.
    func assembled() -> String {
        let moved = relocations.sorted { $0.range.lowerBound < $1.range.lowerBound }
        let boundaries = Set(moved.flatMap { [$0.range.lowerBound, $0.range.upperBound, $0.destination] } + [0, bytes.count])
            .sorted()
        var body: [UInt8] = []
        body.reserveCapacity(bytes.count + 256)
        for (start, end) in zip(boundaries, boundaries.dropFirst()) {
            for relocation in moved where relocation.destination == start {
                body += Array(
                    "#sourceLocation(file: \(Self.literal(file.path)), line: \(position(of: relocation.range.lowerBound).line))\n"
                        .utf8)
                body += render(relocation.range)
                body += Array("\n#sourceLocation(file: \(Self.literal(file.path)), line: \(position(of: start).line))\n".utf8)
            }
            if moved.contains(where: { $0.range == start..<end }) {
                body += bytes[start..<end].filter { $0 == 0x0A }
            } else {
                body += render(start..<end)
            }
        }
        var text = "// Translated for Linux by scrollsim-prepare from \(file.path): edit that file, not this one.\n"
        for module in addedImports { text += "import \(module)\n" }
        text += "#sourceLocation(file: \(Self.literal(file.path)), line: 1)\n"
        text += String(decoding: body, as: UTF8.self)
        text += "\n#sourceLocation()\n"
        for declaration in appended { text += declaration + "\n" }
        return text
    }

    /// The bytes of `range` with the edits that start in it applied.
    private func render(_ range: Range<Int>) -> [UInt8] {
        var out: [UInt8] = []
        var cursor = range.lowerBound
        let inside = edits.enumerated().filter { range.contains($0.element.range.lowerBound) }
            .sorted { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }
        for (_, edit) in inside where edit.range.lowerBound >= cursor {
            out += bytes[cursor..<edit.range.lowerBound]
            out += Array(edit.text.utf8)
            cursor = min(edit.range.upperBound, range.upperBound)
        }
        if cursor < range.upperBound { out += bytes[cursor..<range.upperBound] }
        return out
    }

    /// `text` as a Swift string literal.
    static func literal(_ text: String) -> String {
        var literal = "\""
        for character in text {
            switch character {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            default: literal.append(character)
            }
        }
        return literal + "\""
    }
}
