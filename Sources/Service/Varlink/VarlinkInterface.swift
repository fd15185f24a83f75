/// A parsed interface definition, with its text kept verbatim for `GetInterfaceDescription`.
package struct VarlinkInterface: Sendable, Hashable {
    package let name: String
    /// The `.varlink` text, served as is.
    package let description: String
    package private(set) var types: [String: VarlinkType] = [:]
    package private(set) var methods: [String: VarlinkMethod] = [:]
    package private(set) var errors: [String: [VarlinkField]] = [:]

    /// Parses an interface definition (varlink.org "Interface Definition").
    /// - Throws: `VarlinkIDLError` naming the line.
    package init(_ text: String) throws(VarlinkIDLError) {
        var parser = IDLParser(text)
        guard try parser.keyword() == "interface" else { throw parser.error("expected 'interface'") }
        let name = try parser.interfaceName()
        self.name = name
        self.description = text
        while !parser.atEnd {
            let keyword = try parser.keyword()
            let member = try parser.memberName()
            guard types[member] == nil, methods[member] == nil, errors[member] == nil else {
                throw parser.error("'\(member)' is declared twice (types, methods and errors share one namespace)")
            }
            switch keyword {
            case "type":
                types[member] = try parser.typeDefinition()
            case "method":
                let input = try parser.fields()
                try parser.expect("->")
                let output = try parser.fields()
                methods[member] = VarlinkMethod(name: member, input: input, output: output)
            case "error":
                errors[member] = try parser.fields()
            default:
                throw parser.error("expected 'type', 'method' or 'error', got '\(keyword)'")
            }
        }
        for (typeName, type) in types {
            if let missing = Self.undefinedName(in: type, types: types) {
                throw VarlinkIDLError(line: 0, message: "type '\(typeName)' uses undefined type '\(missing)'")
            }
        }
        for method in methods.values {
            for field in method.input + method.output {
                if let missing = Self.undefinedName(in: field.type, types: types) {
                    throw VarlinkIDLError(line: 0, message: "method '\(method.name)' uses undefined type '\(missing)'")
                }
            }
        }
    }

    private static func undefinedName(in type: VarlinkType, types: [String: VarlinkType]) -> String? {
        switch type {
        case .named(let name): return types[name] == nil ? name : nil
        case .optional(let inner), .array(let inner), .map(let inner): return undefinedName(in: inner, types: types)
        case .structure(let fields): return fields.lazy.compactMap { undefinedName(in: $0.type, types: types) }.first
        default: return nil
        }
    }
}

/// Why an interface definition does not parse.
package struct VarlinkIDLError: Error, Sendable, Hashable, CustomStringConvertible {
    package var line: Int
    package var message: String
    package var description: String { line > 0 ? "line \(line): \(message)" : message }
}

/// A small recursive-descent parser over the IDL grammar.
struct IDLParser {
    private let characters: [Character]
    private var index = 0
    private var line = 1

    init(_ text: String) { characters = Array(text) }

    var atEnd: Bool {
        mutating get {
            skipSpace()
            return index >= characters.count
        }
    }

    func error(_ message: String) -> VarlinkIDLError { VarlinkIDLError(line: line, message: message) }

    private mutating func skipSpace() {
        while index < characters.count {
            let c = characters[index]
            if c == "#" {
                while index < characters.count, characters[index] != "\n" { index += 1 }
            } else if c.isWhitespace {
                if c == "\n" { line += 1 }
                index += 1
            } else {
                return
            }
        }
    }

    private mutating func word(allowDots: Bool = false) -> String {
        skipSpace()
        var result = ""
        while index < characters.count {
            let c = characters[index]
            guard c.isLetter || c.isNumber || c == "_" || (allowDots && (c == "." || c == "-")) else { break }
            result.append(c)
            index += 1
        }
        return result
    }

    mutating func keyword() throws(VarlinkIDLError) -> String {
        let w = word()
        guard !w.isEmpty else { throw error("expected a keyword") }
        return w
    }

    mutating func interfaceName() throws(VarlinkIDLError) -> String {
        let name = word(allowDots: true)
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.allSatisfy({ !$0.isEmpty && $0.first!.isLetter }) else {
            throw error("'\(name)' is not an interface name (reverse-domain, at least two parts)")
        }
        return name
    }

    mutating func memberName() throws(VarlinkIDLError) -> String {
        let name = word()
        guard let first = name.first, first.isUppercase, first.isASCII else {
            throw error("expected a member name starting with an uppercase letter, got '\(name)'")
        }
        return name
    }

    mutating func expect(_ token: String) throws(VarlinkIDLError) {
        skipSpace()
        for c in token {
            guard index < characters.count, characters[index] == c else { throw error("expected '\(token)'") }
            index += 1
        }
    }

    private mutating func peek() -> Character? {
        skipSpace()
        return index < characters.count ? characters[index] : nil
    }

    /// `(name: type, …)` — a structure's fields (possibly empty).
    mutating func fields() throws(VarlinkIDLError) -> [VarlinkField] {
        guard case .structure(let fields) = try typeDefinition(allowEnum: false) else { throw error("expected '('") }
        return fields
    }

    /// A structure `(a: T, …)` or an enum `(a, b, …)`.
    mutating func typeDefinition(allowEnum: Bool = true) throws(VarlinkIDLError) -> VarlinkType {
        try expect("(")
        if peek() == ")" {
            index += 1
            return .structure([])
        }
        var fields: [VarlinkField] = []
        var cases: [String] = []
        while true {
            let name = word()
            guard let first = name.first, first.isLetter else { throw error("expected a field name, got '\(name)'") }
            if peek() == ":" {
                index += 1
                guard cases.isEmpty else { throw error("an enum cannot have typed fields") }
                fields.append(VarlinkField(name: name, type: try type()))
            } else {
                guard allowEnum, fields.isEmpty else { throw error("expected ':' after '\(name)'") }
                cases.append(name)
            }
            guard let next = peek() else { throw error("unterminated '('") }
            index += 1
            if next == ")" { break }
            guard next == "," else { throw error("expected ',' or ')', got '\(next)'") }
        }
        if !cases.isEmpty { return .enumeration(cases) }
        guard Set(fields.map(\.name)).count == fields.count else { throw error("a field name repeats") }
        return .structure(fields)
    }

    /// A type expression.
    mutating func type() throws(VarlinkIDLError) -> VarlinkType {
        switch peek() {
        case "?":
            index += 1
            let inner = try type()
            if case .optional = inner { throw error("'??' is not a type") }
            return .optional(inner)
        case "[":
            index += 1
            if peek() == "]" {
                index += 1
                return .array(try type())
            }
            guard word() == "string", peek() == "]" else { throw error("expected '[]T' or '[string]T'") }
            index += 1
            return .map(try type())
        case "(":
            return try typeDefinition()
        default:
            let name = word()
            switch name {
            case "bool": return .bool
            case "int": return .int
            case "float": return .float
            case "string": return .string
            case "object": return .object
            case "any": return .any
            default:
                guard let first = name.first, first.isUppercase else { throw error("expected a type, got '\(name)'") }
                return .named(name)
            }
        }
    }
}
