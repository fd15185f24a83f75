import CompositionalLayout
import Spelling

/// Reads one JSON object strictly: typed accessors that name the JSON path in their errors, and
/// `finish()` rejecting keys nobody read (a typo must not be silently ignored).
struct JSONObjectReader {
    let path: String
    private let fields: [String: JSONValue]
    private var read: Set<String> = []

    init(_ value: JSONValue, path: String) throws(ScenarioError) {
        guard case .object(let fields) = value else {
            throw .invalid(path: path, message: "expected an object, got \(value.typeName)")
        }
        self.path = path
        self.fields = fields
    }

    func childPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    var keys: [String] { fields.keys.sorted() }

    func has(_ key: String) -> Bool { fields[key] != nil && fields[key] != .null }

    /// The raw value of `key`, or nil when absent or null.
    mutating func value(_ key: String) -> JSONValue? {
        read.insert(key)
        guard let value = fields[key], value != .null else { return nil }
        return value
    }

    mutating func required(_ key: String) throws(ScenarioError) -> JSONValue {
        guard let value = value(key) else { throw missing(key) }
        return value
    }

    /// A required key is absent: if a key nobody reads is spelled like it, say so (`subitem`
    /// for `subitems` is reported as the typo it is, not only as a missing key).
    func missing(_ key: String) -> ScenarioError {
        let unread = fields.keys.filter { !read.contains($0) || $0 == key }.filter { $0 != key }
        if let typo = nearestName(key, among: unread) {
            return .invalid(path: childPath(key), message: "required; found '\(typo)' instead: did you mean '\(key)'?")
        }
        return .invalid(path: childPath(key), message: "required")
    }

    mutating func string(_ key: String) throws(ScenarioError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let s) = value else { throw mismatch(key, "a string", value) }
        return s
    }

    mutating func requiredString(_ key: String) throws(ScenarioError) -> String {
        guard let s = try string(key) else { throw missing(key) }
        return s
    }

    mutating func bool(_ key: String) throws(ScenarioError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let b) = value else { throw mismatch(key, "a boolean", value) }
        return b
    }

    /// A finite number, optionally bounded below.
    mutating func number(_ key: String, minimum: Double? = nil) throws(ScenarioError) -> Double? {
        guard let value = value(key) else { return nil }
        guard case .number(let d) = value, d.isFinite else { throw mismatch(key, "a finite number", value) }
        if let minimum, d < minimum {
            throw .invalid(path: childPath(key), message: "must be at least \(formatPoints(minimum)), got \(formatPoints(d))")
        }
        return d
    }

    /// A whole number within `range`.
    mutating func integer(_ key: String, in range: ClosedRange<Int>) throws(ScenarioError) -> Int? {
        guard let value = value(key) else { return nil }
        guard case .number(let d) = value, d.isFinite, d == d.rounded() else { throw mismatch(key, "a whole number", value) }
        guard d >= Double(range.lowerBound), d <= Double(range.upperBound) else {
            throw .invalid(
                path: childPath(key),
                message: "must be between \(range.lowerBound) and \(range.upperBound), got \(formatPoints(d))")
        }
        return Int(d)
    }

    mutating func object(_ key: String) throws(ScenarioError) -> JSONObjectReader? {
        guard let value = value(key) else { return nil }
        return try JSONObjectReader(value, path: childPath(key))
    }

    mutating func array(_ key: String) throws(ScenarioError) -> [JSONValue]? {
        guard let value = value(key) else { return nil }
        guard case .array(let items) = value else { throw mismatch(key, "an array", value) }
        return items
    }

    /// A string that must be one of `allowed`.
    mutating func choice(_ key: String, _ allowed: [String]) throws(ScenarioError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let s) = value, allowed.contains(s) else {
            throw .invalid(
                path: childPath(key), message: "expected one of \(allowed.joined(separator: ", ")), got \(describe(value))")
        }
        return s
    }

    /// Rejects keys that were never read.
    func finish() throws(ScenarioError) {
        let unknown = fields.keys.filter { !read.contains($0) }.sorted()
        guard let first = unknown.first else { return }
        let known = read.sorted()
        let suggestion = nearestName(first, among: known).map { "did you mean '\($0)'? " } ?? ""
        throw .invalid(
            path: childPath(first), message: "unknown key (\(suggestion)known keys here: \(known.joined(separator: ", ")))")
    }

    private func mismatch(_ key: String, _ expected: String, _ value: JSONValue) -> ScenarioError {
        .invalid(path: childPath(key), message: "expected \(expected), got \(describe(value))")
    }
}

/// A short rendering of a JSON value for error messages.
func describe(_ value: JSONValue) -> String {
    switch value {
    case .string(let s): "\"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
    case .number(let d): formatPoints(d)
    case .bool(let b): String(b)
    default: value.typeName
    }
}
