import Foundation

/// One client connection's protocol state, as a value: bytes in, actions out. The daemon's event
/// loop feeds it what it reads and performs what it returns, so the protocol is tested without
/// sockets (swift-nio's "state machine returns actions" style).
///
/// Calls are answered in arrival order (Varlink allows pipelining, not multiplexing); `oneway`
/// calls get no reply; a message that breaks the protocol closes the connection after the replies
/// to the calls before it.
public struct VarlinkConnection {
    /// What the loop should do next.
    public enum Action: Sendable, Hashable {
        /// Write these bytes (one or more framed replies).
        case send(Data)
        /// Close the connection; the reason is for the log.
        case close(VarlinkProtocolError)
    }

    private var framer: VarlinkFramer
    public private(set) var isClosed = false
    /// Calls answered so far (for status and limits).
    public private(set) var callsHandled = 0

    public init(maxMessageSize: Int = 1 << 20) {
        framer = VarlinkFramer(maxMessageSize: maxMessageSize)
    }

    /// Feeds received bytes; `handle` answers each complete call (nil for no reply). Replies to
    /// pipelined calls are batched into one `send`.
    public mutating func receive(_ bytes: some Sequence<UInt8>, handle: (VarlinkCall) -> VarlinkReply?) -> [Action] {
        guard !isClosed else { return [] }
        var actions: [Action] = []
        var output = Data()
        let messages: [Data]
        var failure: VarlinkProtocolError?
        do {
            messages = try framer.append(bytes)
        } catch {
            messages = []
            failure = error
        }
        messages: for message in messages {
            switch VarlinkCall.parse(message) {
            case .failure(let error):
                failure = error
                break messages
            case .success(let call) where call.upgrade:
                failure = .upgradeNotSupported(call.method)  // no method of ours upgrades
                break messages
            case .success(let call):
                callsHandled += 1
                if let reply = handle(call) { output.append(reply.framed()) }
            }
        }
        if !output.isEmpty { actions.append(.send(output)) }
        if let failure {
            isClosed = true
            actions.append(.close(failure))
        }
        return actions
    }
}
