@_exported import JSONModel

/// Where a catalog's scenario files come from: a directory (the `ScenarioFiles` module, which
/// does the file I/O) or files in memory (`EmbeddedScenarioStore`). Paths are relative to the
/// store; a store refuses any that would lead outside it.
public protocol ScenarioStore: Sendable {
    /// A description for logs and errors: the directory, or "built-in scenarios".
    var location: String { get }
    /// The names of the files at the store's top level.
    func fileNames() -> [String]
    /// The JSON of the file at `path`.
    /// - Throws: `ScenarioError.unreadable` or `.malformedJSON`.
    func readJSON(_ path: String) throws(ScenarioError) -> JSONValue
    /// What identifies the current version of the file at `path`, or nil when there is none.
    func version(of path: String) -> String?
}

/// Scenario files compiled into the binary, keyed by relative path (`home.json`,
/// `data/home-data.json`); they never change.
public struct EmbeddedScenarioStore: ScenarioStore {
    let files: [String: [UInt8]]

    public init(_ files: [String: [UInt8]]) { self.files = files }

    public var location: String { "built-in scenarios" }

    public func fileNames() -> [String] { Array(files.keys) }

    public func readJSON(_ path: String) throws(ScenarioError) -> JSONValue {
        guard let bytes = files[path] else { throw .unreadable(file: path, reason: "no such built-in file") }
        return try ScenarioParser.decodeJSON(bytes, file: path)
    }

    public func version(of path: String) -> String? { files[path] == nil ? nil : "built-in" }
}
