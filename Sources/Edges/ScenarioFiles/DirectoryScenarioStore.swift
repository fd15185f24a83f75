import Foundation
import Scenario

/// Scenario files in a directory, read when asked for (edits are seen without a restart). A path
/// whose real location (symlinks resolved) is outside the directory is refused.
package struct DirectoryScenarioStore: ScenarioStore {
    package let directory: String

    package init(_ directory: String) { self.directory = directory }

    package var location: String { directory }

    package func fileNames() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] }

    package func readJSON(_ path: String) throws(ScenarioError) -> JSONValue {
        let file = path.hasPrefix("/") ? path : directory + "/" + path
        try checkInside(file)
        return try ScenarioLoader.readJSON(file)
    }

    /// The file's inode, size and modification time.
    package func version(of path: String) -> String? {
        var info = stat()
        guard stat(directory + "/" + path, &info) == 0 else { return nil }
        return "\(info.st_ino)-\(info.st_size)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    /// Refuses a file whose real path (symlinks resolved) is outside the directory.
    func checkInside(_ file: String) throws(ScenarioError) {
        let root = URL(fileURLWithPath: directory).resolvingSymlinksInPath().standardizedFileURL.path
        let real = URL(fileURLWithPath: file).resolvingSymlinksInPath().standardizedFileURL.path
        guard real.hasPrefix(root + "/") else {
            throw .unreadable(file: file, reason: "outside the scenario directory \(directory)")
        }
    }
}

extension ScenarioCatalog {
    /// Scenarios read from `path` when asked for (edits are seen without a restart).
    package static func directory(_ path: String) -> ScenarioCatalog { ScenarioCatalog(store: DirectoryScenarioStore(path)) }

    /// Where a command-line tool looks for the shipped scenarios, in order: `$SCROLLSIM_SCENARIO_DIR`,
    /// `./Config/scenarios`, then `Config/scenarios` in the directories above the running
    /// executable (so a build inside the repository finds them from any working directory).
    package static func searchPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
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
    package static func firstExisting(_ directories: [String], else fallback: ScenarioCatalog) -> ScenarioCatalog {
        for directory in directories {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue {
                return .directory(directory)
            }
        }
        return fallback
    }
}
