import Foundation
import JSONModel
import TestSupport
import Testing
import Varlink

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
