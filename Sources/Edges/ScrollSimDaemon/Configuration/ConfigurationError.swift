/// A configuration that cannot be used; the message names the file and line.
package enum ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    case syntax(origin: String, message: String)
    case invalidValue(origin: String, key: String, message: String)
    /// `hint`: the known key or section nearest to what was written ("did you mean …").
    case unknownKey(origin: String, section: String, key: String, hint: String? = nil)
    case unreadable(file: String, reason: String)
    /// What a start would find wrong beyond the file's text: a scenario no directory holds, a
    /// directory that is not there.
    case unusable(origin: String, message: String)

    package var description: String {
        switch self {
        case .syntax(let origin, let message): "\(origin): \(message)"
        case .invalidValue(let origin, let key, let message): "\(origin): \(key)=: \(message)"
        case .unknownKey(let origin, let section, let key, let hint):
            "\(origin): unknown key \(key)= in [\(section)]" + (hint.map { "; \($0)" } ?? "")
        case .unreadable(let file, let reason): "\(file): \(reason)"
        case .unusable(let origin, let message): "\(origin): \(message)"
        }
    }
}
