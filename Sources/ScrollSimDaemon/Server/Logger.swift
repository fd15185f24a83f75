import Glibc
import Systemd

/// The daemon's log: journald with structured fields when systemd connected stderr to the journal
/// (`$JOURNAL_STREAM`), else stderr lines with `<N>` priority prefixes. Fields are named
/// `SCROLLSIM_*` (e.g. SCROLLSIM_SIMULATION, SCROLLSIM_EVENT).
final class Logger {
    var level: LogLevel
    let useJournal: Bool

    init(level: LogLevel, environment: [String: String]) {
        self.level = level
        useJournal = Self.stderrIsJournal(environment["JOURNAL_STREAM"])
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
        let line = Journal.stderrLine(message + suffix, priority: LogPriority(rawValue: priority.rawValue) ?? .info) + "\n"
        _ = line.withCString { Glibc.write(STDERR_FILENO, $0, strlen($0)) }
    }
}
