import Foundation
import TestSupport
import Testing

/// Command output shown in the README and docs/ is a recorded golden file, which a test produces
/// by running the command: a block marked `<!-- output: PATH -->` must equal PATH's contents.
@Suite("documented outputs")
struct DocumentedOutputTests {
    @Test("every marked output block in README.md and docs/ is its golden file, verbatim")
    func outputsAreRecorded() throws {
        let root = ProcessRunner.repositoryRoot
        var documents = ["README.md"]
        for file in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
        where file.hasSuffix(".md") {
            documents.append("docs/" + file)
        }
        let marker = try Regex(#"<!-- output: ([^ ]+) -->\n```[a-z]*\n"#)
        var checked = 0
        for document in documents {
            let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            for match in text.matches(of: marker) {
                guard let path = match.output[1].substring.map(String.init) else { continue }
                let recorded = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                let rest = text[match.range.upperBound...]
                #expect(rest.hasPrefix(recorded + "```"), "\(document): the block after the marker for \(path) is not that file")
                checked += 1
            }
        }
        #expect(checked >= 2)
    }
}
