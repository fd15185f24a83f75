import Foundation
import TestSupport
import Testing

/// docs/internals.md's module map is the architecture: it must say what Package.swift declares,
/// and every `import` in Sources/ must follow it (a module imports what it depends on, directly or
/// through its dependencies, and the system modules its row names).
@Suite("module map")
struct ModuleMapTests {
    struct Row: Equatable {
        var kind: String
        var dependencies: Set<String>
        var systemModules: Set<String>
    }

    static func list(_ cell: String) -> Set<String> {
        cell == "—" ? [] : Set(cell.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    }

    /// The table of docs/internals.md, by module.
    static func documented() throws -> [String: Row] {
        let text = try String(
            contentsOf: ProcessRunner.repositoryRoot.appendingPathComponent("docs/internals.md"), encoding: .utf8)
        var rows: [String: Row] = [:]
        var inTable = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("| module | kind | depends on | system modules |") {
                inTable = true
                continue
            }
            guard inTable else { continue }
            guard line.hasPrefix("|") else { break }
            if line.hasPrefix("|---") { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            rows[cells[0]] = Row(kind: cells[1], dependencies: list(cells[2]), systemModules: list(cells[3]))
        }
        return rows
    }

    /// Package.swift's non-test targets outside Tests/, from `swift package dump-package`.
    static func declared() throws -> [String: Row] {
        // Its own scratch directory: `swift test` holds the lock of .build while the tests run.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-dump-package")
        let dump = try ProcessRunner.run("swift", ["package", "--scratch-path", scratch.path, "dump-package"])
        try #require(dump.status == 0, "\(dump.stderr)")
        let package = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        var rows: [String: Row] = [:]
        for target in try #require(package["targets"] as? [[String: Any]]) {
            let type = target["type"] as? String ?? ""
            guard type != "test", let name = target["name"] as? String else { continue }
            // Modules under Tests/ (the layout libraries, the prepared app) are test inputs.
            if let path = target["path"] as? String, path.hasPrefix("Tests/") { continue }
            let dependencies = (target["dependencies"] as? [[String: [Any]]] ?? []).compactMap {
                $0.values.first?.first as? String
            }
            rows[name] = Row(
                kind: type == "regular" ? "library" : type, dependencies: Set(dependencies), systemModules: [])
        }
        return rows
    }

    @Test("the documented modules and their dependencies are Package.swift's")
    func matchesPackage() throws {
        let documented = try Self.documented()
        let declared = try Self.declared()
        #expect(Set(documented.keys) == Set(declared.keys))
        for (name, row) in declared {
            #expect(documented[name]?.kind == row.kind, "\(name): kind")
            #expect(documented[name]?.dependencies == row.dependencies, "\(name): dependencies")
        }
    }

    @Test("every import in Sources/ follows the map; the pure core imports no system module")
    func importsPointInward() throws {
        let documented = try Self.documented()
        func closure(_ name: String) -> Set<String> {
            var seen: Set<String> = []
            var stack = Array(documented[name]?.dependencies ?? [])
            while let next = stack.popLast() {
                guard seen.insert(next).inserted else { continue }
                stack.append(contentsOf: documented[next]?.dependencies ?? [])
            }
            return seen
        }
        let sources = ProcessRunner.repositoryRoot.appendingPathComponent("Sources")
        let pattern = try Regex(#"^(?:@\w+ )*import (?:struct |class |enum |func |protocol )?([A-Za-z_][A-Za-z0-9_]*)"#)
        var checkedFiles = 0
        for (name, row) in documented where row.kind != "system" {
            let allowed = closure(name).union(row.systemModules).union(["Swift"])
            // Sources/<layer>/<module> (Package.swift's `layers`), or Sources/<module>.
            let layered = (try? FileManager.default.contentsOfDirectory(atPath: sources.path))?.sorted()
                .map { sources.appendingPathComponent($0).appendingPathComponent(name) }
                .first { FileManager.default.fileExists(atPath: $0.path) }
            let directory = layered ?? sources.appendingPathComponent(name)
            #expect(FileManager.default.fileExists(atPath: directory.path), "\(name) has no folder under Sources/")
            let files = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                checkedFiles += 1
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    guard let match = try pattern.firstMatch(in: String(line)), let module = match.output[1].substring else {
                        continue
                    }
                    #expect(allowed.contains(String(module)), "\(name)/\(file) imports \(module)")
                }
            }
        }
        #expect(checkedFiles > 100)
        for core in ["CollectionTypes", "CompositionalLayout", "DiffableDataSource", "CollectionView", "ScrollSimulation"] {
            #expect(documented[core]?.systemModules == [], "\(core) is part of the pure core")
        }
    }
}

@Suite("layers")
struct LayerTests {
    /// Package.swift's `layers`, in order: each folder and its modules.
    static func layers() throws -> [(folder: String, modules: [String])] {
        let text = try String(
            contentsOf: ProcessRunner.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let start = try #require(text.range(of: "let layers: [(folder: String, modules: [String])] = ["))
        let body = text[start.upperBound...]
        var layers: [(String, [String])] = []
        for match in body.matches(of: /\(\s*"([A-Za-z]+)",\s*\[([^\]]*)\]\s*\)/) {
            let modules = match.output.2.matches(of: /"([^"]+)"/).map { String($0.output.1) }
            layers.append((String(match.output.1), modules))
            if match.output.1 == "Tools" { break }
        }
        return layers
    }

    @Test("layers are honest: no module depends on a module of a later layer (Core, Model, Facade, Service, Edges, Testing, Examples, Tools)")
    func dependenciesPointInward() throws {
        let layers = try Self.layers()
        #expect(layers.map(\.folder) == ["Core", "Model", "Facade", "Service", "Edges", "Testing", "Examples", "Tools"])
        var layerOf: [String: Int] = [:]
        for (index, layer) in layers.enumerated() { for module in layer.modules { layerOf[module] = index } }
        var outward: [String] = []
        for (name, row) in try ModuleMapTests.declared() {
            guard let own = layerOf[name] else { continue }
            for dependency in row.dependencies {
                guard let theirs = layerOf[dependency], theirs > own else { continue }
                outward.append("\(name) (\(layers[own].folder)) depends on \(dependency) (\(layers[theirs].folder))")
            }
        }
        #expect(outward.isEmpty, "\(outward.joined(separator: "\n"))")
    }
}

@Suite("access")
struct AccessTests {
    /// Modules no product exposes: what they offer the package's other modules is `package`.
    static let internalModules = [
        "Service/ScrollSimService", "Service/Varlink", "Edges/VarlinkClient", "Edges/Systemd", "Edges/ScenarioFiles",
        "Edges/ScrollSimDaemon", "Model/CommandLineSpec", "Model/Roff",
    ]

    @Test("modules behind no product declare package access, not public")
    func packageAccess() throws {
        let sources = ProcessRunner.repositoryRoot.appendingPathComponent("Sources")
        var found: [String] = []
        for module in Self.internalModules {
            let directory = sources.appendingPathComponent(module)
            let files = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String } ?? []
            #expect(!files.isEmpty, "\(module) has no files")
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where line.firstMatch(of: /^\s*(@\w+(\([^)]*\))?\s+)*public\s/) != nil {
                    found.append("\(module)/\(file):\(number + 1)")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
