import Foundation

/// Splits a byte stream into NUL-terminated Varlink messages (varlink.org "Protocol"; a read may
/// return part of a message or several).
///
/// Bounded: a message longer than `maxMessageSize` is an error as soon as that many bytes arrive
/// without a NUL, so a client cannot make the server buffer without limit.
public struct VarlinkFramer: Sendable {
    /// The complete messages found in one `append`, and the error that stopped framing, if any.
    public struct Output: Sendable, Hashable {
        /// Complete messages in order, without their NUL.
        public var messages: [Data] = []
        /// Set when a message went over the limit; the messages before it are still delivered.
        public var error: VarlinkProtocolError?
    }

    public let maxMessageSize: Int
    private var buffer: [UInt8] = []
    /// Where the unconsumed bytes start (consumed prefixes are dropped lazily, not per message).
    private var start = 0
    private var failed = false

    public init(maxMessageSize: Int = 1 << 20) {
        self.maxMessageSize = maxMessageSize
    }

    /// Bytes received but not yet part of a complete message.
    public var pendingByteCount: Int { buffer.count - start }

    /// Adds received bytes and returns the complete messages in order. After an oversize message
    /// the framer delivers nothing more (the connection is to be closed).
    /// - Complexity: O(bytes received).
    public mutating func append(_ bytes: some Sequence<UInt8>) -> Output {
        var output = Output()
        guard !failed else { return output }
        let scanFrom = buffer.count
        buffer.append(contentsOf: bytes)
        var index = scanFrom
        while let nul = buffer[index...].firstIndex(of: 0) {
            guard nul - start <= maxMessageSize else { return fail(output) }
            output.messages.append(Data(buffer[start..<nul]))
            start = nul + 1
            index = start
        }
        guard buffer.count - start <= maxMessageSize else { return fail(output) }
        if start > 0 && (start > 65_536 || start == buffer.count) {
            buffer.removeFirst(start)
            start = 0
        }
        return output
    }

    private mutating func fail(_ output: Output) -> Output {
        failed = true
        buffer = []
        start = 0
        var output = output
        output.error = .messageTooLarge(limit: maxMessageSize)
        return output
    }
}
