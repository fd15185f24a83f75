/// Why a scenario cannot be used. Every case names where the problem is.
public enum ScenarioError: Error, Sendable, Hashable {
    /// A value at a JSON path is wrong; `message` says what was expected.
    case invalid(path: String, message: String)
    /// The file is not valid JSON.
    case malformedJSON(file: String, message: String)
    /// The file cannot be read.
    case unreadable(file: String, reason: String)
    /// No shipped scenario has this name, and it is not a readable file.
    case notFound(name: String, searched: [String])
    /// The layout engine rejected the description at `path` (section `section`).
    case layout(path: String, section: String, message: String)
}

extension ScenarioError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .invalid(let path, let message): "\(path): \(message)"
        case .malformedJSON(let file, let message): "\(file): not valid JSON: \(message)"
        case .unreadable(let file, let reason): "\(file): cannot read: \(reason)"
        case .notFound(let name, let searched):
            "no scenario named '\(name)' (looked for a file of that name and in \(searched.joined(separator: ", ")))"
        case .layout(let path, let section, let message): "\(path) (section \"\(section)\"): \(message)"
        }
    }
}
