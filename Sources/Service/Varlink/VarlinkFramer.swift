import Foundation

/// Splits a byte stream into NUL-terminated Varlink messages (varlink.org "Protocol"; a read may
/// return part of a message or several).
///
/// Bounded: a message longer than `maxMessageSize` is an error as soon as that many bytes arrive
/// without a NUL, so a client cannot make the server buffer without limit.
package struct VarlinkFramer: Sendable {
    /// The complete messages found in one `append`, and the error that stopped framing, if any.
    package struct Output: Sendable, Hashable {
        /// Complete messages in order, without their NUL.
        package var messages: [Data] = []
        /// Set when a message went over the limit; the messages before it are still delivered.
        package var error: VarlinkProtocolError?
    }

    package let maxMessageSize: Int
    /// The message begun and not yet complete: every complete one leaves at once, so this holds
    /// at most one message's start.
    private var partial: [UInt8] = []
    private var failed = false

    package init(maxMessageSize: Int = 1 << 20) {
        self.maxMessageSize = maxMessageSize
    }

    /// Bytes received but not yet part of a complete message.
    package var pendingByteCount: Int { partial.count }

    /// Adds received bytes and returns the complete messages in order. After an oversize message
    /// the framer delivers nothing more (the connection is to be closed).
    /// - Complexity: O(bytes received).
    package mutating func append(_ bytes: some Sequence<UInt8>) -> Output {
        var output = Output()
        output.error = append(bytes) { output.messages.append(Data($0)) }
        return output
    }

    /// Adds received bytes, putting the complete messages into `queue` in order; returns the
    /// error that stopped framing (the messages before it are queued).
    mutating func append(_ bytes: some Sequence<UInt8>, into queue: inout MessageQueue) -> VarlinkProtocolError? {
        append(bytes) { queue.append($0) }
    }

    private mutating func append(
        _ bytes: some Sequence<UInt8>, each message: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> VarlinkProtocolError? {
        guard !failed else { return nil }
        if let error = bytes.withContiguousStorageIfAvailable({ append(contiguous: $0, each: message) }) { return error }
        return Array(bytes).withUnsafeBufferPointer { append(contiguous: $0, each: message) }
    }

    /// Messages wholly inside `input` are handed on from it directly; only a message's start that
    /// the input ends in is copied aside (copying every read into a buffer and dropping the
    /// consumed front was a sixth of a polled call's instructions).
    private mutating func append(
        contiguous input: UnsafeBufferPointer<UInt8>, each message: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> VarlinkProtocolError? {
        var from = 0
        while from < input.count {
            guard let nul = Self.firstNUL(in: input, from: from) else { break }
            guard partial.count + (nul - from) <= maxMessageSize else { return fail() }
            if partial.isEmpty {
                message(UnsafeBufferPointer(rebasing: input[from..<nul]))
            } else {
                partial.append(contentsOf: input[from..<nul])
                partial.withUnsafeBufferPointer(message)
                partial.removeAll(keepingCapacity: partial.capacity <= 1 << 16)
            }
            from = nul + 1
        }
        guard partial.count + (input.count - from) <= maxMessageSize else { return fail() }
        partial.append(contentsOf: input[from...])
        return nil
    }

    private static func firstNUL(in input: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let base = input.baseAddress, let found = memchr(base + from, 0, input.count - from) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private mutating func fail() -> VarlinkProtocolError {
        failed = true
        partial = []
        return .messageTooLarge(limit: maxMessageSize)
    }
}
