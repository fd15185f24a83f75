import Foundation
import Testing

/// The README's "Profile your own screen" example is this directory's ProfileYourOwnScreen.swift,
/// so the example in the README is code that compiles and passes.
@Suite("README example")
struct ReadmeExampleTests {
    @Test("README.md holds ProfileYourOwnScreen.swift verbatim")
    func readmeMatchesExample() throws {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let example = try String(contentsOf: here.appendingPathComponent("ProfileYourOwnScreen.swift"), encoding: .utf8)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("## Profile your own screen"))
        #expect(
            readme.contains("```swift\n" + example + "```\n"), "copy ProfileYourOwnScreen.swift into the README's example block")
    }
}
