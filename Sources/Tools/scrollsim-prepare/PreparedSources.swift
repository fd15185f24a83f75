import Foundation

/// The files a preparation reads and the names it writes them under.
enum PreparedSources {
    struct NotFound: Error, CustomStringConvertible {
        var path: String
        var description: String { "\(path): no such file or folder" }
    }

    /// The `.swift` files named, folders read recursively (hidden entries skipped), in name order.
    static func swiftFiles(in paths: [String]) throws -> [String] {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw NotFound(path: path) }
            guard isFolder.boolValue else {
                files.append(path)
                continue
            }
            let enumerator = FileManager.default.enumerator(atPath: path)
            var found: [String] = []
            while let entry = enumerator?.nextObject() as? String {
                guard !entry.split(separator: "/").contains(where: { $0.hasPrefix(".") }), entry.hasSuffix(".swift") else {
                    continue
                }
                found.append((path as NSString).appendingPathComponent(entry))
            }
            files += found.sorted()
        }
        return files
    }

    /// Each file's name in the output folder: its own as `.prepared.swift`, or, when two files share a name, prefixed
    /// with as many of its folders as tell them apart (`Feed_Cell.prepared.swift`).
    static func outputNames(for paths: [String]) -> [String] {
        let components = paths.map { $0.split(separator: "/").map(String.init) }
        return components.map { parts in
            var depth = 1
            while depth < parts.count {
                let name = parts.suffix(depth)
                let clashes = components.filter { $0 != parts && Array($0.suffix(depth)) == Array(name) }
                if clashes.isEmpty { break }
                depth += 1
            }
            // `.prepared.swift`: a name of its own, or the compiler would see two files called
            // FeedCell.swift (this one, and the original its #sourceLocation names).
            let name = parts.suffix(depth).joined(separator: "_")
            return String(name.dropLast(".swift".count)) + ".prepared.swift"
        }
    }
}
