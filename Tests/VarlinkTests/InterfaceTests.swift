import Foundation
import JSONModel
import TestSupport
import Testing
import Varlink

@Suite("Varlink interface definitions")
struct InterfaceTests {
    static let example = """
        # An example interface.
        interface org.example.more

        type State (
          start: ?bool,
          progress: ?int,
          end: ?bool
        )

        type Mode (fast, slow)

        # Counts to n.
        method Count(n: int, mode: ?Mode, tags: ?[]string, limits: ?[string]float) -> (i: int)
        method Ping(ping: string) -> (pong: string)
        method Nested(state: State, raw: object) -> ()

        error InvalidCount (n: int)
        """

    @Test("parses types, methods and errors; keeps the text verbatim")
    func parse() throws {
        let interface = try VarlinkInterface(Self.example)
        #expect(interface.name == "org.example.more")
        #expect(interface.description == Self.example)
        #expect(Set(interface.methods.keys) == ["Count", "Ping", "Nested"])
        #expect(interface.types["Mode"] == .enumeration(["fast", "slow"]))
        #expect(interface.methods["Count"]?.input.map(\.name) == ["n", "mode", "tags", "limits"])
        #expect(interface.errors["InvalidCount"] == [VarlinkField(name: "n", type: .int)])
        #expect(try VarlinkInterface(VarlinkService.serviceInterfaceText).methods.count == 2)
    }

    @Test(
        "bad definitions name the line",
        arguments: [
            ("interface x\nmethod A() -> ()", "line 1: 'x' is not an interface name (reverse-domain, at least two parts)"),
            (
                "interface a.b\nmethod lower() -> ()",
                "line 2: expected a member name starting with an uppercase letter, got 'lower'"
            ),
            ("interface a.b\nmethod A(x int) -> ()", "line 2: expected ':' after 'x'"),
            (
                "interface a.b\nmethod A() -> ()\nmethod A() -> ()",
                "line 3: 'A' is declared twice (types, methods and errors share one namespace)"
            ),
            ("interface a.b\nmethod A(x: Missing) -> ()", "method 'A' uses undefined type 'Missing'"),
            ("interface a.b\nmethod A(x: ??int) -> ()", "line 2: '??' is not a type"),
        ])
    func badDefinitions(text: String, message: String) {
        do {
            _ = try VarlinkInterface(text)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test(
        "parameter validation: unknown, missing, mistyped and nested fields name the parameter",
        arguments: [
            (#"{"n": 3}"#, nil),
            (#"{"n": 3, "mode": "fast", "tags": ["a"], "limits": {"x": 1.5}}"#, nil),
            (#"{"n": 3, "mode": null}"#, nil),
            (#"{}"#, "n"),
            (#"{"n": 3.5}"#, "n"),
            (#"{"n": "3"}"#, "n"),
            (#"{"n": 1e300}"#, "n"),
            (#"{"n": 3, "extra": 1}"#, "extra"),
            (#"{"n": 3, "zeta": 1, "alpha": 2, "mode": "fast"}"#, "alpha"),  // the first unknown in sorted order
            (#"{"n": 3, "mode": "medium"}"#, "mode"),
            (#"{"n": 3, "tags": ["a", 2]}"#, "tags[1]"),
            (#"{"n": 3, "limits": {"x": "fast"}}"#, "limits.x"),
        ] as [(String, String?)])
    func validation(json: String, bad: String?) throws {
        let interface = try VarlinkInterface(Self.example)
        let parameters = try #require(try JSONValue.parse(Data(json.utf8)).get().objectValue)
        #expect(interface.invalidParameter(in: parameters, for: interface.methods["Count"]!.input) == bad)
    }

    @Test(
        "UAPI.20's any accepts every value (the PyPI reference parser, varlink 31, does not know it: our served interfaces avoid it)"
    )
    func anyType() throws {
        let interface = try VarlinkInterface("interface a.b\nmethod A(x: any) -> ()")
        for value: JSONValue in [.null, .bool(true), .number(1), .string("s"), .array([]), .object([:])] {
            #expect(interface.invalidParameter(in: ["x": value], for: interface.methods["A"]!.input) == nil)
        }
    }

    @Test("nested structures validate field by field")
    func nested() throws {
        let interface = try VarlinkInterface(Self.example)
        let good = try JSONValue.parse(Data(#"{"state": {"start": true}, "raw": {}}"#.utf8)).get().objectValue!
        #expect(interface.invalidParameter(in: good, for: interface.methods["Nested"]!.input) == nil)
        let bad = try JSONValue.parse(Data(#"{"state": {"start": 1}, "raw": {}}"#.utf8)).get().objectValue!
        #expect(interface.invalidParameter(in: bad, for: interface.methods["Nested"]!.input) == "state.start")
    }
}
