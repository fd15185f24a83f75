import Foundation
import JSONModel
import TestSupport
import Testing
import Varlink

/// A message as it goes on the wire: its JSON text and the NUL that ends it.
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
