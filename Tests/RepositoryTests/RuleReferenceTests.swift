import Foundation
import TestSupport
import Testing

/// Every rule of the UIKit model that the code, the tests or the docs cite is defined in
/// docs/uikit-model.md, every section they cite exists there, and nothing cites the team's working
/// notes, which are not part of the repository.
@Suite("rule references")
struct RuleReferenceTests {
    static let root = ProcessRunner.repositoryRoot

    /// The files that may cite rules: sources, tests (not the recorded outputs), docs, README,
    /// configuration, scripts.
    static func citingFiles() throws -> [(path: String, text: String)] {
        let extensions = ["swift", "md", "json", "py", "sh", "varlink", "conf"]
        var result: [(String, String)] = []
        for top in ["Sources", "Tests", "docs", "Config", "Fuzz", "systemd", ".ci"] {
            let base = root.appendingPathComponent(top)
            guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let file as String in enumerator
            where !file.contains("Golden/") && !file.contains("__pycache__")
                && extensions.contains((file as NSString).pathExtension)
            {
                let url = base.appendingPathComponent(file)
                result.append(("\(top)/\(file)", try String(contentsOf: url, encoding: .utf8)))
            }
        }
        result.append(("README.md", try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)))
        return result
    }

    /// The rule IDs, table keys and section numbers docs/uikit-model.md defines.
    static func defined() throws -> Set<String> {
        let text = try String(contentsOf: root.appendingPathComponent("docs/uikit-model.md"), encoding: .utf8)
        var ids: Set<String> = []
        for pattern in [
            #"\*\*([A-Z]{1,2}\d+(?:\.\d+)*|\d+\.\d+|5[a-f])\*\*"#, #"(?m)^\| (A\d+|R\d+) \|"#, #"(?m)^#+ (\d+(?:\.\d+)?)\.? "#,
        ] {
            for match in text.matches(of: try Regex(pattern)) {
                if let id = match.output[1].substring { ids.insert(String(id)) }
            }
        }
        return ids
    }

    @Test("every rule ID cited anywhere is defined in docs/uikit-model.md")
    func ruleIDsResolve() throws {
        let defined = try Self.defined()
        #expect(defined.count > 150)
        let citation = try Regex(
            #"(?:^|[^A-Za-z0-9_.])((?:G1(?:\.\d+)+)|(?:B\d\.\d)|(?:D\d\.\d+)|(?:P\d(?:\.\d)?)|(?:A\d{1,2})|(?:U\d)|(?:R\d{1,2})|(?:PF\d))(?![A-Za-z0-9_])"#
        )
        var cited = 0
        for (path, text) in try Self.citingFiles() {
            for match in text.matches(of: citation) {
                guard let id = match.output[1].substring.map(String.init) else { continue }
                cited += 1
                #expect(defined.contains(id), "\(path) cites \(id), which docs/uikit-model.md does not define")
            }
        }
        #expect(cited > 500)
    }

    @Test("every \"UIKit model N\" section cited exists; every docs/internals.md S-note cited exists")
    func sectionsResolve() throws {
        let defined = try Self.defined()
        let internals = try String(contentsOf: Self.root.appendingPathComponent("docs/internals.md"), encoding: .utf8)
        let section = try Regex(#"UIKit model (?:section )?(\d+(?:\.\d+)?[a-f]?)"#)
        let note = try Regex(#"docs/internals\.md (S\d)"#)
        for (path, text) in try Self.citingFiles() {
            for match in text.matches(of: section) {
                guard let number = match.output[1].substring.map(String.init) else { continue }
                let known = defined.contains(number) || defined.contains(String(number.prefix { $0 != "." }))
                #expect(known, "\(path) cites UIKit model \(number)")
            }
            for match in text.matches(of: note) {
                guard let id = match.output[1].substring.map(String.init) else { continue }
                #expect(internals.contains("**\(id)**"), "\(path) cites docs/internals.md \(id)")
            }
        }
    }

    @Test("nothing cites the team's working notes, which are not in the repository")
    func noWorkingNotes() throws {
        for (path, text) in try Self.citingFiles() where !path.hasSuffix("RuleReferenceTests.swift") {
            for name in [
                "SEMANTICS.md", "SCENARIO.md", "PERF-NOTES.md", "DESIGN.md", "SYSTEMD-VARLINK.md", "STYLE.md", "../shared",
            ] {
                #expect(!text.contains(name), "\(path) cites \(name)")
            }
        }
    }
}
