import Foundation
import PackagePlugin

/// Compiles an iOS app's Swift files, unchanged, in the target it is applied to: the files named
/// in the target's `scrollsim-prepare.json` are translated by `scrollsim-prepare` into the build
/// folder (Objective-C attributes, `#selector`, outlets; docs/uikit-swift.md) and compiled with
/// the target's own Swift files. The app's files are only read.
///
/// `scrollsim-prepare.json`, in the target's folder (and listed in its `exclude:`):
/// `{"sources": ["MyApp/Features/Feed", "MyApp/Shared/AvatarView.swift"], "exclude": [...]}`,
/// paths relative to the package's root; a folder stands for the `.swift` files in it.
@main
struct ScrollSimPrepare: BuildToolPlugin {
    struct Configuration: Decodable {
        var sources: [String]
        var exclude: [String]?
    }

    struct ConfigurationError: Error, CustomStringConvertible {
        var description: String
    }

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let folder = target.directoryURL
        let root = context.package.directoryURL
        let configurationFile = folder.appendingPathComponent("scrollsim-prepare.json")
        guard let data = FileManager.default.contents(atPath: configurationFile.path) else {
            throw ConfigurationError(
                description:
                    "\(configurationFile.path): missing: list the app's files to compile here, {\"sources\": [\"MyApp/Features/Feed\"]} (paths from the package's root)"
            )
        }
        let configuration: Configuration
        do {
            configuration = try JSONDecoder().decode(Configuration.self, from: data)
        } catch {
            throw ConfigurationError(
                description: "\(configurationFile.path): not {\"sources\": [paths], \"exclude\": [paths]}: \(error)")
        }
        let excluded = Set((configuration.exclude ?? []).map { root.appendingPathComponent($0).standardizedFileURL.path })
        var inputs: [URL] = []
        for source in configuration.sources {
            let url = root.appendingPathComponent(source).standardizedFileURL
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw ConfigurationError(description: "\(configurationFile.path): '\(source)' does not exist under \(root.path)")
            }
            inputs += isFolder.boolValue ? swiftFiles(in: url) : [url]
        }
        inputs = inputs.filter { file in !excluded.contains(where: { file.path == $0 || file.path.hasPrefix($0 + "/") }) }
        guard !inputs.isEmpty else {
            throw ConfigurationError(description: "\(configurationFile.path): its sources hold no .swift file")
        }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Translated")
        let names = outputNames(for: inputs.map(\.path))
        let tool = try context.tool(named: "scrollsim-prepare")
        return [
            .buildCommand(
                displayName: "Translating \(inputs.count) app files for Linux (\(target.name))",
                executable: tool.url,
                arguments: ["--output", output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: names.map { output.appendingPathComponent($0) }
            )
        ]
    }

    private func swiftFiles(in folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var files: [URL] = []
        while let entry = enumerator.nextObject() as? String {
            guard !entry.split(separator: "/").contains(where: { $0.hasPrefix(".") }), entry.hasSuffix(".swift") else { continue }
            files.append(folder.appendingPathComponent(entry))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The names `scrollsim-prepare` writes the files under (its `PreparedSources.outputNames`).
    private func outputNames(for paths: [String]) -> [String] {
        let components = paths.map { $0.split(separator: "/").map(String.init) }
        return components.map { parts in
            var depth = 1
            while depth < parts.count {
                let name = parts.suffix(depth)
                if !components.contains(where: { $0 != parts && Array($0.suffix(depth)) == Array(name) }) { break }
                depth += 1
            }
            // `.prepared.swift`: a name of its own, or the compiler would see two files called
            // FeedCell.swift (this one, and the original its #sourceLocation names).
            let name = parts.suffix(depth).joined(separator: "_")
            return String(name.dropLast(".swift".count)) + ".prepared.swift"
        }
    }
}
