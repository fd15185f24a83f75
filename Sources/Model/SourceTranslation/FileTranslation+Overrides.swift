extension FileTranslation {
    /// Part of the file written elsewhere in the translation: an override moved from an extension
    /// into its class's body, with `#sourceLocation` lines so that it still reports its own lines.
    struct Relocation {
        var range: Range<Int>
        /// Where it goes: the start of the line of the class's closing brace.
        var destination: Int
    }

    /// The classes declared at file level, by name: the start of the line of their closing brace.
    func fileLevelClassEnds() -> [String: Int] {
        var ends: [String: Int] = [:]
        var scopes = TypeScopes()
        var open: [String: Int] = [:]  // class name → depth of its body
        for index in significant.indices {
            let before = scopes.stack.count
            scopes.see(index, in: self)
            if scopes.stack.count > before, let scope = scopes.innermost, scope.kind == .class, scope.depth == 1 {
                open[scope.name] = scope.depth
            }
            if scopes.stack.count < before, let token = significantToken(index), scopes.depth == 0 {
                for (name, _) in open where ends[name] == nil { ends[name] = lineStart(of: token.range.lowerBound) }
                open.removeAll()
            }
        }
        return ends
    }

    /// The offset of the start of the line holding `offset`.
    func lineStart(of offset: Int) -> Int {
        var start = offset
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        return start
    }

    /// `extension Feed { override func viewDidLoad() { … } }` with `class Feed` in the same file:
    /// Swift allows an override in an extension only for Objective-C methods, so the member moves
    /// into the class's body (its lines reported as they were). Returns false when it cannot move
    /// (the class is elsewhere, or the extension is constrained).
    mutating func moveOverride(at index: Int, extension scope: TypeScopes.Scope, classEnds: [String: Int]) -> Bool {
        guard !scope.isConstrained, let destination = classEnds[scope.name], let range = memberRange(at: index) else {
            return false
        }
        relocations.append(Relocation(range: range, destination: destination))
        return true
    }

    /// The whole member declaration whose `override` is at significant index `index`: from its
    /// first attribute or modifier (from the start of its line when only blanks precede) to the end
    /// of its body.
    private func memberRange(at index: Int) -> Range<Int>? {
        var first = index
        while first > 0, let previous = significantToken(first - 1),
            previous.kind == .attribute || (previous.kind == .word && Self.modifierWords.contains(text(of: previous)))
        {
            first -= 1
        }
        var cursor = index + 1
        var parentheses = 0
        while let token = significantToken(cursor) {
            let text = text(of: token)
            if text == "(" { parentheses += 1 }
            if text == ")" { parentheses -= 1 }
            if text == "{", parentheses == 0 { break }
            cursor += 1
        }
        guard significantText(cursor) == "{" else { return nil }
        var depth = 0
        while let token = significantToken(cursor) {
            let text = text(of: token)
            if token.kind == .symbol, text == "{" { depth += 1 }
            if token.kind == .symbol, text == "}" {
                depth -= 1
                if depth == 0 { break }
            }
            cursor += 1
        }
        guard let close = significantToken(cursor), let start = significantToken(first) else { return nil }
        let lineBegin = lineStart(of: start.range.lowerBound)
        let onlyBlanks = bytes[lineBegin..<start.range.lowerBound].allSatisfy { $0 == 0x20 || $0 == 0x09 }
        return (onlyBlanks ? lineBegin : start.range.lowerBound)..<close.range.upperBound
    }
}
