import Glibc

/// Thin wrappers over the AF_UNIX stream socket calls of the daemon, the client and the bench
/// (swift-system style: one function per call, EINTR retried in `retrying`, errno typed).
public enum UnixSocket {
    /// The `sockaddr_un` of `path`; a path too long for it is ENAMETOOLONG.
    static func socketAddress(_ path: String) throws(SystemCallError) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.utf8.count < capacity else {
            throw SystemCallError("socket path longer than \(capacity - 1) bytes", errno: ENAMETOOLONG)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8) + [0])
        }
        return address
    }

    /// Binds and listens on `path`. A socket file left by a daemon that is gone is replaced; one
    /// that still answers is an error (another daemon serves it).
    public static func listen(path: String, backlog: Int32 = 512, mode: mode_t = 0o600) throws(SystemCallError) -> Int32 {
        var address = try socketAddress(path)
        if access(path, F_OK) == 0 {
            if let probe = try? connect(path: path) {
                Glibc.close(probe)
                throw SystemCallError("\(path) is served by another process", errno: EADDRINUSE)
            }
            unlink(path)
        }
        let fd = try retrying("socket") {
            socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        }
        do {
            // The mode is set through umask so the socket never exists with wider permissions.
            let previous = umask(~mode & 0o777)
            defer { umask(previous) }
            try retrying("bind \(path)") {
                withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                    }
                }
            }
            try retrying("listen") { Glibc.listen(fd, backlog) }
        } catch {
            Glibc.close(fd)
            throw error
        }
        return fd
    }

    /// A blocking client connection (the client tool, the bench, the probe above).
    public static func connect(path: String) throws(SystemCallError) -> Int32 {
        var address = try socketAddress(path)
        let fd = try retrying("socket") { socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) }
        do {
            try retrying("connect \(path)") {
                withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                    }
                }
            }
        } catch {
            Glibc.close(fd)
            throw error
        }
        return fd
    }

    /// Accepts one connection, non-blocking and close-on-exec; nil when none is waiting.
    public static func accept(_ listener: Int32) throws(SystemCallError) -> Int32? {
        while true {
            let fd = Glibc.accept(listener, nil, nil)
            if fd >= 0 {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                return fd
            }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK, ECONNABORTED: return nil
            default: throw SystemCallError("accept")
            }
        }
    }

    /// Makes an inherited listening socket non-blocking (socket activation passes it blocking).
    public static func setNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    public enum ReadResult: Equatable, Sendable {
        case bytes(Int)
        case wouldBlock
        case endOfFile
    }

    /// Reads into `buffer`.
    public static func read(_ fd: Int32, into buffer: inout [UInt8]) throws(SystemCallError) -> ReadResult {
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count > 0 { return .bytes(count) }
            if count == 0 { return .endOfFile }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: throw SystemCallError("read")
            }
        }
    }

    /// Writes what it can of `bytes[offset...]`; returns how many bytes went (0 when the socket
    /// is full). MSG_NOSIGNAL: a vanished peer is an error, not SIGPIPE.
    public static func write(_ fd: Int32, _ bytes: [UInt8], from offset: Int) throws(SystemCallError) -> Int {
        while true {
            let count = bytes.withUnsafeBytes { raw in
                send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if count >= 0 { return count }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return 0
            default: throw SystemCallError("send")
            }
        }
    }

    /// The connected peer's process, user and groups (SO_PEERCRED, SO_PEERGROUPS).
    public static func peerCredentials(_ fd: Int32) -> PeerCredentials? {
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; } — Glibc hides it behind _GNU_SOURCE.
        var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        var groups = [UInt32](repeating: 0, count: 64)
        var size = socklen_t(groups.count * 4)
        let soPeerGroups: Int32 = 59  // SO_PEERGROUPS (Linux 4.13), not in Glibc's module
        let found = groups.withUnsafeMutableBytes { getsockopt(fd, SOL_SOCKET, soPeerGroups, $0.baseAddress, &size) } == 0
        return PeerCredentials(
            pid: credentials.0, uid: credentials.1, gid: credentials.2, groups: found ? Array(groups.prefix(Int(size) / 4)) : [])
    }

    /// A user's id from its name or number (getpwnam).
    public static func userID(_ name: String) -> UInt32? {
        if let number = UInt32(name) { return number }
        return getpwnam(name).map { $0.pointee.pw_uid }
    }

    /// A group's id from its name or number (getgrnam).
    public static func groupID(_ name: String) -> UInt32? {
        if let number = UInt32(name) { return number }
        return getgrnam(name).map { $0.pointee.gr_gid }
    }

    /// Raises the soft limit on open files to the hard one (1,024 by default, fewer than the
    /// connections a daemon may hold).
    public static func raiseFileLimit() -> UInt64 {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        return UInt64(limit.rlim_cur)
    }

    public static func close(_ fd: Int32) { _ = Glibc.close(fd) }

    /// Blocks in read(2) until some bytes arrive: how many were read into `buffer`, 0 at end of
    /// file (the benchmark's load clients, as simple synchronous clients are written).
    public static func readSome(_ fd: Int32, into buffer: inout [UInt8]) throws(SystemCallError) -> Int {
        try retrying("read") { buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } }
    }

    /// Waits until some bytes arrive, then reads them: how many went into `buffer`, 0 at end of
    /// file. A wait longer than `timeout` seconds (nil: no limit) fails with ETIMEDOUT.
    ///
    /// The wait is in poll(2), not in read(2). A thread blocked in `read` on a Unix stream socket
    /// sleeps on the socket's one wait queue, where the kernel also announces write space: each
    /// time the peer takes a message this side sent, the reader is woken, finds nothing and
    /// sleeps again (for a caller waiting for its reply, two wake-ups per call instead of one).
    /// poll's wait is woken only for what it asked for. The timeout is the wait's own, not
    /// SO_RCVTIMEO's bare EAGAIN.
    public static func receive(_ fd: Int32, into buffer: inout [UInt8], timeout: Double? = nil) throws(SystemCallError) -> Int {
        let deadline = timeout.map { MonotonicClock.now() + $0 }
        var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let milliseconds =
                deadline.map { Int32(clamping: Int((Swift.max(0, $0 - MonotonicClock.now()) * 1000).rounded(.up))) } ?? -1
            let ready = Glibc.poll(&waiting, 1, milliseconds)
            if ready > 0 { break }  // readable, closed or failed: the read says which
            if ready < 0 && errno != EINTR { throw SystemCallError("poll") }
            if ready == 0, let deadline, MonotonicClock.now() >= deadline { throw SystemCallError("poll", errno: ETIMEDOUT) }
        }
        return try readSome(fd, into: &buffer)  // ready: it does not block
    }
}

/// The connected process, as the kernel reports it (SO_PEERCRED, SO_PEERGROUPS).
public struct PeerCredentials: Sendable, Hashable {
    public var pid: Int32
    public var uid: UInt32
    public var gid: UInt32
    /// Supplementary groups.
    public var groups: [UInt32]

    public init(pid: Int32, uid: UInt32, gid: UInt32, groups: [UInt32]) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
        self.groups = groups
    }
}
