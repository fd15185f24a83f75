import Foundation
import JSONModel
import TestSupport
import Testing
import Varlink

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
