import ScrollSimService
import Varlink

/// A connection's replies on their way out: framed bytes not yet written, and the replies held
/// until the inputs before them are on disk. A value the connection owns; writing to the socket
/// is the connection's (`ClientConnection.flush`), which reports here what went.
struct ReplyOutput {
    /// Framed replies to write; `offset` of them already went.
    private(set) var bytes: [UInt8] = []
    private(set) var offset = 0
    /// Replies queued and not yet written (a stream's queue is measured in these).
    private(set) var queuedReplies = 0
    /// Replies held until the inputs before them are on disk (`GroupCommit`), in order: the
    /// number of the last record written before each, the encoded reply, and whether its own call
    /// wrote the input (it becomes PersistenceFailed if the sync fails).
    private(set) var held: [(record: Int, bytes: [UInt8], wroteInput: Bool)] = []
    private(set) var heldBytes = 0
    /// The last record this connection's calls wrote: later replies wait until it is on disk.
    var awaitsRecord = 0

    /// Bytes framed and not yet written.
    var pending: Int { bytes.count - offset }
    /// Written or held: what the connection costs in memory.
    var buffered: Int { pending + heldBytes }

    /// Queues a reply; while an input this connection wrote is not yet on disk (`awaitsRecord`
    /// is set until `release` sees it durable), the reply is held behind it, so no reply ever
    /// acknowledges an input a crash could lose, and replies keep their order.
    mutating func enqueue(_ reply: VarlinkReply, wroteInput: Bool = false) {
        guard awaitsRecord != 0 || !held.isEmpty else { return append { reply.frame(into: &$0) } }
        var framed: [UInt8] = []
        reply.frame(into: &framed)
        hold(framed, wroteInput: wroteInput)
    }

    /// Queues a reply framed before (`SimulatorService.reusedReply`), held like any other.
    mutating func enqueue(framed: [UInt8], wroteInput: Bool = false) {
        guard awaitsRecord != 0 || !held.isEmpty else { return append { $0.append(contentsOf: framed) } }
        hold(framed, wroteInput: wroteInput)
    }

    private mutating func hold(_ framed: [UInt8], wroteInput: Bool) {
        held.append((awaitsRecord, framed, wroteInput))
        heldBytes += framed.count
    }

    /// Moves the held replies whose inputs are now on disk to the output; `failure` (a failed
    /// sync) turns the replies of the calls that wrote those inputs into PersistenceFailed.
    mutating func release(durable: Int, failure: String?) {
        var released = 0
        for entry in held {
            guard entry.record <= durable else { break }
            released += 1
            heldBytes -= entry.bytes.count
            if let failure, entry.wroteInput {
                let error = ServiceError.persistenceFailed("the input took effect but may not be on disk: \(failure)")
                append { VarlinkReply(error: error.varlinkError).frame(into: &$0) }
            } else {
                append { $0.append(contentsOf: entry.bytes) }
            }
        }
        held.removeFirst(released)
        if held.isEmpty && awaitsRecord <= durable { awaitsRecord = 0 }
    }

    /// `count` more bytes went to the socket; `counting`: count the replies that went whole
    /// (a stream's queue is measured in replies).
    mutating func wrote(_ count: Int, counting: Bool) {
        if counting && count < pending { queuedReplies -= bytes[offset..<offset + count].count { $0 == 0 } }
        offset += count
        guard offset == bytes.count else { return }
        queuedReplies = 0
        bytes.removeAll(keepingCapacity: bytes.count <= 1 << 16)
        offset = 0
    }

    /// Adds one framed reply through `write`, first dropping what was written (keeping the
    /// buffer).
    private mutating func append(_ write: (inout [UInt8]) -> Void) {
        if offset > 0 && offset == bytes.count {
            bytes.removeAll(keepingCapacity: true)
            offset = 0
        }
        write(&bytes)
        queuedReplies += 1
    }
}
