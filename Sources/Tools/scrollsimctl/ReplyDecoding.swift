import JSONModel
import ScrollSimService

/// Decodes a reply with the service's own reply type (`StatusReply`, `CountsReply`,
/// `ProfileRunReply`, `WatchUpdate`, `SimulationInfo`), so both sides read one declaration of the
/// fields; a reply of another shape is a protocol error naming the field, never a silent zero.
func decodedReply<T>(_ decode: () throws(ReplyError) -> T) throws(ClientError) -> T {
    do throws(ReplyError) {
        return try decode()
    } catch {
        throw .protocolError(error.description)
    }
}

extension SimulationInfo {
    static func decoded(_ value: JSONValue?) throws(ClientError) -> SimulationInfo {
        try decodedReply { () throws(ReplyError) in try SimulationInfo(json: value ?? .null) }
    }

    /// Every simulation of a ListSimulations reply.
    static func listed(_ reply: [String: JSONValue]) throws(ClientError) -> [SimulationInfo] {
        try decodedReply { () throws(ReplyError) in try SimulationInfo.list(reply) }
    }
}
