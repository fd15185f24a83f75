import Glibc

/// An open file descriptor, for the operations that must loop until done: a `write(2)` or
/// `send(2)` may take fewer bytes than asked (a signal, a full pipe or socket buffer), and every
/// caller wants all of them written or an error.
public struct FileDescriptor: Hashable, Sendable {
    public let rawValue: Int32

    public init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// Writes all of `bytes` with write(2), EINTR retried, partial writes continued; `name` says
    /// what the descriptor is in the error (`write /var/lib/scrollsimd/simulations.log: …`).
    public func writeAll(_ bytes: [UInt8], name: String) throws(SystemCallError) {
        try loop(bytes, call: "write \(name)") { base, count in Glibc.write(rawValue, base, count) }
    }

    /// Writes all of `bytes` to a blocking socket with send(2): a peer gone is an EPIPE error,
    /// never a SIGPIPE (MSG_NOSIGNAL).
    public func sendAll(_ bytes: [UInt8]) throws(SystemCallError) {
        try loop(bytes, call: "send") { base, count in send(rawValue, base, count, Int32(MSG_NOSIGNAL)) }
    }

    private func loop(
        _ bytes: [UInt8], call: String, _ transfer: (UnsafeRawPointer, Int) -> Int
    ) throws(SystemCallError) {
        var done = 0
        while done < bytes.count {
            done += try retrying(call) { bytes.withUnsafeBytes { transfer($0.baseAddress! + done, $0.count - done) } }
        }
    }
}
