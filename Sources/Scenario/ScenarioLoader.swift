import Foundation
@_exported import JSONModel

/// Reads scenario files: the JSON, the data file next to it, and the scenario directory.
public enum ScenarioLoader {
    /// Scenario and data files larger than this are refused before they are read whole.
    public static let maxFileSize = 64 << 20

    /// Loads and parses the scenario at `path`; a data file is read relative to it.
    public static func load(file path: String) throws(ScenarioError) -> Scenario {
        let json = try readJSON(path)
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let parser = ScenarioParser { file throws(ScenarioError) in
            try readJSON(file.hasPrefix("/") ? file : directory + "/" + file)
        }
        return try parser.parse(json)
    }

    /// Parses scenario JSON given as bytes (a data file cannot be used).
    public static func parse(_ data: Data, name: String = "<inline>") throws(ScenarioError) -> Scenario {
        try ScenarioParser().parse(try decode(data, file: name))
    }

    /// Reads and decodes one JSON file.
    public static func readJSON(_ path: String) throws(ScenarioError) -> JSONValue {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw .unreadable(file: path, reason: "no such file")
        }
        if (attributes[.type] as? FileAttributeType) == .typeDirectory {
            throw .unreadable(file: path, reason: "is a directory")
        }
        if let size = attributes[.size] as? Int, size > maxFileSize {
            throw .unreadable(file: path, reason: "\(size) bytes is over the \(maxFileSize)-byte limit")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(file: path, reason: "permission denied or not a regular file")
        }
        return try decode(data, file: path)
    }

    static func decode(_ data: Data, file: String) throws(ScenarioError) -> JSONValue {
        switch JSONValue.parse(data) {
        case .success(let value): return value
        case .failure(let error): throw .malformedJSON(file: file, message: error.message)
        }
    }
}

/// The shipped scenarios (`Config/scenarios`) and how a name or path on the command line is
/// resolved.
public struct ScenarioLibrary: Sendable {
    /// Directories searched for `NAME.json`, in order.
    public var directories: [String]

    public init(directories: [String]) {
        self.directories = directories
    }

    /// The default search path: `$SCROLLSIM_SCENARIO_DIR`, `./Config/scenarios`, then
    /// `Config/scenarios` in the directories above the running executable (a build inside the
    /// repository finds the shipped scenarios from any working directory).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> ScenarioLibrary {
        var directories: [String] = []
        if let dir = environment["SCROLLSIM_SCENARIO_DIR"], !dir.isEmpty { directories.append(dir) }
        directories.append(FileManager.default.currentDirectoryPath + "/Config/scenarios")
        var url = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = url.appendingPathComponent("Config/scenarios").path
            if !directories.contains(candidate) { directories.append(candidate) }
            url.deleteLastPathComponent()
        }
        return ScenarioLibrary(directories: directories)
    }

    /// The path of `nameOrPath`: an existing file as given, else `NAME.json` in the first directory
    /// that has it.
    public func resolve(_ nameOrPath: String) throws(ScenarioError) -> String {
        var isDirectory: ObjCBool = false
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") {
            if FileManager.default.fileExists(atPath: nameOrPath, isDirectory: &isDirectory), !isDirectory.boolValue {
                return nameOrPath
            }
            throw .unreadable(file: nameOrPath, reason: "no such file")
        }
        for directory in directories {
            let path = directory + "/" + nameOrPath + ".json"
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue { return path }
        }
        throw .notFound(name: nameOrPath, searched: directories.filter { FileManager.default.fileExists(atPath: $0) })
    }

    /// Loads a shipped scenario by name, or a scenario file by path.
    public func load(_ nameOrPath: String) throws(ScenarioError) -> Scenario {
        try ScenarioLoader.load(file: try resolve(nameOrPath))
    }

    /// The names of the shipped scenarios in the first existing directory, sorted.
    public func names() -> [String] {
        for directory in directories {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            return entries.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        }
        return []
    }
}
