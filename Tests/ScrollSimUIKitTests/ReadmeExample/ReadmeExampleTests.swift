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

    @Test("README.md holds ReadmeSnippet.swift's snippet verbatim")
    func readmeMatchesSnippet() throws {
        let source = try String(contentsOf: Self.here.appendingPathComponent("ReadmeSnippet.swift"), encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let begin = try #require(lines.firstIndex { $0.contains("// snippet begin") })
        let end = try #require(lines.firstIndex { $0.contains("// snippet end") })
        let snippet = lines[(begin + 1)..<end].map { String($0.dropFirst(8)) }.joined(separator: "\n")
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("```swift\n" + snippet + "\n```\n"), "copy ReadmeSnippet.swift's snippet into the README")
    }
}
