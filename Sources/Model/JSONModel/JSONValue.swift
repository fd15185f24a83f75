import Foundation

/// A parsed JSON document, shared by the scenario loader and the Varlink protocol.
///
/// Read by `JSONParser` (strict, with line and column in its errors; booleans apart from
/// numbers) and written by `JSONWriter`; readers on top name the JSON path of every error. It is
/// also `Codable`, for apps' own coders (a test holds the indented writer to Foundation's text).
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The JSON type name used in error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if value.isFinite { try container.encode(value) } else { try container.encodeNil() }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue {
    /// Parses `data` strictly, or says what is wrong where (line and column).
    /// The number as a whole number for display and counting, never trapping: nil for a
    /// non-number or a non-finite one, the nearest `Int` otherwise (clamped at its bounds), so a
    /// hostile or broken server's 1e300 prints as a large number instead of crashing a client.
    public var integerValue: Int? {
        guard let number = numberValue, number.isFinite else { return nil }
        if number >= 9.223_372_036_854_775e18 { return Int.max }
        if number <= -9.223_372_036_854_775e18 { return Int.min }
        return Int(number)
    }

    public static func parse(_ data: some Collection<UInt8>) -> Result<JSONValue, JSONSyntaxError> {
        let result = data.withContiguousStorageIfAvailable { bytes in
            Result { () throws(JSONSyntaxError) in
                var parser = JSONParser(bytes)
                return try parser.parseDocument()
            }
        }
        if let result { return result }
        return parse(Array(data))
    }

    /// Compact UTF-8 JSON with sorted keys (stable output).
    public func encoded() -> Data { Data(encodedBytes()) }

    /// Indented UTF-8 JSON with sorted keys, for people: two spaces a level, `"key" : value`.
    public func prettyEncoded() -> String {
        var writer = JSONWriter(pretty: true)
        writer.write(self)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The same as `encoded()`, as bytes.
    public func encodedBytes() -> [UInt8] {
        var writer = JSONWriter()
        writer.write(self)
        return writer.bytes
    }

    /// Appends the same text as `encodedBytes()` to `bytes` (a reply written straight into a
    /// connection's output, without a buffer of its own).
    public func encode(into bytes: inout [UInt8]) {
        var writer = JSONWriter()
        swap(&writer.bytes, &bytes)
        writer.write(self)
        swap(&writer.bytes, &bytes)
    }

    /// The object's fields, or nil.
    public var objectValue: [String: JSONValue]? {
        if case .object(let fields) = self { return fields }
        return nil
    }
}

/// Why bytes are not JSON.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    /// Set when the input is well-formed but names a member twice (the name).
    public var duplicateKey: String? = nil
    public var description: String { message }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension JSONValue {
    /// The string, or nil.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, or nil.
    public var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The boolean, or nil.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The array's elements, or nil.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }
}
