import Foundation
@_exported import JSONModel
@_exported import Scenario

/// Reads scenario files: the JSON, the data file next to it, and the scenario directory.
package enum ScenarioLoader {
    /// Scenario and data files larger than this are refused before they are read whole.
    package static let maxFileSize = 64 << 20

    /// Loads and parses the scenario at `path`; a data file is read relative to it.
    package static func load(file path: String) throws(ScenarioError) -> Scenario {
        let json = try readJSON(path)
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let parser = ScenarioParser { file throws(ScenarioError) in
            try readJSON(file.hasPrefix("/") ? file : directory + "/" + file)
        }
        return try parser.parse(json)
    }

    /// Parses scenario JSON given as bytes (a data file cannot be used).
    package static func parse(_ data: Data, name: String = "<inline>") throws(ScenarioError) -> Scenario {
        try ScenarioParser().parse(try ScenarioParser.decodeJSON(data, file: name))
    }

    /// Reads and decodes one JSON file.
    package static func readJSON(_ path: String) throws(ScenarioError) -> JSONValue {
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
        return try ScenarioParser.decodeJSON(data, file: path)
    }
}
