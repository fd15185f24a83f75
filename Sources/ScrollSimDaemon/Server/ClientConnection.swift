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
    /// Bytes this connection held at its last accounting (`Daemon.account`).
    var footprint = 0
    /// When the calls waiting to be dispatched arrived (the read that brought them); nil when
    /// none wait.
    var callsArrivedAt: Double?
    /// The peer will send nothing more (EOF); the connection closes once everything is answered.
    var inputClosed = false
    /// Close once the output is written (after a protocol error or at shutdown).
    var closeAfterFlush = false
    /// The epoll events currently asked for.
    var interest: IOEvents = []
    let peer: PeerCredentials?
    /// Request-rate budget (a token bucket refilled at `MaxRequestsPerSecond`).
    var tokens: Double
    var tokensAt: Double

    init(id: Int, fd: Int32, maxMessageSize: Int, burst: Double, now: Double) {
        self.id = id
        self.fd = fd
        self.state = VarlinkConnection(maxMessageSize: maxMessageSize)
        self.peer = UnixSocket.peerCredentials(fd)
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

    func enqueue(_ reply: VarlinkReply) {
        if outputOffset > 0 && outputOffset == output.count {
            output.removeAll(keepingCapacity: true)
            outputOffset = 0
        }
        output.append(contentsOf: reply.framed())
        queuedReplies += 1
    }

    /// Writes what the socket takes. Returns false when the peer is gone.
    func flush() -> Bool {
        while outputOffset < output.count {
            let written: Int
            do {
                written = try UnixSocket.write(fd, output, from: outputOffset)
            } catch {
                return false
            }
            if written == 0 { break }
            lastActivity = MonotonicClock.now()
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
