import Foundation
import Posix
import ScrollSimService
import Systemd
import Varlink

/// One client: its socket, protocol state, queued output, and the deferred call it is busy with
/// (a stream or a profile). Owned by the daemon and touched only on the loop's thread.
final class ClientConnection {
    let id: Int
    let fd: Int32
    var source: EventSource?
    var state: VarlinkConnection
    /// Bytes to write; `outputOffset` of them already went.
    var output: [UInt8] = []
    var outputOffset = 0
    /// Replies queued and not yet written (a stream's queue is measured in these).
    var queuedReplies = 0
    var stream: WatchStream?
    var job: (any ServiceJob)?
    /// A call about a simulation still being restored after a start: dispatched once it is.
    var heldCall: VarlinkCall?
    /// An OpenSimulation being built on the open worker; its reply comes when it is done.
    var building: PendingOpen?
    /// A large Perform being applied on the open worker, and whether its call stored the input
    /// (its reply then waits for the input to be on disk).
    var editing: (edit: PendingEdit, wroteInput: Bool)?
    /// Whether the job's caller wants its reply (not for a oneway call).
    var jobReplies = true
    /// The job's caller asked for progress replies.
    var jobMore = false
    var lastProgressSent = 0.0
    /// Closed by the daemon: nothing more is read, written or dispatched (a connection closed
    /// while another was being served may still be in a list being walked).
    var isClosed = false
    /// Last time bytes came in or went out (the idle timeout counts from it).
    var lastActivity: Double
    /// Bytes this connection held at its last accounting (`ConnectionTable.account`).
    var footprint = 0
    /// When the calls waiting to be dispatched arrived (the read that brought them); nil when
    /// none wait.
    var callsArrivedAt: Double?
    /// The peer will send nothing more (EOF); the connection closes once everything is answered.
    var inputClosed = false
    /// Close once the output is written (after a protocol error or at shutdown).
    var closeAfterFlush = false
    /// The last call taken got a reply a byte-identical call may be given again
    /// (`SimulatorService.reusedReply`): a poll then skips validation, look-ups and routing.
    var reuse: SimulatorService.ReuseToken?
    /// The epoll events currently asked for.
    var interest: IOEvents = []
    let peer: PeerCredentials?
    /// Request-rate budget (a token bucket refilled at `MaxRequestsPerSecond`).
    var tokens: Double
    var tokensAt: Double

    /// `peer`: the credentials the kernel gave for `fd` (`SO_PEERCRED`), read once at accept.
    init(id: Int, fd: Int32, peer: PeerCredentials?, maxMessageSize: Int, burst: Double, now: Double) {
        self.id = id
        self.fd = fd
        self.state = VarlinkConnection(maxMessageSize: maxMessageSize)
        self.peer = peer
        tokens = burst
        tokensAt = now
        lastActivity = now
    }

    /// Takes one request from the budget; false when the connection is over its rate.
    func takeToken(rate: Double, now: Double) -> Bool {
        guard rate > 0 else { return true }
        tokens = Swift.min(rate, tokens + (now - tokensAt) * rate)
        tokensAt = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }

    var pendingOutput: Int { output.count - outputOffset }

    /// Replies held until the inputs before them are on disk (`GroupCommit`), in order: the
    /// number of the last record written before each, the encoded reply, and whether its own call
    /// wrote the input (it becomes PersistenceFailed if the sync fails).
    private(set) var held: [(record: Int, bytes: [UInt8], wroteInput: Bool)] = []
    private(set) var heldBytes = 0
    /// The last record this connection's calls wrote: later replies wait until it is on disk.
    var awaitsRecord = 0

    /// Output written or held: what the connection costs in memory.
    var bufferedOutput: Int { pendingOutput + heldBytes }

    /// Queues a reply; while an input this connection wrote is not yet on disk (`awaitsRecord`
    /// is set until `release` sees it durable), the reply is held behind it, so no reply ever
    /// acknowledges an input a crash could lose, and replies keep their order.
    func enqueue(_ reply: VarlinkReply, wroteInput: Bool = false) {
        guard awaitsRecord != 0 || !held.isEmpty else { return append(reply) }
        var bytes: [UInt8] = []
        reply.frame(into: &bytes)
        hold(bytes, wroteInput: wroteInput)
    }

    /// Queues a reply framed before (`SimulatorService.reusedReply`), held like any other.
    func enqueue(framed bytes: [UInt8], wroteInput: Bool = false) {
        guard awaitsRecord != 0 || !held.isEmpty else { return append { $0.append(contentsOf: bytes) } }
        hold(bytes, wroteInput: wroteInput)
    }

    private func hold(_ bytes: [UInt8], wroteInput: Bool) {
        held.append((awaitsRecord, bytes, wroteInput))
        heldBytes += bytes.count
    }

    /// Moves the held replies whose inputs are now on disk to the output; `failure` (a failed
    /// sync) turns the replies of the calls that wrote those inputs into PersistenceFailed.
    func release(durable: Int, failure: String?) {
        var released = 0
        for entry in held {
            guard entry.record <= durable else { break }
            released += 1
            heldBytes -= entry.bytes.count
            if let failure, entry.wroteInput {
                append(
                    VarlinkReply(
                        error: ServiceError.persistenceFailed("the input took effect but may not be on disk: \(failure)")
                            .varlinkError))
            } else {
                append { $0.append(contentsOf: entry.bytes) }
            }
        }
        held.removeFirst(released)
        if held.isEmpty && awaitsRecord <= durable { awaitsRecord = 0 }
    }

    /// Writes `reply` into the output, framed.
    private func append(_ reply: VarlinkReply) {
        append { reply.frame(into: &$0) }
    }

    /// Adds one framed reply to the output through `write`.
    private func append(_ write: (inout [UInt8]) -> Void) {
        reclaimWrittenOutput()
        write(&output)
        queuedReplies += 1
    }

    /// Drops output already written once all of it is, keeping the buffer.
    private func reclaimWrittenOutput() {
        if outputOffset > 0 && outputOffset == output.count {
            output.removeAll(keepingCapacity: true)
            outputOffset = 0
        }
    }

    /// Writes what the socket takes; a write counts as activity at `now`. Returns false when the
    /// peer is gone.
    func flush(now: Double) -> Bool {
        while outputOffset < output.count {
            let written: Int
            do {
                written = try UnixSocket.write(fd, output, from: outputOffset)
            } catch {
                return false
            }
            if written == 0 { break }
            lastActivity = now
            if stream != nil && written < output.count - outputOffset {
                queuedReplies -= output[outputOffset..<outputOffset + written].count { $0 == 0 }
            }
            outputOffset += written
        }
        if outputOffset == output.count {
            queuedReplies = 0
            output.removeAll(keepingCapacity: output.count <= 1 << 16)
            outputOffset = 0
        }
        return true
    }
}
