/// Complete messages received and not yet taken, back to back in one buffer, oldest first.
///
/// One buffer rather than a `Data` per message: a client polling sends one small message per
/// call, and allocating, comparing and freeing a `Data` for each would cost more than the rest
/// of such a call's work.
struct MessageQueue {
    /// The messages' bytes; `taken` of them belong to messages already taken.
    private(set) var bytes: [UInt8] = []
    /// Where each message ends in `bytes`; the first `head` are taken.
    private var ends: [Int] = []
    private var head = 0
    private var taken = 0

    /// Messages not yet taken.
    var count: Int { ends.count - head }
    /// Bytes of the messages not yet taken.
    var byteCount: Int { bytes.count - taken }

    mutating func append(_ message: UnsafeBufferPointer<UInt8>) {
        if head == ends.count {
            // Everything was taken: start over, in the same storage unless a large message grew
            // it (memory no budget counts, kept for the connection's life; as the framer does).
            bytes.removeAll(keepingCapacity: bytes.capacity <= 1 << 16)
            ends.removeAll(keepingCapacity: true)
            (head, taken) = (0, 0)
        } else if taken >= 4096 && taken >= bytes.count / 2 {
            // A client that always has calls queued never empties the queue: drop the taken front
            // once it is most of the buffer, so the buffer stays within twice what is queued.
            bytes.removeFirst(taken)
            ends.removeFirst(head)
            for i in ends.indices { ends[i] -= taken }
            (head, taken) = (0, 0)
        }
        bytes.append(contentsOf: message)
        ends.append(bytes.count)
    }

    /// Takes the oldest message: its range in `bytes` (valid until the next `append`).
    mutating func removeFirst() -> Range<Int>? {
        guard head < ends.count else { return nil }
        let range = taken..<ends[head]
        head += 1
        taken = range.upperBound
        return range
    }
}
