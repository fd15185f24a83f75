import Foundation
import Glibc

/// Colour for warnings and budget failures on a terminal; none when output is piped, with
/// `--json`, or when `NO_COLOR` is set (https://no-color.org).
enum TerminalStyle {
    static let enabled: Bool = {
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return !noColor && isatty(STDOUT_FILENO) == 1
    }()

    static func red(_ text: String) -> String { enabled ? "\u{1B}[31m\(text)\u{1B}[0m" : text }
    static func green(_ text: String) -> String { enabled ? "\u{1B}[32m\(text)\u{1B}[0m" : text }
    static func yellow(_ text: String) -> String { enabled ? "\u{1B}[33m\(text)\u{1B}[0m" : text }
}
