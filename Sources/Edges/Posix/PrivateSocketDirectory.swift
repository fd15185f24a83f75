import Glibc

/// Where a user's own scrollsimd listens when it is not socket-activated, for the daemon and the
/// client alike: `$XDG_RUNTIME_DIR/scrollsimd.sock` (a directory systemd makes the user's alone),
/// else `scrollsimd.sock` in a directory of the user's own under `$TMPDIR` (default `/tmp`):
/// `scrollsimd-$UID`, created mode 0700.
///
/// A directory, because a name in a world-writable directory can be taken by anyone first: a
/// socket file squatted at `/tmp/scrollsimd-$UID.sock` kept the user's daemon from starting and
/// took the user's calls. A directory can be checked before use: it must be a real directory (not
/// a link), owned by the user, with no access for group or others; if another user made it first,
/// both the daemon and the client refuse it and say why.
public enum PrivateSocketDirectory {
    public static let socketName = "scrollsimd.sock"

    /// The default socket path for the user `uid`.
    public static func defaultSocketPath(environment: [String: String], uid: uid_t = getuid()) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { return runtime + "/" + socketName }
        return directory(environment: environment, uid: uid) + "/" + socketName
    }

    /// The private directory under `$TMPDIR` (default `/tmp`).
    public static func directory(environment: [String: String], uid: uid_t = getuid()) -> String {
        var base = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        return base + "/scrollsimd-\(uid)"
    }

    /// Whether `socketPath` is in the private directory (the only place these checks apply: an
    /// explicit path is the user's own choice).
    public static func contains(_ socketPath: String, environment: [String: String], uid: uid_t = getuid()) -> Bool {
        socketPath == directory(environment: environment, uid: uid) + "/" + socketName
    }

    /// Why a directory cannot be trusted with the user's socket.
    public struct Untrusted: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String {
            "refusing \(path): \(reason); another user may have made it to take your socket. Remove it, or set XDG_RUNTIME_DIR (or pass a socket path of your own)"
        }
    }

    /// The daemon's side: creates the directory (0700) if it is missing, then checks it.
    public static func prepare(_ path: String, uid: uid_t = getuid()) throws(Untrusted) {
        if mkdir(path, 0o700) == 0 {
            // Exactly 0700 whatever the umask: one inherited as 0177 (from a parent that was
            // binding a socket) made it 0600, a directory its owner cannot enter.
            _ = chmod(path, 0o700)
        } else if errno != EEXIST {
            throw Untrusted(path: path, reason: "cannot create it (\(String(cString: strerror(errno))))")
        }
        try check(path, uid: uid)
    }

    /// The client's side: checks the directory before connecting into it.
    public static func check(_ path: String, uid: uid_t = getuid()) throws(Untrusted) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            throw Untrusted(path: path, reason: "cannot examine it (\(String(cString: strerror(errno))))")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw Untrusted(path: path, reason: "it is not a directory") }
        guard info.st_uid == uid else {
            throw Untrusted(path: path, reason: "it belongs to uid \(info.st_uid), not to you (uid \(uid))")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw Untrusted(
                path: path, reason: "its mode is \(String(info.st_mode & 0o777, radix: 8)); group and others must have no access")
        }
    }
}
