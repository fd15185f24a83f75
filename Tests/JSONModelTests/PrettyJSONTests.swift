import Foundation
import Testing

@testable import JSONModel

/// The indented form people read (the command line's `--json`): the writer's own, held here to the
/// text Foundation's encoder gives for the same value (sorted keys, pretty, slashes unescaped),
/// which the command line printed before and its golden files record.
@Suite("JSON writer, indented")
struct PrettyJSONTests {
    static func foundation(_ value: JSONValue) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static let samples: [JSONValue] = [
        .null, true, 0, .number(-0.0), 1, .number(-12.5), .number(0.1), .number(1e-7), 123_456_789, .number(1e21),
        .number(3.25e-300), "", "a/b \"q\" \\ \n\t é ✓ \u{1}",
        .array([]), .object([:]), .array([.array([])]), .object(["a": .object([:])]),
        .array([1, .array([2, .array([3, .object([:])])]), "x"]),
        .object(["b": 1, "a": .object(["c": .null, "d": .array([true, false])])]),
    ]

    @Test("fixed values: scalars, escapes, nesting, empty arrays and objects", arguments: samples)
    func fixed(value: JSONValue) throws {
        #expect(value.prettyEncoded() == (try Self.foundation(value)))
    }

    @Test("random documents, seeded")
    func random() throws {
        var state: UInt64 = 0x5eed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        func value(depth: Int) -> JSONValue {
            switch next(depth > 3 ? 5 : 7) {
            case 0: return .null
            case 1: return .bool(next(2) == 0)
            case 2: return .number(Double(next(2_000_000)) - 1_000_000)
            case 3: return .number(Double(next(1_000_000)) / Double(next(999) + 1))
            case 4: return .string(String(repeating: ["a", "/", "é", "\"", " "][next(5)], count: next(4)))
            case 5: return .array((0..<next(4)).map { _ in value(depth: depth + 1) })
            default:
                return .object(
                    Dictionary(
                        (0..<next(4)).map { _ in ("k\(next(9))", value(depth: depth + 1)) }, uniquingKeysWith: { a, _ in a }))
            }
        }
        for _ in 0..<300 {
            let document = value(depth: 0)
            #expect(document.prettyEncoded() == (try Self.foundation(document)), "\(document)")
        }
    }
}
