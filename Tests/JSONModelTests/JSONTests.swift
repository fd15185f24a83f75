import Foundation
import Testing

@testable import JSONModel

@Suite("JSON parser and writer")
struct JSONTests {
    static let valid: [String] = [
        "null", "true", "false", "0", "-0", "12", "-12.5e3", "1E-7", "0.000001", "123456789012345678", "\"\"",
        #""a\"b\\c\/d\b\f\n\r\t""#, #""\u00e9\u4e2d\ud83d\ude00""#, "\"héllo ✓\"", "[]", "{}", "[1,[2,[3]]]",
        #" { "a" : [ 1 , { "b" : null } ] , "c" : "d" } "#,
    ]

    @Test("valid documents parse to what Foundation's JSONSerialization reads", arguments: valid)
    func agreesWithFoundation(_ text: String) throws {
        let ours = try JSONValue.parse(Data(text.utf8)).get()
        let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        #expect(Self.equal(ours, theirs), "\(ours) vs \(theirs)")
    }

    static func equal(_ value: JSONValue, _ object: Any) -> Bool {
        switch value {
        case .null: return object is NSNull
        case .bool(let flag): return object as? Bool == flag
        case .number(let number): return (object as? NSNumber)?.doubleValue == number
        case .string(let string): return object as? String == string
        case .array(let elements):
            guard let array = object as? [Any], array.count == elements.count else { return false }
            return zip(elements, array).allSatisfy { equal($0, $1) }
        case .object(let fields):
            guard let dictionary = object as? [String: Any], dictionary.count == fields.count else { return false }
            return fields.allSatisfy { key, value in dictionary[key].map { equal(value, $0) } ?? false }
        }
    }

    static let invalid: [(String, String)] = [
        ("", "unexpected end of input, expected a value at line 1, column 1"),
        // Last-wins (Foundation's choice) would let one document say two things.
        (#"{"a":1,"a":2}"#, #"duplicate member name "a" at line 1, column 8"#),
        ("{", "unexpected end of input, expected a member name in quotes at line 1, column 2"),
        ("[1,]", "unexpected ']', expected a value at line 1, column 4"),
        ("{\"a\" 1}", "unexpected '1', expected ':' at line 1, column 6"),
        ("01", "unexpected '1' after the value at line 1, column 2"),
        ("1.", "a number needs digits after '.' at line 1, column 1"),
        ("-", "a number needs digits at line 1, column 1"),
        ("1e999", "number out of range at line 1, column 1"),
        ("tru", "unexpected 't', expected a value at line 1, column 1"),
        ("\"abc", "unterminated string at line 1, column 1"),
        ("\"a\nb\"", "a control character in a string must be escaped at line 1, column 3"),
        (#""\x""#, #"invalid escape '\x' at line 1, column 2"#),
        (#""\ud800""#, #"a high surrogate \u escape must be followed by a low one at line 1, column 8"#),
        ("[1]\n  x", "unexpected 'x' after the value at line 2, column 3"),
        ("NaN", "unexpected 'N', expected a value at line 1, column 1"),
    ]

    @Test("invalid documents are refused with what was found where", arguments: invalid)
    func refused(_ text: String, _ message: String) {
        guard case .failure(let error) = JSONValue.parse(Data(text.utf8)) else {
            Issue.record("\(text) parsed")
            return
        }
        #expect(error.message == message)
    }

    @Test("invalid UTF-8 and deep nesting are refused, not crashed on")
    func hostile() {
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse([UInt8(ascii: "\""), 0xFF, 0xFE, UInt8(ascii: "\"")]).get() }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONSyntaxError(message: "nested deeper than 256 levels at line 1, column 257")) {
            try JSONValue.parse(Data(deep.utf8)).get()
        }
        let fine = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect((try? JSONValue.parse(Data(fine.utf8)).get()) != nil)
    }

    @Test("encode then parse gives the value back; keys sorted, integers exact, non-finite numbers null")
    func roundTrip() throws {
        let value: JSONValue = .object([
            "z": .array([.number(1), .number(-2.5), .number(1e-7), .number(9_007_199_254_740_991), .number(0.1)]),
            "a": .string("quote \" backslash \\ newline \n tab \t bell \u{07} é ✓ 😀"), "m": .null, "b": .bool(false),
        ])
        let text = String(decoding: value.encoded(), as: UTF8.self)
        #expect(text.hasPrefix(#"{"a":"quote \" backslash \\ newline \n tab \t bell \u0007 é"#))
        #expect(text.contains(#""z":[1,-2.5,1e-07,9007199254740991,0.1]"#))
        #expect(try JSONValue.parse(value.encoded()).get() == value)
        #expect(String(decoding: JSONValue.array([.number(.nan), .number(.infinity)]).encoded(), as: UTF8.self) == "[null,null]")
    }
}
