import Foundation
import TestSupport
import Testing

@testable import Varlink

@Suite("Varlink message queue")
struct MessageQueueTests {
    @Test(
        "messages in, messages out in order, with the queue never empty for long: the buffer stays within twice what is queued",
        arguments: 0..<8)
    func boundedWhilePipelining(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var queue = MessageQueue()
        var reference: [[UInt8]] = []
        var next = 0
        for step in 0..<5_000 {
            // Mostly one in and one out, the queue kept between 1 and ~20 messages deep.
            let arriving = reference.count - next < 2 ? 2 : Int(random.next() % 3)
            for _ in 0..<arriving {
                let message = (0..<Int(random.next() % 300)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                reference.append(message)
                message.withUnsafeBufferPointer { queue.append($0) }
                // The taken front is dropped once it is 4 KiB and half the buffer.
                #expect(queue.bytes.count <= max(2 * queue.byteCount, queue.byteCount + 4096))
            }
            let leaving = reference.count - next > 20 ? 3 : Int(random.next() % 2) + (step % 7 == 0 ? 1 : 0)
            for _ in 0..<min(leaving, reference.count - next) {
                guard let range = queue.removeFirst() else {
                    Issue.record("the queue lost a message at step \(step)")
                    return
                }
                #expect(Array(queue.bytes[range]) == reference[next])
                next += 1
            }
            let queuedBytes = reference[next...].reduce(0) { $0 + $1.count }
            #expect(queue.count == reference.count - next)
            #expect(queue.byteCount == queuedBytes)
        }
    }

    @Test("a large message once taken does not keep its storage: the next message starts a small buffer")
    func largeMessageReleased() {
        var queue = MessageQueue()
        let large = [UInt8](repeating: 7, count: 1 << 20)
        large.withUnsafeBufferPointer { queue.append($0) }
        #expect(queue.removeFirst() == 0..<(1 << 20))
        [1, 2, 3].withUnsafeBufferPointer { queue.append($0) }
        #expect(queue.bytes == [1, 2, 3])
        #expect(queue.bytes.capacity < 1 << 16)
    }

    @Test("a connection's repeated call is recognised after the buffer moved its messages, and a different one is not")
    func repeatedCallsAcrossCompaction() {
        var connection = VarlinkConnection()
        let poll = Array(#"{"method":"org.example.more.Ping","parameters":{"ping":"x"}}"#.utf8) + [0]
        let other = Array(#"{"method":"org.example.more.Ping","parameters":{"ping":"y"}}"#.utf8) + [0]
        // Two calls arrive per call taken for a while, so the queue is never empty and its front
        // is dropped many times; every call must still be the one sent.
        var sent: [String] = []
        var taken: [String] = []
        for round in 0..<400 {
            let pair = round % 5 == 0 ? (other, "y") : (poll, "x")
            connection.receive(pair.0 + poll)
            sent += [pair.1, "x"]
            for _ in 0..<(round < 300 ? 1 : 3) {
                guard case .call(let call)? = connection.next() else { break }
                taken.append(call.parameters["ping"]?.stringValue ?? "?")
            }
        }
        while case .call(let call)? = connection.next() { taken.append(call.parameters["ping"]?.stringValue ?? "?") }
        #expect(taken == sent)
        #expect(connection.queuedCallCount == 0 && connection.bufferedByteCount == 0)
    }
}
