import Foundation

/// Reads the configuration the way systemd reads its own: the main file (if any), then every
/// `*.conf` in `scrollsimd.conf.d/` next to it in lexical order, each overriding what came before.
/// No file at all means the compiled-in defaults.
package struct ConfigurationLoader: Sendable {
    /// The main file; drop-ins are read from `<directory>/scrollsimd.conf.d/`.
    package var path: String

    package static let defaultPath = "/etc/scrollsimd/scrollsimd.conf"
    /// Files larger than this are refused (a configuration is a few kilobytes).
    static let maxFileSize = 1 << 20

    package init(path: String = ConfigurationLoader.defaultPath) {
        self.path = path
    }

    /// The files read, in order (for logs).
    package func files() -> [String] {
        var files: [String] = []
        if FileManager.default.fileExists(atPath: path) { files.append(path) }
        let dropIns = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("scrollsimd.conf.d").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dropIns)) ?? []
        files += names.filter { $0.hasSuffix(".conf") }.sorted().map { dropIns + "/" + $0 }
        return files
    }

    /// Loads and checks the configuration.
    package func load() throws(ConfigurationError) -> DaemonConfiguration {
        var parsed: [INIFile] = []
        for file in files() {
            let attributes = try? FileManager.default.attributesOfItem(atPath: file)
            if let size = attributes?[.size] as? Int, size > Self.maxFileSize {
                throw .unreadable(file: file, reason: "\(size) bytes is over the \(Self.maxFileSize)-byte limit")
            }
            guard let data = FileManager.default.contents(atPath: file) else {
                throw .unreadable(file: file, reason: "cannot be read")
            }
            guard let text = String(data: data, encoding: .utf8) else { throw .unreadable(file: file, reason: "not UTF-8") }
            parsed.append(try INIFile(parsing: text, name: file))
        }
        return try DaemonConfiguration.parse(parsed)
    }
}
