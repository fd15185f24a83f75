extension FileTranslation {
    /// Translates `#selector(…)`, `#keyPath(…)` and `os(…)` in `#if`; returns the significant
    /// index of the last token consumed, if the directive's arguments were.
    mutating func translatePound(
        _ pound: String, at index: Int, scopes: TypeScopes, declarations: ProjectDeclarations
    ) -> Int? {
        switch pound {
        case "#selector", "#keyPath":
            guard significantText(index + 1) == "(", let close = closingParenthesis(from: index + 1) else { return nil }
            let parts = (index + 2..<close).map { significantText($0) }
            let range = significantToken(index)!.range.lowerBound..<significantToken(close)!.range.upperBound
            if pound == "#keyPath" {
                replace(range, with: Self.literal(Self.keyPath(parts)))
            } else {
                replace(range, with: selectorExpression(parts, at: range.lowerBound, scopes: scopes, declarations: declarations))
            }
            return close
        case "#Preview":
            return removePreview(at: index)
        case "#if", "#elseif":
            if options.conditionsAsOnIOS { evaluatePlatformConditions(after: index) }
            return nil
        default:
            return nil
        }
    }

    /// `#Preview("Feed") { … }`: Xcode's preview macro, which has no implementation on Linux;
    /// previews are never run here, so the whole declaration is blanked out (lines kept).
    private mutating func removePreview(at index: Int) -> Int? {
        var cursor = index + 1
        if significantText(cursor) == "(", let close = closingParenthesis(from: cursor) { cursor = close + 1 }
        guard significantText(cursor) == "{" else { return nil }
        var depth = 0
        var end = cursor
        while let token = significantToken(end) {
            let text = text(of: token)
            if token.kind == .symbol, text == "{" { depth += 1 }
            if token.kind == .symbol, text == "}" {
                depth -= 1
                if depth == 0 { break }
            }
            end += 1
        }
        guard let last = significantToken(end) else { return nil }
        blank(significantToken(index)!.range.lowerBound..<last.range.upperBound)
        return end
    }

    /// `#keyPath(Feed.author.name)` is `"author.name"`: a leading type name is not part of the path.
    static func keyPath(_ parts: [String]) -> String {
        var components = parts.joined().split(separator: ".").map(String.init)
        if components.count > 1, let first = components.first?.first, first.isUppercase { components.removeFirst() }
        return components.joined(separator: ".")
    }

    /// What `#selector(parts…)` becomes: a selector carrying its method, qualified with the class
    /// the reference is written in when it names none, or a bare name where no method can be
    /// carried (a property's accessor, a protocol's method, a method of `super`).
    private mutating func selectorExpression(
        _ parts: [String], at offset: Int, scopes: TypeScopes, declarations: ProjectDeclarations
    ) -> String {
        if parts.count > 2, parts[0] == "getter" || parts[0] == "setter", parts[1] == ":" {
            let property = parts[2...].joined().split(separator: ".").last.map(String.init) ?? ""
            let name = parts[0] == "getter" ? property : "set" + property.prefix(1).uppercased() + property.dropFirst() + ":"
            return "Selector(\(Self.literal(name)))"
        }
        let reference = parts.joined()
        let objcName = ObjCSelectorName.of(reference)
        let named = "Selector(\(Self.literal(objcName)))"
        guard !parts.contains("as") else { return named }
        let (path, arguments) = Self.splitReference(reference)
        var components = path.split(separator: ".").map(String.init)
        guard let method = components.popLast() else { return named }
        let qualifier: String
        if components.isEmpty || components == ["self"] {
            guard let scope = scopes.innermost else {
                diagnose(
                    offset, .warning,
                    "#selector(\(reference)) outside a type cannot carry its method: it names '\(objcName)' and cannot be sent on Linux; qualify it with its class (#selector(Feed.\(method)))"
                )
                return named
            }
            let isProtocol = scope.kind == .protocol || declarations.protocols.contains(scope.name)
            qualifier = isProtocol ? "Self" : scope.name
        } else if components.first == "super" {
            return named
        } else if let head = components.first?.first, head.isLowercase || head == "_" {
            // An instance's method (`#selector(viewModel.refresh)`): bound to that instance.
            return "Selector(\(Self.literal(objcName)), bound: \(reference))"
        } else {
            qualifier = components.joined(separator: ".")
            if let last = components.last, declarations.protocols.contains(last) { return named }
        }
        return "Selector(\(Self.literal(objcName)), sending: \(qualifier).\(method)\(arguments))"
    }

    /// `Feed.refresh(_:)` → (`Feed.refresh`, `(_:)`).
    static func splitReference(_ reference: String) -> (path: String, arguments: String) {
        guard let open = reference.firstIndex(of: "(") else { return (reference, "") }
        return (String(reference[..<open]), String(reference[open...]))
    }

    /// In an `#if`/`#elseif` line, `os(iOS)` becomes `true` and any other `os(…)` `false`, as
    /// when the app is built for iOS.
    private mutating func evaluatePlatformConditions(after index: Int) {
        var cursor = significant[index] + 1
        while cursor + 3 < tokens.count, tokens[cursor].kind != .newline {
            if tokens[cursor].kind == .word, text(of: tokens[cursor]) == "os", text(of: tokens[cursor + 1]) == "(",
                tokens[cursor + 2].kind == .word, text(of: tokens[cursor + 3]) == ")"
            {
                let platform = text(of: tokens[cursor + 2])
                replace(
                    tokens[cursor].range.lowerBound..<tokens[cursor + 3].range.upperBound,
                    with: platform == "iOS" ? "true" : "false")
                cursor += 4
                continue
            }
            cursor += 1
        }
    }
}
