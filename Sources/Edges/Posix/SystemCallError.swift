import Glibc

/// A system call failed: its name and errno, with the C library's text.
public struct SystemCallError: Error, Sendable, Hashable, CustomStringConvertible {
    public var call: String
    public var errno: Int32

    public init(_ call: String, errno: Int32 = Glibc.errno) {
        self.call = call
        self.errno = errno
    }

    public var description: String { "\(call): \(String(cString: strerror(errno)))" }
}

/// Runs a system call, retrying on EINTR in this one place; -1 becomes a thrown error with errno
/// read at once.
@discardableResult
public func retrying<T: BinaryInteger>(_ name: String, _ body: () -> T) throws(SystemCallError) -> T {
    while true {
        let result = body()
        if result != -1 { return result }
        let code = errno
        if code != EINTR { throw SystemCallError(name, errno: code) }
    }
}
