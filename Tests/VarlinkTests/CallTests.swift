import Foundation
import JSONModel
import TestSupport
import Testing
import Varlink

@Suite("Varlink calls and replies")
struct CallTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let json: String
        let expected: Result<VarlinkCall, VarlinkProtocolError>
        var testDescription: String { json }
    }

    static let cases: [Case] = [
        Case(
            json: #"{"method":"io.scrollsim.Simulator.GetStatus"}"#,
            expected: .success(VarlinkCall(method: "io.scrollsim.Simulator.GetStatus"))),
        Case(json: #"{"method":"a.b.C","parameters":null}"#, expected: .success(VarlinkCall(method: "a.b.C"))),
        Case(
            json: #"{"method":"a.b.C","parameters":{"n":1},"more":true}"#,
            expected: .success(VarlinkCall(method: "a.b.C", parameters: ["n": .number(1)], more: true))),
        Case(
            json: #"{"method":"a.b.C","oneway":true,"org.example.trace":{"id":1}}"#,
            expected: .success(VarlinkCall(method: "a.b.C", oneway: true))),
        Case(json: #"{"method":"a.b.C","more":true,"oneway":true}"#, expected: .failure(.conflictingFlags)),
        Case(json: #"{"method":"a.b.C","more":"yes"}"#, expected: .failure(.invalidFlag("more"))),
        Case(json: #"{"method":"a.b.C","extra":1}"#, expected: .failure(.unknownHeaderKey("extra"))),
        Case(json: #"{"method":"a.b.C","parameters":[1]}"#, expected: .failure(.invalidParameters)),
        Case(json: #"{"parameters":{}}"#, expected: .failure(.missingMethod)),
        Case(json: #"{"method":"GetStatus"}"#, expected: .failure(.invalidMethodName("GetStatus"))),
        Case(json: #"{"method":"a.b.lower"}"#, expected: .failure(.invalidMethodName("a.b.lower"))),
        Case(json: #"{"method":"a..B"}"#, expected: .failure(.invalidMethodName("a..B"))),
        Case(json: #"{"method":".a.b.C"}"#, expected: .failure(.invalidMethodName(".a.b.C"))),
        Case(json: #"{"method":"a.b.C."}"#, expected: .failure(.invalidMethodName("a.b.C."))),
        Case(json: #"{"method":"a.B"}"#, expected: .failure(.invalidMethodName("a.B"))),
        Case(json: #"{"method":"a.b.Éclair"}"#, expected: .failure(.invalidMethodName("a.b.Éclair"))),
        Case(
            json: #"{"method":"io.scrollsim.Simulator.GetCounts"}"#,
            expected: .success(VarlinkCall(method: "io.scrollsim.Simulator.GetCounts"))),
        Case(json: #"[1,2]"#, expected: .failure(.notAnObject)),
        Case(
            json: "{\"method\": ", expected: .failure(.notJSON("unexpected end of input, expected a value at line 1, column 12"))),
    ]

    @Test("call header parsing (UAPI.20: malformed calls close the connection)", arguments: cases)
    func parse(_ c: Case) {
        #expect(VarlinkCall.parse(Data(c.json.utf8)) == c.expected)
    }

    @Test("replies: empty parameters omitted, continues only when set, errors never continue; NUL-terminated")
    func replies() throws {
        func text(_ reply: VarlinkReply) -> String { String(decoding: reply.framed().dropLast(), as: UTF8.self) }
        #expect(VarlinkReply().framed().last == 0)
        #expect(text(VarlinkReply()) == "{}")
        #expect(text(VarlinkReply(parameters: ["i": .number(1)], continues: true)) == #"{"continues":true,"parameters":{"i":1}}"#)
        #expect(
            text(VarlinkReply(error: .methodNotFound("a.b.Nope")))
                == #"{"error":"org.varlink.service.MethodNotFound","parameters":{"method":"a.b.Nope"}}"#)
        var streamingError = VarlinkReply(error: .expectedMore)
        streamingError.continues = true
        #expect(text(streamingError) == #"{"error":"org.varlink.service.ExpectedMore"}"#)
    }

    @Test(
        "frame(into:) appends exactly what framed() returns, after what the output holds (cached, plain, continuing, error replies)"
    )
    func framingIntoOutput() {
        let cached = VarlinkReply(encodedParameters: Array(#"{"n":1}"#.utf8))
        var cachedButContinuing = cached
        cachedButContinuing.continues = true
        let replies = [
            cached, cachedButContinuing, VarlinkReply(),
            VarlinkReply(parameters: ["a": .array([.string("x\u{0}")])], continues: true),
            VarlinkReply(error: .invalidParameter("p")),
        ]
        #expect(String(decoding: cached.framed(), as: UTF8.self) == "{\"parameters\":{\"n\":1}}\u{0}")
        var output = Array("earlier\u{0}".utf8)
        var expected = output
        for reply in replies {
            reply.frame(into: &output)
            expected += reply.framed()
        }
        #expect(output == expected)
    }
}
