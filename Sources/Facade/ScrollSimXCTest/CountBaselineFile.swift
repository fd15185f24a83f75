import Foundation
import JSONModel

/// A test's count baselines on disk: `{"sectionProvider": 3, "cellProvider": 18.4}`, each count's
/// average over the iterations when it was recorded.
enum CountBaselineFile {
    /// The baselines in `url`; empty when there is no file yet.
    /// - Throws: `CountBaselineError` when the file is there but is not such an object.
    static func read(_ url: URL) throws -> [String: Double] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw CountBaselineError("\(url.path): cannot be read")
        }
        guard case .success(.object(let object)) = JSONValue.parse(data) else {
            throw CountBaselineError("\(url.path): a count baseline is a JSON object of count names and averages")
        }
        return try object.mapValues { value in
            guard case .number(let number) = value, number >= 0 else {
                throw CountBaselineError("\(url.path): a count's baseline is a number of calls, at least 0")
            }
            return number
        }
    }

    /// Writes `measurement`'s averages over the counts `kept` already has.
    static func write(_ measurement: CountMeasurement, merging kept: [String: Double], to url: URL) throws {
        var baselines = kept
        for (name, average) in measurement.averages { baselines[name] = average }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let json = JSONValue.object(baselines.mapValues { .number($0) })
        try Data((json.prettyEncoded() + "\n").utf8).write(to: url)
    }
}

/// A baseline file that is not one.
public struct CountBaselineError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
