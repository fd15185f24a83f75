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
    /// Replies written, queued and held (`ReplyOutput`).
    var output = ReplyOutput()
    /// The deferred call it is busy with, if any.
    var activity = ConnectionActivity.idle
    var stream: WatchStream? { activity.stream }
    var job: (any ServiceJob)? { activity.running?.job }
    var heldCall: VarlinkCall? { activity.heldCall }
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

    var pendingOutput: Int { output.pending }
    var bufferedOutput: Int { output.buffered }
    var queuedReplies: Int { output.queuedReplies }
    var awaitsRecord: Int {
        get { output.awaitsRecord }
        set { output.awaitsRecord = newValue }
    }
    var hasHeldReplies: Bool { !output.held.isEmpty }

    func enqueue(_ reply: VarlinkReply, wroteInput: Bool = false) { output.enqueue(reply, wroteInput: wroteInput) }
    func enqueue(framed bytes: [UInt8], wroteInput: Bool = false) { output.enqueue(framed: bytes, wroteInput: wroteInput) }
    func release(durable: Int, failure: String?) { output.release(durable: durable, failure: failure) }

    /// Writes what the socket takes; a write counts as activity at `now`. Returns false when the
    /// peer is gone.
    func flush(now: Double) -> Bool {
        while output.pending > 0 {
            let written: Int
            do {
                written = try UnixSocket.write(fd, output.bytes, from: output.offset)
            } catch {
                return false
            }
            if written == 0 { break }
            lastActivity = now
            output.wrote(written, counting: activity.stream != nil)
        }
        return true
    }
}
