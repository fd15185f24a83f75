import Foundation
import Glibc
import JSONModel
import Posix
import ScrollSimService
import Varlink
import VarlinkClient

/// One configured screen host: the process scrollsimd started from its executable, the private
/// socketpair it talks to it over, and why it is not running when it is not. Calls come from the
/// loop and from the realtime workers: a lock serialises them, and each is bounded by `timeout`
/// (a host that does not answer in time is killed: hung).
final class HostProcess: ScreenChannel, @unchecked Sendable {
    /// The configured name: the executable's file name.
    let host: String
    let path: String
    /// The limits it runs under; a reload's new ones apply when it next starts.
    private(set) var timeout: Double
    private(set) var memoryMax: Int

    private let lock = NSLock()
    private var pid: pid_t?
    private var client: VarlinkClient?
    /// The timeout the running process's calls wait (the one it started under).
    private var callTimeout = 0.0
    /// The host's stderr, read by the loop and logged with its name.
    private(set) var stderr: Int32 = -1
    private var stderrPartial: [UInt8] = []
    /// Why it stopped, set once per run (the first to see it: a call, or the loop's check).
    private(set) var failure: String?
    private(set) var screens: [ScreenDescription] = []
    private(set) var build = ""

    init(path: String, timeout: Double, memoryMax: Int) {
        self.path = path
        host = path.split(separator: "/").last.map(String.init) ?? path
        self.timeout = timeout
        self.memoryMax = memoryMax
    }

    /// Limits for its next start (a reload changed them).
    func setLimits(timeout: Double, memoryMax: Int) {
        lock.withLock {
            self.timeout = timeout
            self.memoryMax = memoryMax
        }
    }

    var isRunning: Bool { lock.withLock { pid != nil && failure == nil } }

    /// Starts the executable with the socketpair's end as fd 3 and stderr to a pipe, under its
    /// memory limit, and asks it what it offers.
    /// - Throws: a `ScreenHostFailure` saying why it did not start or answer.
    func start() throws(ScreenHostFailure) {
        lock.lock()
        defer { lock.unlock() }
        failure = nil
        do {
            build = try Self.fingerprint(path)
        } catch {
            throw ScreenHostFailure(host: host, reason: "cannot be read at \(path): \(error)")
        }
        var pair: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0,
            pipe(&errPipe) == 0
        else {
            throw ScreenHostFailure(host: host, reason: "could not be started: \(String(cString: strerror(errno)))")
        }
        for fd in errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        posix_spawn_file_actions_adddup2(&actions, pair[1], ScreenHostDescriptor.number)
        var child: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(path), nil]
        // The host applies its memory limit to itself (RLIMIT_AS) before any app code runs.
        let environment =
            ["SCROLLSIM_HOST_FD=\(ScreenHostDescriptor.number)", "PATH=/usr/bin:/bin"]
            + (memoryMax > 0 ? ["SCROLLSIM_HOST_MEMORY_MAX=\(memoryMax)"] : [])
            + ["HOME", "LANG", "TMPDIR", "ASAN_OPTIONS", "TSAN_OPTIONS"].compactMap { key in
                ProcessInfo.processInfo.environment[key].map { "\(key)=\($0)" }
            }
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        let status = posix_spawn(&child, path, &actions, nil, argv, envp)
        close(pair[1])
        close(errPipe[1])
        guard status == 0 else {
            close(pair[0])
            close(errPipe[0])
            throw ScreenHostFailure(host: host, reason: "could not be started: \(String(cString: strerror(status)))")
        }
        pid = child
        UnixSocket.setNonBlocking(errPipe[0])
        stderr = errPipe[0]
        callTimeout = timeout
        client = VarlinkClient(descriptor: pair[0], label: "screen host \(host)", timeout: timeout)
        let reply: Result<[String: JSONValue], VarlinkError>
        do throws(ScreenHostFailure) {
            reply = try locked(.describe, [:])
        } catch {
            throw error
        }
        guard case .success(let fields) = reply, fields["version"]?.integerValue == ScreenHostProtocol.version,
            let list = fields["screens"]?.arrayValue
        else {
            throw failLocked("does not speak \(ScreenHostProtocol.interfaceName) version \(ScreenHostProtocol.version)")
        }
        var screens: [ScreenDescription] = []
        for value in list {
            guard let screen = try? ScreenDescription(json: value) else { throw failLocked("described a screen without a name") }
            screens.append(screen)
        }
        self.screens = screens
    }

    func call(
        _ method: ScreenHostProtocol.Method, _ parameters: [String: JSONValue]
    ) throws(ScreenHostFailure)
        -> Result<[String: JSONValue], VarlinkError>
    {
        lock.lock()
        defer { lock.unlock() }
        return try locked(method, parameters)
    }

    private func locked(
        _ method: ScreenHostProtocol.Method, _ parameters: [String: JSONValue]
    ) throws(ScreenHostFailure)
        -> Result<[String: JSONValue], VarlinkError>
    {
        if let failure { throw ScreenHostFailure(host: host, reason: failure) }
        guard let client else { throw ScreenHostFailure(host: host, reason: "is not running") }
        let reply: VarlinkClient.Reply
        do throws(VarlinkClient.Failure) {
            reply = try client.call(ScreenHostProtocol.method(method), parameters)
        } catch {
            switch error {
            case .disconnected(let message) where message.hasPrefix("no reply"):
                throw failLocked("hung: no reply to \(method.rawValue) within \(Self.seconds(callTimeout)) (HostTimeout); killed")
            case .protocolError(let message):
                throw failLocked("broke the protocol (\(message)); killed")
            default:
                throw failLocked(reapLocked(wait: true) ?? "closed its end of the line; killed")
            }
        }
        if let error = reply.error {
            if error.name.hasPrefix(ScreenHostProtocol.interfaceName + ".") { return .failure(error) }
            throw failLocked("answered \(method.rawValue) with \(error.name); killed")
        }
        return .success(reply.parameters)
    }

    func reject(_ reason: String) -> ScreenHostFailure {
        lock.withLock { failLocked(reason) }
    }

    /// Marks the host failed with `reason`, kills it and collects it. Under the lock.
    private func failLocked(_ reason: String) -> ScreenHostFailure {
        if failure == nil {
            if let pid { kill(pid, SIGKILL) }
            _ = reapLocked(wait: true)
            failure = reason
        }
        client = nil
        return ScreenHostFailure(host: host, reason: failure!)
    }

    /// Whether the process ended (without waiting unless `wait`), in words; nil while it runs.
    private func reapLocked(wait: Bool) -> String? {
        guard let child = pid else { return nil }
        var status: Int32 = 0
        let result = waitpid(child, &status, wait ? 0 : WNOHANG)
        guard result == child else { return nil }
        pid = nil
        let code = (status >> 8) & 0xFF
        let signal = status & 0x7F
        if signal == 0 { return "exited with status \(code)" }
        let name = String(cString: strsignal(signal))
        let hint = signal == SIGKILL || memoryMax == 0 ? "" : " (its memory limit, HostMemoryMax, is \(memoryMax >> 20) MiB)"
        return "crashed: killed by signal \(signal) (\(name))"
            + (signal == SIGSEGV || signal == SIGTRAP || signal == SIGILL || signal == SIGABRT ? hint : "")
    }

    /// The loop's check between calls: a host that died while idle fails now.
    /// - Returns: the failure's reason when this check found it.
    func checkExited() -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard failure == nil, let ended = reapLocked(wait: false) else { return nil }
        failure = ended
        client = nil
        return ended
    }

    /// Lines the host wrote to stderr since the last read (a partial line waits for its end).
    func readStderr() -> [String] {
        guard stderr >= 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var lines: [String] = []
        while let count = try? UnixSocket.readSome(stderr, into: &buffer), count > 0 {
            stderrPartial.append(contentsOf: buffer[0..<count])
            while let newline = stderrPartial.firstIndex(of: 10) {
                lines.append(String(decoding: stderrPartial[..<newline].prefix(4096), as: UTF8.self))
                stderrPartial.removeSubrange(...newline)
            }
            if stderrPartial.count > 4096 {
                lines.append(String(decoding: stderrPartial.prefix(4096), as: UTF8.self))
                stderrPartial = []
            }
        }
        return lines
    }

    /// Stops the host: closes its line (it exits), then kills it if it has not within a second.
    func stop() {
        lock.lock()
        defer { lock.unlock() }
        client = nil
        if let child = pid {
            var status: Int32 = 0
            for _ in 0..<100 where waitpid(child, &status, WNOHANG) == 0 { usleep(10_000) }
            if waitpid(child, &status, WNOHANG) == 0 {
                kill(child, SIGKILL)
                waitpid(child, &status, 0)
            }
            pid = nil
        }
        if stderr >= 0 { close(stderr) }
        stderr = -1
        failure = failure ?? "stopped"
    }

    /// The process id while it runs (for tests and the log).
    var processID: pid_t? { lock.withLock { pid } }

    /// A hash of the executable's bytes (64-bit FNV-1a over 8-byte words, with the length): what
    /// tells one build of a host from another.
    static func fingerprint(_ path: String) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        data.withUnsafeBytes { raw in
            let words = raw.count / 8
            for index in 0..<words {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* 0x100_0000_01b3
            }
            for index in words * 8..<raw.count { hash = (hash ^ UInt64(raw[index])) &* 0x100_0000_01b3 }
        }
        hash = (hash ^ UInt64(data.count)) &* 0x100_0000_01b3
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    static func seconds(_ value: Double) -> String { value == value.rounded() ? "\(Int(value)) s" : "\(value) s" }
}

/// The descriptor a screen host finds its end of the line on (ScrollSimHost's default).
enum ScreenHostDescriptor {
    static let number: Int32 = 3
}
