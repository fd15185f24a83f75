/// The type declarations a point of a file is inside, followed brace by brace: what `#selector`
/// qualifies an unqualified method with, and which protocol an `optional` member belongs to.
struct TypeScopes {
    /// A type's body, or an extension's.
    struct Scope {
        enum Kind: String { case `class`, `struct`, `enum`, `extension`, `protocol`, `actor` }
        var kind: Kind
        /// As code outside the type names it: `Outer.Inner`; a local type by its own name.
        var name: String
        /// The brace depth inside its body.
        var depth: Int
        /// A protocol declared `@objc`.
        var isObjC = false
        /// The access modifier written on the declaration (`public`), if any.
        var access: String?
        /// An extension with a `where` clause.
        var isConstrained = false
        /// The significant index of the body's opening brace.
        var openingBrace = 0
    }

    /// How many braces are open.
    private(set) var depth = 0
    /// The scopes open, innermost last.
    private(set) var stack: [Scope] = []
    /// A declaration whose body opens at the next `{`.
    private var pending: Scope?

    /// The innermost type or extension.
    var innermost: Scope? { stack.last }

    /// Whether the current point is directly in the innermost scope's body (not in a member's).
    var isAtMemberLevel: Bool { innermost.map { $0.depth == depth } ?? false }

    static let kinds: [String: Scope.Kind] = [
        "class": .class, "struct": .struct, "enum": .enum, "extension": .extension, "protocol": .protocol, "actor": .actor,
    ]

    /// Words that follow `class` when it is a modifier (`class func`), never a type's name.
    static let notNames: Set<String> = [
        "func", "var", "let", "subscript", "init", "deinit", "static", "final", "override", "public", "private", "fileprivate",
        "internal", "open", "dynamic", "required", "convenience", "mutating", "nonmutating", "lazy", "weak", "unowned",
    ]

    /// Follows one significant token of `file` (at significant index `index`).
    mutating func see(_ index: Int, in file: FileTranslation) {
        guard let token = file.significantToken(index) else { return }
        switch token.kind {
        case .symbol where file.byte(at: token.range.lowerBound) == UInt8(ascii: "{"):
            depth += 1
            if var scope = pending {
                scope.depth = depth
                scope.openingBrace = index
                stack.append(scope)
                pending = nil
            }
        case .symbol where file.byte(at: token.range.lowerBound) == UInt8(ascii: "}"):
            if let last = stack.last, last.depth == depth { stack.removeLast() }
            depth = max(0, depth - 1)
        case .word:
            if pending != nil, file.text(of: token) == "where" { pending?.isConstrained = true }
            guard let kind = Self.kinds[file.text(of: token)], let name = declaredName(after: index, kind: kind, in: file)
            else { return }
            if let previous = file.significantToken(index - 1), file.text(of: previous) == "." { return }
            let qualified: String
            if kind != .extension, let parent = stack.last, parent.depth == depth, parent.kind != .protocol {
                qualified = parent.name + "." + name
            } else {
                qualified = name
            }
            let modifiers = file.modifiers(before: index)
            pending = Scope(
                kind: kind, name: qualified, depth: depth, isObjC: modifiers.attributes.contains("@objc"),
                access: modifiers.words.first { ["public", "open", "internal", "fileprivate", "private"].contains($0) })
        default:
            return
        }
    }

    /// The name a type keyword declares (`Outer.Inner` for an extension), or nil when the keyword
    /// is a modifier or part of something else.
    private func declaredName(after index: Int, kind: Scope.Kind, in file: FileTranslation) -> String? {
        guard let next = file.significantToken(index + 1), next.kind == .word else { return nil }
        let first = file.text(of: next)
        guard !Self.notNames.contains(first) else { return nil }
        guard kind == .extension else { return first }
        var name = first
        var cursor = index + 2
        while let dot = file.significantToken(cursor), file.text(of: dot) == ".",
            let part = file.significantToken(cursor + 1), part.kind == .word
        {
            name += "." + file.text(of: part)
            cursor += 2
        }
        return name
    }
}
