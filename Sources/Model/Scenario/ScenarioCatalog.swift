import Foundation
import JSONModel

/// Where a program finds scenarios by name: a directory of `NAME.json` files, or files compiled
/// into the binary. Names are plain (`[A-Za-z0-9_-]`, no path), and a directory's files must not
/// lead outside it through symlinks, so a client naming a scenario can only reach the catalog.
public struct ScenarioCatalog: Sendable {
    enum Source: Sendable {
        case directory(String)
        case embedded([String: [UInt8]])
    }

    let source: Source

    /// Scenarios read from `path` when asked for (edits are seen without a restart).
    public static func directory(_ path: String) -> ScenarioCatalog { ScenarioCatalog(source: .directory(path)) }

    /// Scenarios from files in memory, keyed by relative path (`home.json`, `data/home-data.json`).
    public static func embedded(_ files: [String: [UInt8]]) -> ScenarioCatalog { ScenarioCatalog(source: .embedded(files)) }

    /// Where a command-line tool looks for the shipped scenarios, in order: `$SCROLLSIM_SCENARIO_DIR`,
    /// `./Config/scenarios`, then `Config/scenarios` in the directories above the running
    /// executable (so a build inside the repository finds them from any working directory).
    public static func searchPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var directories: [String] = []
        if let dir = environment["SCROLLSIM_SCENARIO_DIR"], !dir.isEmpty { directories.append(dir) }
        directories.append(FileManager.default.currentDirectoryPath + "/Config/scenarios")
        var url = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = url.appendingPathComponent("Config/scenarios").path
            if !directories.contains(candidate) { directories.append(candidate) }
            url.deleteLastPathComponent()
        }
        return directories
    }

    /// The catalog of the first of `directories` that exists, else `fallback`.
    public static func firstExisting(_ directories: [String], else fallback: ScenarioCatalog) -> ScenarioCatalog {
        for directory in directories {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue {
                return .directory(directory)
            }
        }
        return fallback
    }

    /// Whether `name` is a plain scenario name.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 128
            && name.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
            }
    }

    /// A description for logs.
    public var location: String {
        switch source {
        case .directory(let path): path
        case .embedded: "built-in scenarios"
        }
    }

    /// The scenario names, sorted.
    public func names() -> [String] {
        let files: [String]
        switch source {
        case .directory(let path): files = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        case .embedded(let table): files = Array(table.keys)
        }
        return files.filter { $0.hasSuffix(".json") && !$0.contains("/") }.map { String($0.dropLast(5)) }
            .filter(Self.isValidName).sorted()
    }

    /// What identifies the current version of scenario `name`'s file (its inode, size and
    /// modification time), so a caller can keep what it derived from the file until it changes;
    /// nil when there is no such file. Built-in scenarios never change.
    public func version(of name: String) -> String? {
        switch source {
        case .directory(let path):
            var info = stat()
            guard Self.isValidName(name), stat(path + "/" + name + ".json", &info) == 0 else { return nil }
            return "\(info.st_ino)-\(info.st_size)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        case .embedded(let table):
            return table[name + ".json"] == nil ? nil : "built-in"
        }
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
        guard Self.isValidName(name) else { throw .notFound(name: name, searched: [location]) }
        let json: JSONValue
        let readData: (String) throws(ScenarioError) -> JSONValue
        switch source {
        case .directory(let path):
            let file = path + "/" + name + ".json"
            guard FileManager.default.fileExists(atPath: file) else { throw .notFound(name: name, searched: [path]) }
            try Self.checkInside(path, file)
            json = try ScenarioLoader.readJSON(file)
            readData = { data throws(ScenarioError) in
                let target = data.hasPrefix("/") ? data : path + "/" + data
                try Self.checkInside(path, target)
                return try ScenarioLoader.readJSON(target)
            }
        case .embedded(let table):
            guard let bytes = table[name + ".json"] else { throw .notFound(name: name, searched: [location]) }
            json = try ScenarioLoader.decode(Data(bytes), file: name + ".json")
            readData = { data throws(ScenarioError) in
                guard let bytes = table[data] else { throw .unreadable(file: data, reason: "no such built-in file") }
                return try ScenarioLoader.decode(Data(bytes), file: data)
            }
        }
        guard case .object(var fields) = json, case .object(let data)? = fields["data"], case .string(let file)? = data["file"]
        else { return json }
        // Only a well-formed `{"file": …}` is inlined; anything else is left for the parser to report.
        guard data.count == 1 else { return json }
        fields["data"] = .object(["inline": try readData(file)])
        return .object(fields)
    }

    /// Refuses a file whose real path (symlinks resolved) is outside the catalog's directory.
    static func checkInside(_ directory: String, _ file: String) throws(ScenarioError) {
        let root = URL(fileURLWithPath: directory).resolvingSymlinksInPath().standardizedFileURL.path
        let real = URL(fileURLWithPath: file).resolvingSymlinksInPath().standardizedFileURL.path
        guard real.hasPrefix(root + "/") else {
            throw .unreadable(file: file, reason: "outside the scenario directory \(directory)")
        }
    }
}
