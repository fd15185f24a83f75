import Foundation

/// Splits a byte stream into NUL-terminated Varlink messages (varlink.org "Protocol"; a read may
/// return part of a message or several).
///
/// Bounded: a message longer than `maxMessageSize` is an error as soon as that many bytes arrive
/// without a NUL, so a client cannot make the server buffer without limit.
public struct VarlinkFramer: Sendable {
    public let maxMessageSize: Int
    private var buffer: [UInt8] = []
    /// Where the unconsumed bytes start (consumed prefixes are dropped lazily, not per message).
    private var start = 0

    public init(maxMessageSize: Int = 1 << 20) {
        self.maxMessageSize = maxMessageSize
    }

    /// Bytes received but not yet part of a complete message.
    public var pendingByteCount: Int { buffer.count - start }

    /// Adds received bytes and returns the complete messages in order (without their NUL).
    /// - Throws: `VarlinkProtocolError.messageTooLarge` when a message exceeds the limit; the
    ///   connection should then be closed.
    /// - Complexity: O(bytes received).
    public mutating func append(_ bytes: some Sequence<UInt8>) throws(VarlinkProtocolError) -> [Data] {
        let scanFrom = buffer.count
        buffer.append(contentsOf: bytes)
        var messages: [Data] = []
        var index = scanFrom
        while let nul = buffer[index...].firstIndex(of: 0) {
            let length = nul - start
            guard length <= maxMessageSize else { throw .messageTooLarge(limit: maxMessageSize) }
            messages.append(Data(buffer[start..<nul]))
            start = nul + 1
            index = start
        }
        guard buffer.count - start <= maxMessageSize else { throw .messageTooLarge(limit: maxMessageSize) }
        if start > 0 && (start > 65_536 || start == buffer.count) {
            buffer.removeFirst(start)
            start = 0
        }
        return messages
    }
}
