import JSONModel

/// Where a program finds scenarios by name: a store of `NAME.json` files (a directory, or files
/// compiled into the binary). Names are plain (`[A-Za-z0-9_-]`, no path), and a store refuses
/// paths that lead outside it, so a client naming a scenario can only reach the catalog.
public struct ScenarioCatalog: Sendable {
    let store: any ScenarioStore

    public init(store: any ScenarioStore) { self.store = store }

    /// Scenarios from files in memory, keyed by relative path (`home.json`, `data/home-data.json`).
    public static func embedded(_ files: [String: [UInt8]]) -> ScenarioCatalog {
        ScenarioCatalog(store: EmbeddedScenarioStore(files))
    }

    /// Whether `name` is a plain scenario name.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 128
            && name.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
            }
    }

    /// A description for logs.
    public var location: String { store.location }

    /// The scenario names, sorted.
    public func names() -> [String] {
        store.fileNames().filter { $0.hasSuffix(".json") && !$0.contains("/") }.map { String($0.dropLast(5)) }
            .filter(Self.isValidName).sorted()
    }

    /// What identifies the current version of scenario `name`'s file (for a directory, its inode,
    /// size and modification time), so a caller can keep what it derived from the file until it
    /// changes; nil when there is no such file. Built-in scenarios never change.
    public func version(of name: String) -> String? {
        guard Self.isValidName(name) else { return nil }
        return store.version(of: name + ".json")
    }

    /// Loads and parses the scenario `name`.
    /// - Throws: `ScenarioError.notFound` for an unknown or invalid name, else the file's errors.
    public func load(_ name: String) throws(ScenarioError) -> Scenario {
        try ScenarioParser().parse(try definition(name))
    }

    /// The scenario `name` as one JSON value: its file with its data file inlined (`data.inline`),
    /// so it describes the scenario on its own. The daemon stores it with a simulation so that a
    /// restart replays the scenario as it was opened, whatever the files say by then.
    /// - Throws: `ScenarioError.notFound` for an unknown or invalid name, else the file's errors.
    public func definition(_ name: String) throws(ScenarioError) -> JSONValue {
        guard Self.isValidName(name), store.version(of: name + ".json") != nil else {
            throw .notFound(name: name, searched: [location])
        }
        let json = try store.readJSON(name + ".json")
        guard case .object(var fields) = json, case .object(let data)? = fields["data"], case .string(let file)? = data["file"]
        else { return json }
        // Only a well-formed `{"file": …}` is inlined; anything else is left for the parser to report.
        guard data.count == 1 else { return json }
        fields["data"] = .object(["inline": try store.readJSON(file)])
        return .object(fields)
    }
}
