import JSONModel

/// A Varlink type (varlink.org "Interface Definition"; UAPI.20 "Mapping").
package indirect enum VarlinkType: Sendable, Hashable {
    case bool, int, float, string, object, any
    case optional(VarlinkType)
    case array(VarlinkType)
    /// `[string]T`
    case map(VarlinkType)
    /// A `type` declared in the interface.
    case named(String)
    case structure([VarlinkField])
    case enumeration([String])
}

/// A named field of a structure, a method's input or output, or an error.
package struct VarlinkField: Sendable, Hashable {
    package var name: String
    package var type: VarlinkType

    package init(name: String, type: VarlinkType) {
        self.name = name
        self.type = type
    }
}

/// A method's signature.
package struct VarlinkMethod: Sendable, Hashable {
    package var name: String
    package var input: [VarlinkField]
    package var output: [VarlinkField]
}

extension VarlinkInterface {
    /// The first parameter of `parameters` that does not fit `fields`, as a dotted path, or nil.
    ///
    /// Unknown keys, missing non-optional fields and mistyped values are all InvalidParameter
    /// (UAPI.20: servers should reject unknown parameters).
    package func invalidParameter(in parameters: [String: JSONValue], for fields: [VarlinkField], path: String = "") -> String? {
        // The first unknown key in sorted order (a stable answer), found without building a set
        // or a list: every call is validated here, and a method has a handful of fields.
        if let unknown = parameters.keys.lazy.filter({ key in !fields.contains { $0.name == key } }).min() {
            return path + unknown
        }
        for field in fields {
            let value = parameters[field.name] ?? .null
            if let bad = invalid(value, field.type, path: path + field.name, depth: 0) { return bad }
        }
        return nil
    }

    private func invalid(_ value: JSONValue, _ type: VarlinkType, path: String, depth: Int) -> String? {
        guard depth < 64 else { return path }  // a cyclic type definition must not recurse forever
        if case .optional(let inner) = type {
            if value == .null { return nil }
            return invalid(value, inner, path: path, depth: depth + 1)
        }
        switch (type, value) {
        case (.any, _): return nil
        case (.bool, .bool), (.string, .string), (.object, .object): return nil
        case (.int, .number(let n)):
            return n.isFinite && n == n.rounded() && abs(n) <= 9_007_199_254_740_992 ? nil : path
        case (.float, .number(let n)):
            return n.isFinite ? nil : path
        case (.array(let element), .array(let items)):
            for (i, item) in items.enumerated() {
                if let bad = invalid(item, element, path: "\(path)[\(i)]", depth: depth + 1) { return bad }
            }
            return nil
        case (.map(let element), .object(let fields)):
            for (key, item) in fields.sorted(by: { $0.key < $1.key }) {
                if let bad = invalid(item, element, path: "\(path).\(key)", depth: depth + 1) { return bad }
            }
            return nil
        case (.structure(let fields), .object(let object)):
            return invalidParameter(in: object, for: fields, path: path + ".")
        case (.enumeration(let cases), .string(let s)):
            return cases.contains(s) ? nil : path
        case (.named(let name), _):
            guard let resolved = types[name] else { return path }
            return invalid(value, resolved, path: path, depth: depth + 1)
        default:
            return path
        }
    }
}
