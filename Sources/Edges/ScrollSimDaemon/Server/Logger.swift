import Glibc
import Systemd

/// The daemon's log: journald with structured fields when systemd connected stderr to the journal
/// (`$JOURNAL_STREAM`); else stderr lines, with `<N>` priority prefixes for a service manager or a
/// log collector and a plain `scrollsimd: warning:` style on a terminal, where a person reads them.
/// Fields are named `SCROLLSIM_*` (e.g. SCROLLSIM_SIMULATION, SCROLLSIM_EVENT).
final class Logger {
    var level: LogLevel
    let useJournal: Bool
    /// Whether stderr is a terminal: no priority prefixes there.
    let stderrIsTerminal: Bool

    init(level: LogLevel, environment: [String: String]) {
        self.level = level
        useJournal = Self.stderrIsJournal(environment["JOURNAL_STREAM"])
        stderrIsTerminal = isatty(STDERR_FILENO) == 1
    }

    /// systemd sets JOURNAL_STREAM to "DEV:INODE" of the stream it connected; only when stderr is
    /// that stream do our messages belong in the journal (sd_journal_stream_fd(3)).
    static func stderrIsJournal(_ value: String?) -> Bool {
        guard let value else { return false }
        let parts = value.split(separator: ":").compactMap { UInt64($0) }
        var status = stat()
        guard parts.count == 2, fstat(STDERR_FILENO, &status) == 0 else { return false }
        return UInt64(status.st_dev) == parts[0] && UInt64(status.st_ino) == parts[1]
    }

    func log(_ priority: LogLevel, _ message: String, event: String, fields: [(String, String)] = []) {
        guard priority.rawValue <= level.rawValue else { return }
        let all = [("SCROLLSIM_EVENT", event)] + fields
        if useJournal,
            (try? Journal.send(
                message, priority: LogPriority(rawValue: priority.rawValue) ?? .info, identifier: "scrollsimd", fields: all))
                != nil
        {
            return
        }
        let suffix = fields.isEmpty ? "" : " (" + fields.map { "\($0.0.lowercased())=\($0.1)" }.joined(separator: " ") + ")"
        let logPriority = LogPriority(rawValue: priority.rawValue) ?? .info
        let line =
            (stderrIsTerminal
                ? Self.terminalLine(message + suffix, priority: logPriority)
                : Journal.stderrLine(message + suffix, priority: logPriority))
            + "\n"
        _ = line.withCString { Glibc.write(STDERR_FILENO, $0, strlen($0)) }
    }

    /// A line for a person at a terminal: the program's name and, for warnings and worse, the
    /// severity in words.
    static func terminalLine(_ message: String, priority: LogPriority) -> String {
        let severity: String
        switch priority.rawValue {
        case ...3: severity = "error: "
        case 4: severity = "warning: "
        default: severity = ""
        }
        return "scrollsimd: " + severity + message.replacingOccurrences(of: "\n", with: " ")
    }
}
