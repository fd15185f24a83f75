import CSystemd
import Glibc

/// Log priorities (syslog's, as journald and `<N>` stderr prefixes use them).
package enum LogPriority: Int32, Sendable, Hashable, CaseIterable {
    case emergency = 0, alert, critical, error, warning, notice, info, debug
}

/// Structured logging to journald (`sd_journal_sendv`).
///
/// Note: with no journald listening, libsystemd still returns 0 (docs/internals.md S2), so a
/// successful return does not prove delivery.
package enum Journal {
    /// Sends one entry: `MESSAGE`, `PRIORITY`, `SYSLOG_IDENTIFIER` and the given fields (names in
    /// upper case, e.g. `SCROLLSIM_SIMULATION`).
    package static func send(
        _ message: String, priority: LogPriority, identifier: String, fields: [(String, String)] = []
    ) throws(SystemdError) {
        var assignments = [
            "MESSAGE=\(message)", "PRIORITY=\(priority.rawValue)", "SYSLOG_IDENTIFIER=\(identifier)",
        ]
        for (name, value) in fields where isValidFieldName(name) { assignments.append("\(name)=\(value)") }
        // iovecs point into C strings kept alive for the duration of the call.
        let strings = assignments.map { strdup($0)! }
        defer { strings.forEach { free($0) } }
        var vectors = strings.map { iovec(iov_base: UnsafeMutableRawPointer($0), iov_len: strlen($0)) }
        let result = sd_journal_sendv(&vectors, Int32(vectors.count))
        guard result >= 0 else { throw SystemdError("sd_journal_sendv", result) }
    }

    /// Journal field names: upper-case letters, digits and underscores, not starting with an
    /// underscore or a digit (journald drops others).
    package static func isValidFieldName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != "_", !("0"..."9").contains(first), name.count <= 64 else {
            return false
        }
        return name.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// A stderr line with the `<N>` prefix systemd turns into a priority (outside the journal the
    /// prefix still tells severity apart).
    package static func stderrLine(_ message: String, priority: LogPriority) -> String {
        "<\(priority.rawValue)>" + message.replacingNewlines()
    }
}
