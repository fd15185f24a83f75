/// A configuration that cannot be used; the message names the file and line.
public enum ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    case syntax(origin: String, message: String)
    case invalidValue(origin: String, key: String, message: String)
    case unknownKey(origin: String, section: String, key: String)
    case unreadable(file: String, reason: String)

    public var description: String {
        switch self {
        case .syntax(let origin, let message): "\(origin): \(message)"
        case .invalidValue(let origin, let key, let message): "\(origin): \(key)=: \(message)"
        case .unknownKey(let origin, let section, let key): "\(origin): unknown key \(key)= in [\(section)]"
        case .unreadable(let file, let reason): "\(file): \(reason)"
        }
    }
}
