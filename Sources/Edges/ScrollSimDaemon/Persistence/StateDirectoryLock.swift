import Foundation
import Glibc
import Posix

/// One daemon per state directory: an exclusive `flock(2)` on `lock` in the directory, taken
/// before anything in it is read and held until the process exits (the kernel releases it then,
/// `kill -9` included). A second daemon started on the same directory would otherwise rewrite
/// the state file under the first, which keeps appending to a file no longer named there: every
/// input acknowledged after that would be lost with the next restart.
final class StateDirectoryLock {
    static let fileName = "lock"
    let path: String
    private let fd: Int32

    /// Creates the directory if needed, then takes the lock without waiting.
    init(directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/" + Self.fileName
        self.path = path
        fd = try retrying("open \(path)") { Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let error = errno
            let holder = Self.readPID(fd)
            Glibc.close(fd)
            guard error == EWOULDBLOCK else { throw SystemCallError("flock \(path)", errno: error) }
            throw StateDirectoryInUse(directory: directory, pid: holder)
        }
        // The holder's pid, for the message a second instance prints (advisory: the lock is what
        // counts, not the file's contents).
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    deinit { Glibc.close(fd) }

    private static func readPID(_ fd: Int32) -> Int? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int(String(decoding: bytes[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// Another process holds the lock: nothing in the directory was read or written.
package struct StateDirectoryInUse: Error, CustomStringConvertible {
    package let directory: String
    /// The holder's pid as it wrote it in the lock file (nil if unreadable).
    package let pid: Int?
    package var description: String {
        "the state directory \(directory) is in use by another scrollsimd"
            + (pid.map { " (pid \($0))" } ?? "")
            + "; stop it first, or give this one its own --state-dir"
    }
}
