import Foundation
import Varlink

/// The daemon's dispatch loop in miniature, over the connection's public steps (`receive`, then
/// `next` until nil), so the protocol tests drive the connection the way the daemon does.
extension VarlinkConnection {
    /// What the loop does with the connection.
    enum Action: Sendable, Hashable {
        /// Write these bytes (one or more framed replies).
        case send(Data)
        /// Close the connection; the reason is for the log.
        case close(VarlinkProtocolError)
    }

    /// Feeds received bytes and answers every complete call at once with `handle` (nil for no
    /// reply), batching the replies to pipelined calls into one write, as the daemon does.
    mutating func receive(_ bytes: some Sequence<UInt8>, handle: (VarlinkCall) -> VarlinkReply?) -> [Action] {
        receive(bytes)
        var actions: [Action] = []
        var output = Data()
        while let step = next() {
            switch step {
            case .call(let call):
                if let reply = handle(call) { output.append(reply.framed()) }
            case .refuse(let reply):
                output.append(reply.framed())
            case .close(let error):
                if !output.isEmpty { actions.append(.send(output)) }
                return actions + [.close(error)]
            }
        }
        if !output.isEmpty { actions.append(.send(output)) }
        return actions
    }
}
