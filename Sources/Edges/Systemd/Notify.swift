import CSystemd
import Glibc

/// A message to the service manager (`sd_notify(3)`): the fields scrollsimd sends.
package struct NotifyMessage: Sendable, Hashable {
    package var ready = false
    package var reloading = false
    package var stopping = false
    package var watchdog = false
    /// `STATUS=`: one line shown by `systemctl status`.
    package var status: String?

    package init(
        ready: Bool = false, reloading: Bool = false, stopping: Bool = false, watchdog: Bool = false, status: String? = nil
    ) {
        self.ready = ready
        self.reloading = reloading
        self.stopping = stopping
        self.watchdog = watchdog
        self.status = status
    }

    /// The newline-separated assignments, in the order systemd documents them.
    package var text: String {
        var lines: [String] = []
        if reloading { lines.append("RELOADING=1") }
        if stopping { lines.append("STOPPING=1") }
        if ready { lines.append("READY=1") }
        if watchdog { lines.append("WATCHDOG=1") }
        // A status is one line: newlines would start new assignments.
        if let status { lines.append("STATUS=" + status.replacingNewlines()) }
        return lines.joined(separator: "\n")
    }
}

extension String {
    func replacingNewlines() -> String { String(map { $0 == "\n" || $0 == "\r" ? " " : $0 }) }
}

/// The service manager side of the process (sd-daemon).
package enum ServiceManager {
    /// Sends `message` to `$NOTIFY_SOCKET`. Returns false when the variable is unset (not run by
    /// systemd), as `sd_notify` does.
    @discardableResult
    package static func notify(_ message: NotifyMessage) throws(SystemdError) -> Bool {
        let result = message.text.withCString { sd_notify(0, $0) }
        guard result >= 0 else { throw SystemdError("sd_notify", result) }
        return result > 0
    }

    /// A socket passed by socket activation, with its `FileDescriptorName=`.
    package struct ListenedSocket: Sendable, Hashable {
        package var fd: Int32
        package var name: String
    }

    /// Takes the sockets passed by socket activation (`sd_listen_fds_with_names`) and unsets the
    /// `LISTEN_*` variables so children do not inherit them. Empty when not socket-activated.
    package static func takeListenedSockets() throws(SystemdError) -> [ListenedSocket] {
        var names: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        let count = sd_listen_fds_with_names(1, &names)
        guard count >= 0 else { throw SystemdError("sd_listen_fds_with_names", count) }
        defer {
            if let names {
                for i in 0..<Int(count) { free(names[i]) }
                free(names)
            }
        }
        return (0..<count).map { i in
            let name = names?[Int(i)].map { String(cString: $0) } ?? "unknown"
            return ListenedSocket(fd: SD_LISTEN_FDS_START + i, name: name)
        }
    }

    /// The watchdog interval systemd expects pings within (`WatchdogSec=`), or nil when disabled.
    package static func watchdogInterval() throws(SystemdError) -> Duration? {
        var usec: UInt64 = 0
        let result = sd_watchdog_enabled(0, &usec)
        guard result >= 0 else { throw SystemdError("sd_watchdog_enabled", result) }
        return result > 0 ? .microseconds(Int64(usec)) : nil
    }
}
