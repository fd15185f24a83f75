/// Something the translation could not do for the app's file, or did in a way worth knowing, at
/// a place in the original file: printed as the compiler prints its diagnostics, so the build
/// shows it against the app's own line.
public struct TranslationDiagnostic: Equatable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        /// The file will not compile as it is: what is left is Objective-C Linux cannot have.
        case error
        /// It compiles, and something behaves differently from a device.
        case warning
    }

    public var path: String
    /// 1-based line and column (in UTF-8 bytes) in the original file.
    public var line: Int
    public var column: Int
    public var severity: Severity
    public var message: String

    public init(path: String, line: Int, column: Int, severity: Severity, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    /// `path:line:column: warning: message`, the compiler's format.
    public var description: String { "\(path):\(line):\(column): \(severity.rawValue): \(message)" }
}
