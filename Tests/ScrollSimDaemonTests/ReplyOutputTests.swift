import Testing
import Varlink

@testable import ScrollSimDaemon

/// A connection's outgoing replies as a value: held behind inputs not yet on disk, in order.
@Suite("reply output")
struct ReplyOutputTests {
    static func reply(_ n: Int) -> VarlinkReply { VarlinkReply(parameters: ["n": .number(Double(n))]) }

    /// The replies framed in `bytes`, as their `n`s or error names.
    static func written(_ output: ReplyOutput) -> [String] {
        output.bytes[output.offset...].split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.map { text in
            if let range = text.range(of: #""n":"#) { String(text[range.upperBound...].prefix { $0.isNumber }) } else { text }
        }
    }

    @Test("replies after an input not yet on disk are held in order, and go out when a sync makes it durable")
    func heldUntilDurable() {
        var output = ReplyOutput()
        output.enqueue(Self.reply(1))
        output.awaitsRecord = 7
        output.enqueue(Self.reply(2), wroteInput: true)
        output.enqueue(Self.reply(3))
        #expect(Self.written(output) == ["1"])
        #expect(output.held.count == 2 && output.heldBytes > 0)
        #expect(output.buffered == output.pending + output.heldBytes)
        output.release(durable: 6, failure: nil)
        #expect(Self.written(output) == ["1"], "record 7 is not durable yet")
        output.release(durable: 7, failure: nil)
        #expect(Self.written(output) == ["1", "2", "3"])
        #expect(output.awaitsRecord == 0 && output.heldBytes == 0)
        output.enqueue(Self.reply(4))
        #expect(Self.written(output) == ["1", "2", "3", "4"], "nothing is held once the input is durable")
    }

    @Test("a failed sync turns the reply of the call that wrote the input into PersistenceFailed, and only that one")
    func failedSync() {
        var output = ReplyOutput()
        output.awaitsRecord = 3
        output.enqueue(Self.reply(1), wroteInput: true)
        output.enqueue(Self.reply(2))
        output.release(durable: 3, failure: "EIO")
        let texts = Self.written(output)
        #expect(texts.count == 2)
        #expect(texts[0].contains("PersistenceFailed") && texts[0].contains("EIO"))
        #expect(texts[1] == "2")
    }

    @Test("writes count the replies that went whole; the buffer empties once everything went")
    func partialWrites() {
        var output = ReplyOutput()
        for n in 1...3 { output.enqueue(Self.reply(n)) }
        #expect(output.queuedReplies == 3)
        let first = output.bytes.firstIndex(of: 0)! + 1
        output.wrote(first, counting: true)
        #expect(output.queuedReplies == 2 && output.offset == first)
        output.wrote(2, counting: true)
        #expect(output.queuedReplies == 2, "a part of a reply is not a reply")
        output.wrote(output.pending, counting: true)
        #expect(output.queuedReplies == 0 && output.pending == 0 && output.bytes.isEmpty)
    }
}
