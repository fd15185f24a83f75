import Foundation

/// A value behind a lock, with `Mutex`'s call shape: Combine's values are generic and need not
/// be `Sendable`, which `Mutex` would require of what crosses its closure.
final class Protected<Value>: @unchecked Sendable {
    // Unchecked: every access to `value` holds `lock`.
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, holding the lock (`body` must not call out to subscribers).
    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
