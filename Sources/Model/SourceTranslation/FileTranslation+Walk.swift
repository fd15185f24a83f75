extension FileTranslation {
    /// The protocols the file declares and its `@objc` protocols' optional methods.
    func collectDeclarations(into declarations: inout ProjectDeclarations) {
        var scopes = TypeScopes()
        for index in significant.indices {
            scopes.see(index, in: self)
            let token = tokens[significant[index]]
            guard token.kind == .word else { continue }
            let word = text(of: token)
            if word == "protocol", let name = significantToken(index + 1), name.kind == .word {
                declarations.protocols.insert(text(of: name))
            }
            if word == "optional", let scope = scopes.innermost, scope.kind == .protocol, scope.isObjC, scopes.isAtMemberLevel,
                let requirement = optionalRequirement(at: index), !requirement.returnsValue
            {
                declarations.optionalMethods.insert(requirement.name)
            }
        }
    }

    /// Translates the file, knowing what every file of the module declares.
    mutating func translate(knowing declarations: ProjectDeclarations) -> SourceTranslator.Output {
        let classEnds = fileLevelClassEnds()
        var scopes = TypeScopes()
        var index = 0
        while index < significant.count {
            scopes.see(index, in: self)
            let token = tokens[significant[index]]
            let text = text(of: token)
            switch token.kind {
            case .attribute:
                translateAttribute(text, at: index, scopes: scopes)
            case .pound:
                if let next = translatePound(text, at: index, scopes: scopes, declarations: declarations) {
                    // The directive's arguments are consumed: follow their braces anyway.
                    while index < next {
                        index += 1
                        scopes.see(index, in: self)
                    }
                }
            case .word:
                translateWord(text, at: index, scopes: scopes, declarations: declarations, classEnds: classEnds)
            case .symbol where text == "?":
                dropOptionalCall(at: index, declarations: declarations)
            default:
                break
            }
            index += 1
        }
        addImplicitImports(declarations: declarations)
        let changed = !edits.isEmpty || !addedImports.isEmpty || !appended.isEmpty || !relocations.isEmpty
        return SourceTranslator.Output(
            path: file.path, text: changed ? assembled() : file.text, diagnostics: diagnostics, changed: changed)
    }

    /// Whether the word at `index` is a declaration's modifier (`override func`), not a name
    /// (`func open(override: Bool)`, `{ override }`).
    func isModifier(at index: Int) -> Bool {
        let next = significantText(index + 1)
        return Self.declarationWords.contains(next) || Self.modifierWords.contains(next) || next.hasPrefix("@")
    }

    static let declarationWords: Set<String> = ["func", "var", "let", "init", "subscript", "typealias", "associatedtype"]

    private mutating func translateWord(
        _ word: String, at index: Int, scopes: TypeScopes, declarations: ProjectDeclarations, classEnds: [String: Int]
    ) {
        switch word {
        case "import":
            translateImport(at: index)
        case "optional":
            translateOptionalRequirement(at: index, scopes: scopes)
        case "protocol":
            makeClassBound(at: index, scopes: scopes)
        case "override":
            if let scope = scopes.innermost, scope.kind == .extension, scopes.isAtMemberLevel, isModifier(at: index),
                !moveOverride(at: index, extension: scope, classEnds: classEnds)
            {
                diagnose(
                    significantToken(index)!.range.lowerBound, .error,
                    "an override in an extension (of \(scope.name)) needs the Objective-C runtime, which Linux does not have, and \(scope.name) is not declared in this file (or the extension has a where clause), so the translation cannot move it into the class's body: move it there"
                )
            }
        default:
            break
        }
    }
}
