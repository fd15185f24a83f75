extension FileTranslation {
    /// An `@objc optional` method requirement: its name, its declaration from `func` to its end,
    /// and whether it returns a value.
    struct OptionalRequirement {
        var name: String
        var declaration: Range<Int>
        var returnsValue: Bool
    }

    /// The requirement declared after the `optional` at `index`, if it is a method.
    func optionalRequirement(at index: Int) -> OptionalRequirement? {
        var cursor = index + 1
        while let token = significantToken(cursor), token.kind == .word || token.kind == .attribute, text(of: token) != "func" {
            cursor += 1
        }
        guard significantText(cursor) == "func", let name = significantToken(cursor + 1) else { return nil }
        let start = significantToken(cursor)!.range.lowerBound
        // The declaration ends at the first line break outside parentheses after its parameters.
        var depth = 0
        var returnsValue = false
        var end = name.range.upperBound
        var raw = significant[cursor + 1] + 1
        while raw < tokens.count {
            let token = tokens[raw]
            let text = text(of: token)
            if token.kind == .newline, depth == 0, end > name.range.upperBound { break }
            if token.kind == .symbol, text == "(" || text == "<" { depth += 1 }
            if token.kind == .symbol, text == ")" || text == ">" { depth -= 1 }
            if token.kind == .symbol, text == "{" || text == "}" || text == ";" { break }
            if token.kind == .symbol, text == "-", raw + 1 < tokens.count, self.text(of: tokens[raw + 1]) == ">", depth == 0 {
                returnsValue = true
            }
            if !token.isTrivia { end = token.range.upperBound }
            raw += 1
        }
        return OptionalRequirement(name: text(of: name).trimmingBackticks, declaration: start..<end, returnsValue: returnsValue)
    }

    /// `@objc optional func didRefresh()` in an `@objc protocol`: `optional` goes, and an empty
    /// default after the file stands for "not implemented" (a call then does nothing, as calling
    /// `delegate?.didRefresh?()` on a delegate without it does). A requirement with a result has
    /// no such default: the translation says so.
    mutating func translateOptionalRequirement(at index: Int, scopes: TypeScopes) {
        guard let scope = scopes.innermost, scope.kind == .protocol, scope.isObjC, scopes.isAtMemberLevel,
            let token = significantToken(index)
        else { return }
        guard let requirement = optionalRequirement(at: index) else {
            diagnose(
                token.range.lowerBound, .error,
                "an optional property of an @objc protocol (\(scope.name)) needs the Objective-C runtime: make it a method, or give every conforming type the property"
            )
            return
        }
        guard !requirement.returnsValue else {
            diagnose(
                token.range.lowerBound, .error,
                "the optional method \(requirement.name) of \(scope.name) returns a value: Linux cannot ask whether a delegate implements it, so every conforming type must (or give the protocol an extension with the value UIKit would use)"
            )
            return
        }
        blank(token.range)
        let access = scope.access.map { ["public", "open"].contains($0) ? "public " : "" } ?? ""
        appended.append("extension \(scope.name) {\n    \(access)\(text(of: requirement.declaration)) {}\n}")
    }

    /// `delegate?.didRefresh?()` → `delegate?.didRefresh()` for the optional methods given defaults.
    mutating func dropOptionalCall(at index: Int, declarations: ProjectDeclarations) {
        guard let question = significantToken(index), index >= 2, touch(index - 1), touch(index),
            significantText(index - 2) == ".", declarations.optionalMethods.contains(significantText(index - 1)),
            significantText(index + 1) == "("
        else { return }
        blank(question.range)
    }

    /// An `@objc protocol` is class-bound, as every Objective-C protocol is: without `@objc` it
    /// needs `AnyObject` for `weak var delegate: FeedDelegate?` to compile.
    mutating func makeClassBound(at index: Int, scopes: TypeScopes) {
        guard modifiers(before: index).attributes.contains("@objc"), let name = significantToken(index + 1), name.kind == .word
        else { return }
        var cursor = index + 2
        var inherits: [String] = []
        if significantText(cursor) == ":" {
            cursor += 1
            while let token = significantToken(cursor), text(of: token) != "{", text(of: token) != "where" {
                if token.kind == .word { inherits.append(text(of: token)) }
                cursor += 1
            }
        }
        let classBound: Set<String> = ["AnyObject", "class", "NSObjectProtocol"]
        guard inherits.allSatisfy({ !classBound.contains($0) }) else { return }
        let insertion = significantToken(cursor - 1)!.range.upperBound
        edits.append(Edit(range: insertion..<insertion, text: inherits.isEmpty ? ": AnyObject" : ", AnyObject"))
    }
}
