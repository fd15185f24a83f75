import Foundation
import Testing

/// The examples in the docs are code that compiles and passes: docs/uikit-swift.md holds
/// ProfileYourOwnScreen.swift verbatim, and the README's snippet is ReadmeSnippet.swift's.
@Suite("README and docs examples")
struct ReadmeExampleTests {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("docs/uikit-swift.md holds ProfileYourOwnScreen.swift verbatim")
    func guideMatchesExample() throws {
        let example = try String(contentsOf: Self.here.appendingPathComponent("ProfileYourOwnScreen.swift"), encoding: .utf8)
        let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/uikit-swift.md"), encoding: .utf8)
        #expect(
            guide.contains("```swift\n" + example + "```\n"),
            "copy ProfileYourOwnScreen.swift into docs/uikit-swift.md's example block")
    }

    @Test("docs/uikit-swift.md holds ProfileYourTable.swift verbatim")
    func guideMatchesTableExample() throws {
        let example = try String(contentsOf: Self.here.appendingPathComponent("ProfileYourTable.swift"), encoding: .utf8)
        let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/uikit-swift.md"), encoding: .utf8)
        #expect(
            guide.contains("```swift\n" + example + "```\n"),
            "copy ProfileYourTable.swift into docs/uikit-swift.md's table example")
    }

    @Test("README.md holds each of ReadmeSnippet.swift's snippets verbatim")
    func readmeMatchesSnippet() throws {
        let source = try String(contentsOf: Self.here.appendingPathComponent("ReadmeSnippet.swift"), encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let begins = lines.indices.filter { lines[$0].contains("// snippet begin") }
        #expect(begins.count == 2)
        for begin in begins {
            let end = try #require(lines[begin...].firstIndex { $0.contains("// snippet end") })
            let snippet = lines[(begin + 1)..<end].map { String($0.dropFirst(8)) }.joined(separator: "\n")
            #expect(readme.contains("```swift\n" + snippet + "\n```\n"), "copy ReadmeSnippet.swift's snippets into the README")
        }
    }
}
