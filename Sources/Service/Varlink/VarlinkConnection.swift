import Foundation

/// One client connection's protocol state, as a value: bytes in, calls and actions out. The
/// daemon's event loop feeds it what it reads and performs what it returns, so the protocol is
/// tested without sockets (swift-nio's "state machine returns actions" style).
///
/// Calls are taken one at a time in arrival order (Varlink allows pipelining, not multiplexing).
/// A call answered later (a `more` stream, a long job) holds the calls behind it until
/// `finishDeferred()`. A message that breaks the protocol closes the connection after the calls
/// before it.
package struct VarlinkConnection {
    /// The next thing to act on.
    package enum Step: Sendable, Hashable {
        case call(VarlinkCall)
        /// A well-framed message refused before dispatch: send this error reply, keep serving.
        case refuse(VarlinkReply)
        /// The connection broke the protocol here: close it (the reason is for the log).
        case close(VarlinkProtocolError)
    }

    private var framer: VarlinkFramer
    private var queue = MessageQueue()
    private var failure: VarlinkProtocolError?
    /// The last message parsed into a call, and the call: a client polling sends the same bytes
    /// again and again, and comparing them costs a fraction of parsing them. Only short messages
    /// are kept (polls are; a large definition kept here would be memory no budget counts).
    private var lastParsed: (message: [UInt8], call: VarlinkCall)?
    static let keptMessageSize = 512
    package private(set) var isClosed = false
    /// A call is being answered later; no call behind it is taken until `finishDeferred()`.
    package private(set) var isBusy = false
    /// Calls taken so far (for status and limits).
    package private(set) var callsHandled = 0
    /// The call just taken is byte for byte the call taken before it (a client polling): a server
    /// may give it the reply it gave that one, if nothing it depends on changed since.
    package private(set) var repeatsPrevious = false

    package init(maxMessageSize: Int = 1 << 20) {
        framer = VarlinkFramer(maxMessageSize: maxMessageSize)
    }

    // The two figures below are kept up to date rather than computed: a server reads them for
    // every call, and reading a computed property of a value held in a class copies the whole
    // value first (every buffer and cached call retained and released), on the hottest path.

    /// Complete calls received and not yet taken.
    package private(set) var queuedCallCount = 0

    /// Bytes held for this connection: the partial message and the calls not yet taken.
    package private(set) var bufferedByteCount = 0

    /// Buffers received bytes.
    package mutating func receive(_ bytes: some Sequence<UInt8>) {
        guard !isClosed, failure == nil else { return }
        failure = framer.append(bytes, into: &queue)
        updateCounts()
    }

    private mutating func updateCounts() {
        queuedCallCount = queue.count
        bufferedByteCount = framer.pendingByteCount + queue.byteCount
    }

    /// The next call, or the protocol error that closes the connection; nil while busy or when no
    /// complete message is waiting.
    package mutating func next() -> Step? {
        guard !isClosed, !isBusy else { return nil }
        guard let range = queue.removeFirst() else {
            guard let failure else { return nil }
            isClosed = true
            return .close(failure)
        }
        updateCounts()
        if isLastParsed(range), let call = lastParsed?.call {
            // The same bytes as the last call: the same call (kept only when it was served).
            callsHandled += 1
            repeatsPrevious = true
            return .call(call)
        }
        repeatsPrevious = false
        let message = queue.bytes[range]
        switch VarlinkCall.parse(Data(message)) {
        case .failure(.duplicateKey(let key)):
            return .refuse(VarlinkReply(error: .invalidParameter(key)))
        case .failure(let error):
            isClosed = true
            return .close(error)
        case .success(let call) where call.upgrade:
            isClosed = true
            return .close(.upgradeNotSupported(call.method))  // no method of ours upgrades
        case .success(let call):
            callsHandled += 1
            lastParsed = message.count <= Self.keptMessageSize ? (Array(message), call) : nil
            return .call(call)
        }
    }

    /// Whether the queued message at `range` is byte for byte the last one parsed.
    private func isLastParsed(_ range: Range<Int>) -> Bool {
        guard let last = lastParsed?.message, last.count == range.count, !range.isEmpty else { return false }
        return queue.bytes.withUnsafeBufferPointer { queued in
            last.withUnsafeBufferPointer { memcmp($0.baseAddress!, queued.baseAddress! + range.lowerBound, range.count) == 0 }
        }
    }

    /// The call just taken will be answered later; hold the ones behind it.
    package mutating func beginDeferred() { isBusy = true }

    /// The deferred call has had its last reply; take the next ones.
    package mutating func finishDeferred() { isBusy = false }
}
