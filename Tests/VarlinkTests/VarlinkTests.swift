import Foundation
import JSONModel
import TestSupport
import Testing
import Varlink

func frame(_ json: String) -> [UInt8] { Array(json.utf8) + [0] }

@Suite("Varlink framing")
struct FramingTests {
    @Test("a message split across reads, and several messages in one read, come out whole and in order")
    func splitAndJoin() {
        var framer = VarlinkFramer(maxMessageSize: 1024)
        let bytes = frame(#"{"method":"a.b.C"}"#) + frame(#"{"method":"a.b.D"}"#)
        #expect(framer.append(bytes[0..<5]).messages.isEmpty)
        let messages = framer.append(bytes[5...]).messages
        #expect(messages.map { String(decoding: $0, as: UTF8.self) } == [#"{"method":"a.b.C"}"#, #"{"method":"a.b.D"}"#])
        #expect(framer.pendingByteCount == 0)
    }

    @Test("a message over the limit is an error as soon as the limit is passed, NUL or not")
    func tooLarge() {
        var framer = VarlinkFramer(maxMessageSize: 16)
        #expect(framer.append(Array(repeating: UInt8(ascii: "x"), count: 17)).error == .messageTooLarge(limit: 16))
        #expect(framer.pendingByteCount == 0)
        #expect(framer.append(frame("{}")).messages.isEmpty)  // nothing after the failure
        var other = VarlinkFramer(maxMessageSize: 16)
        #expect(other.append(frame(String(repeating: "y", count: 20))).error == .messageTooLarge(limit: 16))
        var exact = VarlinkFramer(maxMessageSize: 16)
        #expect(exact.append(frame(String(repeating: "z", count: 16))).messages.count == 1)
    }

    @Test("the complete messages before an oversize one in the same read are still delivered")
    func messagesBeforeOversize() {
        var framer = VarlinkFramer(maxMessageSize: 32)
        let output = framer.append(frame(#"{"method":"a.b.C"}"#) + Array(repeating: UInt8(ascii: "x"), count: 40))
        #expect(output.messages.count == 1)
        #expect(output.error == .messageTooLarge(limit: 32))
    }

    @Test(
        "random messages in random reads (contiguous or not) come out as a byte-at-a-time reference frames them, the limit included",
        arguments: 0..<40
    )
    func randomReads(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let limit = 24
        var stream: [UInt8] = []
        for _ in 0..<30 {
            // Mostly under the limit, some exactly at it, a few over (the first one ends the stream).
            let length = Int(random.next() % 28)
            stream += (0..<length).map { _ in UInt8(ascii: "a") + UInt8(random.next() % 26) } + [0]
        }
        stream += Array(repeating: UInt8(ascii: "t"), count: Int(random.next() % 30))  // a partial tail
        var framer = VarlinkFramer(maxMessageSize: limit)
        var reference: (current: [UInt8], failed: Bool) = ([], false)
        var offset = 0
        while offset < stream.count {
            let chunk = Array(stream[offset..<min(stream.count, offset + 1 + Int(random.next() % 40))])
            offset += chunk.count
            var expected: (messages: [Data], error: VarlinkProtocolError?) = ([], nil)
            if !reference.failed {
                for byte in chunk {
                    if byte == 0 {
                        expected.messages.append(Data(reference.current))
                        reference.current = []
                    } else {
                        reference.current.append(byte)
                        if reference.current.count > limit {
                            expected.error = .messageTooLarge(limit: limit)
                            reference = ([], true)
                            break
                        }
                    }
                }
            }
            let output = random.next() % 2 == 0 ? framer.append(chunk[...]) : framer.append(chunk.lazy.map { $0 })
            #expect(output.messages == expected.messages)
            #expect(output.error == expected.error)
            #expect(framer.pendingByteCount == reference.current.count)
        }
    }

    @Test("many small messages through one framer stay linear and leave nothing behind")
    func manyMessages() {
        var framer = VarlinkFramer(maxMessageSize: 64)
        var count = 0
        for _ in 0..<20_000 { count += framer.append(frame(#"{"method":"x.y.Z"}"#)).messages.count }
        #expect(count == 20_000)
        #expect(framer.pendingByteCount == 0)
    }
}

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

@Suite("Varlink service dispatch")
struct ServiceTests {
    static func service() throws -> VarlinkService {
        let service = VarlinkService(
            info: VarlinkServiceInfo(vendor: "scrollsim", product: "test", version: "1", url: "https://scrollsim.invalid"))
        try service.register(
            try VarlinkInterface(InterfaceTests.example),
            handlers: [
                "Ping": { call in .success(["pong": call.parameters["ping"]!]) },
                "Count": { call in
                    if case .number(let n)? = call.parameters["n"], n < 0 {
                        return .failure(VarlinkError("org.example.more.InvalidCount", ["n": .number(n)]))
                    }
                    return .success(["i": .number(1)])
                },
                "Nested": { _ in .success([:]) },
            ],
            streamingOnly: ["Count"])
        return service
    }

    func reply(_ service: VarlinkService, _ json: String) throws -> String? {
        let call = try VarlinkCall.parse(Data(json.utf8)).get()
        return service.handle(call).map { String(decoding: $0.framed().dropLast(), as: UTF8.self) }
    }

    @Test("GetInfo lists org.varlink.service first; GetInterfaceDescription returns the text verbatim")
    func introspection() throws {
        let service = try Self.service()
        let info = try #require(try reply(service, #"{"method":"org.varlink.service.GetInfo"}"#))
        #expect(info.contains(#""interfaces":["org.varlink.service","org.example.more"]"#))
        let description = try #require(
            try reply(
                service,
                #"{"method":"org.varlink.service.GetInterfaceDescription","parameters":{"interface":"org.example.more"}}"#))
        let decoded = try JSONValue.parse(Data(description.utf8)).get().objectValue?["parameters"]?.objectValue?["description"]
        #expect(decoded == .string(InterfaceTests.example))
    }

    static let answers: [(call: String, expected: String)] = [
        (
            #"{"method":"org.varlink.service.GetInterfaceDescription","parameters":{"interface":"no.such"}}"#,
            #"{"error":"org.varlink.service.InterfaceNotFound","parameters":{"interface":"no.such"}}"#
        ),
        (
            #"{"method":"com.example.Other.Nope"}"#,
            #"{"error":"org.varlink.service.InterfaceNotFound","parameters":{"interface":"com.example.Other"}}"#
        ),
        (
            #"{"method":"org.example.more.Nope"}"#,
            #"{"error":"org.varlink.service.MethodNotFound","parameters":{"method":"org.example.more.Nope"}}"#
        ),
        (
            #"{"method":"org.example.more.Ping","parameters":{"pong":1}}"#,
            #"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"pong"}}"#
        ),
        (
            #"{"method":"org.example.more.Ping"}"#,
            #"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"ping"}}"#
        ),
        (#"{"method":"org.example.more.Count","parameters":{"n":3}}"#, #"{"error":"org.varlink.service.ExpectedMore"}"#),
        (
            #"{"method":"org.example.more.Count","parameters":{"n":-5},"more":true}"#,
            #"{"error":"org.example.more.InvalidCount","parameters":{"n":-5}}"#
        ),
        (#"{"method":"org.example.more.Ping","parameters":{"ping":"hi"}}"#, #"{"parameters":{"pong":"hi"}}"#),
    ]

    @Test("error paths", arguments: answers)
    func errors(call: String, expected: String) throws {
        #expect(try reply(try Self.service(), call) == expected)
    }

    @Test(
        "one service answering valid and invalid calls in turn gives each its own answer (it remembers the last valid call: that must let no other through)"
    )
    func answersInTurn() throws {
        let service = try Self.service()
        let valid = #"{"method":"org.example.more.Count","parameters":{"n":3},"more":true}"#
        for (call, expected) in Self.answers + Self.answers.reversed() {
            // The same parsed call again (as a connection hands it back), then the one to check.
            let repeated = try VarlinkCall.parse(Data(valid.utf8)).get()
            #expect(service.handle(repeated) != nil)
            #expect(
                service.handle(repeated).map { String(decoding: $0.framed().dropLast(), as: UTF8.self) }
                    == #"{"parameters":{"i":1}}"#)
            #expect(try reply(service, call) == expected)
            #expect(try reply(service, call) == expected)
        }
        // Equal but for one flag or one value: not the remembered call.
        #expect(
            try reply(service, #"{"method":"org.example.more.Count","parameters":{"n":3}}"#)
                == #"{"error":"org.varlink.service.ExpectedMore"}"#)
        #expect(
            try reply(service, #"{"method":"org.example.more.Count","parameters":{"n":3.5},"more":true}"#)
                == #"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"n"}}"#)
    }

    @Test("oneway calls get no reply, not even an error")
    func oneway() throws {
        let service = try Self.service()
        #expect(try reply(service, #"{"method":"org.example.more.Ping","parameters":{"ping":"x"},"oneway":true}"#) == nil)
        #expect(try reply(service, #"{"method":"org.example.more.Nope","oneway":true}"#) == nil)
    }

    @Test("the method table and the IDL must agree at registration")
    func registrationMismatch() throws {
        let service = VarlinkService(info: VarlinkServiceInfo(vendor: "v", product: "p", version: "1", url: "u"))
        #expect(
            throws: VarlinkRegistrationError.mismatch(
                interface: "org.example.more", withoutHandler: ["Count", "Nested"], undeclared: ["Extra"])
        ) {
            try service.register(
                try VarlinkInterface(InterfaceTests.example),
                handlers: ["Ping": { _ in .success([:]) }, "Extra": { _ in .success([:]) }])
        }
    }
}

/// The reference implementation's parser (PyPI `varlink`) must accept the interface texts we serve.
@Suite("Varlink interop")
struct InteropTests {
    static let hasPythonVarlink = Python.canImport("varlink")

    @Test(
        "PyPI varlink parses org.varlink.service as we serve it, and the example interface",
        .enabled(if: hasPythonVarlink, "needs python3 with the varlink package (.ci/run installs it)"),
        arguments: [VarlinkService.serviceInterfaceText, InterfaceTests.example])
    func referenceParserAccepts(text: String) throws {
        let (status, printed) = try Python.run(
            "import sys, varlink; print(varlink.Interface(sys.stdin.read()).name)", input: text)
        #expect(status == 0, "\(printed)")
        #expect(printed.trimmingCharacters(in: .whitespacesAndNewlines) == (try VarlinkInterface(text)).name)
    }
}

@Suite("Varlink connection state")
struct ConnectionTests {
    static func service() throws -> VarlinkService { try ServiceTests.service() }

    func texts(_ actions: [VarlinkConnection.Action]) -> [String] {
        actions.map { action in
            switch action {
            case .send(let data): "send " + String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\0", with: "|")
            case .close(let reason): "close \(reason)"
            }
        }
    }

    @Test("pipelined calls are answered in order in one write; oneway calls get nothing")
    func pipelining() throws {
        let service = try Self.service()
        var connection = VarlinkConnection()
        let bytes =
            frame(#"{"method":"org.example.more.Ping","parameters":{"ping":"1"}}"#)
            + frame(#"{"method":"org.example.more.Ping","parameters":{"ping":"2"},"oneway":true}"#)
            + frame(#"{"method":"org.example.more.Ping","parameters":{"ping":"3"}}"#)
        let actions = connection.receive(bytes) { service.handle($0) }
        #expect(texts(actions) == [#"send {"parameters":{"pong":"1"}}|{"parameters":{"pong":"3"}}|"#])
        #expect(connection.callsHandled == 3)
    }

    @Test("a call split across reads is answered when complete")
    func split() throws {
        let service = try Self.service()
        var connection = VarlinkConnection()
        let bytes = frame(#"{"method":"org.example.more.Ping","parameters":{"ping":"x"}}"#)
        #expect(connection.receive(bytes.prefix(10)) { service.handle($0) }.isEmpty)
        #expect(texts(connection.receive(bytes.dropFirst(10)) { service.handle($0) }) == [#"send {"parameters":{"pong":"x"}}|"#])
    }

    @Test("garbage closes the connection after answering the calls before it; nothing more is read")
    func garbage() throws {
        let service = try Self.service()
        var connection = VarlinkConnection()
        let bytes =
            frame(#"{"method":"org.example.more.Ping","parameters":{"ping":"ok"}}"#) + frame("not json")
            + frame(#"{"method":"org.example.more.Ping","parameters":{"ping":"late"}}"#)
        let actions = texts(connection.receive(bytes) { service.handle($0) })
        #expect(actions.count == 2)
        #expect(actions[0] == #"send {"parameters":{"pong":"ok"}}|"#)
        #expect(actions[1].hasPrefix("close not JSON"))
        #expect(connection.isClosed)
        #expect(connection.receive(frame(#"{"method":"a.b.C"}"#)) { service.handle($0) }.isEmpty)
    }

    @Test("an oversized message closes the connection without buffering it")
    func oversized() throws {
        let service = try Self.service()
        var connection = VarlinkConnection(maxMessageSize: 64)
        let actions = connection.receive(Array(repeating: UInt8(ascii: "{"), count: 100)) { service.handle($0) }
        #expect(texts(actions) == ["close message larger than 64 bytes"])
    }

    @Test("upgrade is refused by closing (no method of ours upgrades)")
    func upgrade() throws {
        let service = try Self.service()
        var connection = VarlinkConnection()
        let actions = connection.receive(frame(#"{"method":"org.example.more.Ping","parameters":{"ping":"u"},"upgrade":true}"#)) {
            service.handle($0)
        }
        #expect(texts(actions) == ["close org.example.more.Ping does not upgrade the connection"])
    }

    @Test("the queued calls and buffered bytes follow every receive and every call taken (a partial message counts as buffered)")
    func bufferedFigures() throws {
        var connection = VarlinkConnection(maxMessageSize: 64)
        let ping = #"{"method":"org.example.more.Ping","parameters":{"ping":"x"}}"#
        let other = #"{"method":"org.example.more.Ping","parameters":{"ping":"y"}}"#
        #expect(connection.queuedCallCount == 0 && connection.bufferedByteCount == 0)
        connection.receive(frame(ping) + frame(other) + Array("{\"meth".utf8))
        #expect(connection.queuedCallCount == 2)
        #expect(connection.bufferedByteCount == ping.utf8.count + other.utf8.count + 6)
        _ = connection.next()
        #expect(connection.queuedCallCount == 1)
        #expect(connection.bufferedByteCount == other.utf8.count + 6)
        connection.receive(Array(#"od":"org.example.more.Ping"}"#.utf8) + [0])
        #expect(connection.queuedCallCount == 2)
        _ = connection.next()
        _ = connection.next()
        #expect(connection.queuedCallCount == 0 && connection.bufferedByteCount == 0)
        #expect(connection.next() == nil)
        connection.receive(Array(repeating: UInt8(ascii: "x"), count: 65))  // over the limit: nothing kept
        #expect(connection.queuedCallCount == 0 && connection.bufferedByteCount == 0)
    }

    @Test("a deferred call holds the pipelined calls behind it until it finishes")
    func deferredHoldsLaterCalls() throws {
        var connection = VarlinkConnection()
        connection.receive(
            frame(#"{"method":"org.example.more.Count","parameters":{"n":2},"more":true}"#)
                + frame(#"{"method":"org.example.more.Ping","parameters":{"ping":"after"}}"#))
        guard case .call(let first)? = connection.next() else { Issue.record("no first call"); return }
        #expect(first.member == "Count" && first.more)
        connection.beginDeferred()
        #expect(connection.next() == nil)
        #expect(connection.queuedCallCount == 1)
        connection.finishDeferred()
        guard case .call(let second)? = connection.next() else { Issue.record("no second call"); return }
        #expect(second.member == "Ping")
        #expect(connection.next() == nil)
    }

    @Test(
        "a message repeated byte for byte gives the same call as parsing it (the connection keeps the last one parsed); any other is parsed afresh, a refused or broken one never kept"
    )
    func repeatedMessages() throws {
        let ping = #"{"method":"org.example.more.Ping","parameters":{"ping":"a"}}"#
        let other = #"{"method":"org.example.more.Ping","parameters":{"ping":"b"}}"#
        let oneway = #"{"method":"org.example.more.Ping","parameters":{"ping":"a"},"oneway":true}"#
        let duplicate = #"{"method":"org.example.more.Ping","parameters":{"ping":"a","ping":"a"}}"#
        // Over the kept size: parsed every time, never a repeat.
        let long = #"{"method":"org.example.more.Ping","parameters":{"ping":""# + String(repeating: "z", count: 600) + #""}}"#
        let sequence = [ping, ping, other, ping, oneway, ping, duplicate, duplicate, ping, other, other, long, long]
        var connection = VarlinkConnection()
        connection.receive(sequence.flatMap { frame($0) })
        var previousCall: String?
        var repeats: [String] = []
        for text in sequence {
            let next = connection.next()
            let step = try #require(next)
            let expected: VarlinkConnection.Step =
                switch VarlinkCall.parse(Data(text.utf8)) {
                case .success(let call): .call(call)
                case .failure(.duplicateKey(let key)): .refuse(VarlinkReply(error: .invalidParameter(key)))
                case .failure(let error): .close(error)
                }
            #expect(step == expected, "\(text)")
            // `repeatsPrevious`: byte for byte the call taken before (a refused message is no call).
            guard case .call = step else { continue }
            if connection.repeatsPrevious { repeats.append(text) }
            #expect(connection.repeatsPrevious == (text == previousCall && text != long), "\(text)")
            previousCall = text
        }
        #expect(repeats == [ping, ping, other])
        let last = connection.next()
        #expect(last == nil)
        #expect(connection.callsHandled == sequence.count - 2)
        // Garbage after a kept call still closes the connection.
        connection.receive(frame(ping) + frame("{" + ping.dropFirst()) + frame("{not json"))
        let parsed = VarlinkConnection.Step.call(try VarlinkCall.parse(Data(ping.utf8)).get())
        let steps = [connection.next(), connection.next(), connection.next()]
        #expect(steps[0] == parsed && steps[1] == parsed)
        guard case .close? = steps[2] else { Issue.record("garbage did not close: \(steps)"); return }
    }

    @Test("an oversize message after a complete call: the call is taken, then the connection closes")
    func callThenOversize() throws {
        let service = try Self.service()
        var connection = VarlinkConnection(maxMessageSize: 80)
        let bytes = frame(#"{"method":"org.example.more.Ping","parameters":{"ping":"ok"}}"#) + Array(repeating: 120, count: 100)
        #expect(
            texts(connection.receive(bytes) { service.handle($0) }) == [
                #"send {"parameters":{"pong":"ok"}}|"#, "close message larger than 80 bytes",
            ])
    }
}

@Suite("Duplicate members")
struct DuplicateMemberTests {
    @Test("a call naming a member twice (method included) gets InvalidParameter and the connection keeps serving")
    func refusedNotClosed() throws {
        var connection = VarlinkConnection()
        connection.receive(
            Array(#"{"method":"org.example.A.Ping","method":"org.example.B.Drop"}"#.utf8) + [0]
                + Array(#"{"method":"org.example.A.Ping","parameters":{"x":1,"x":2}}"#.utf8) + [0]
                + Array(#"{"method":"org.example.A.Ping"}"#.utf8) + [0])
        guard case .refuse(let first)? = connection.next() else { Issue.record("first not refused"); return }
        #expect(first.error == .invalidParameter("method"))
        guard case .refuse(let second)? = connection.next() else { Issue.record("second not refused"); return }
        #expect(second.error == .invalidParameter("x"))
        guard case .call(let third)? = connection.next() else { Issue.record("third not served"); return }
        #expect(third.member == "Ping")
    }
}
