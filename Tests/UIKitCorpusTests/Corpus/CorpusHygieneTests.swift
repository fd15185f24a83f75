import Foundation
import Testing

/// The corpus screens are iOS code compiled unchanged: they import UIKit (scrollsim's UIKit module
/// on Linux), and Foundation and Combine where the app would, and nothing of scrollsim appears in
/// them (the tests drive them from outside).
@Suite("Corpus: the screens are unchanged iOS code")
struct CorpusHygieneTests {
    static let screens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Screens")

    static func files() throws -> [(name: String, text: String)] {
        try FileManager.default.contentsOfDirectory(atPath: screens.path).filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, try String(contentsOf: screens.appendingPathComponent($0), encoding: .utf8))
        }
    }

    @Test("at least 20 screens (and the shared cells)")
    func count() throws {
        let controllers = try Self.files().filter { $0.text.contains("ViewController: UI") }
        #expect(controllers.count >= 20)
    }

    @Test("each file imports UIKit (and Apple's Foundation and Combine at most), and uses no scrollsim-only API")
    func onlyTheImportDiffers() throws {
        let foreign = [
            "ScrollSimulator", "scrollsim", "ScrollSimUIKit", "import Testing", "#expect", "simulateTap", "BarMetrics",
            "SwipeEdge",
        ]
        for (name, text) in try Self.files() {
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") }
            #expect(imports.contains("import UIKit"), "\(name) imports \(imports)")
            #expect(
                Set(imports).isSubset(of: ["import UIKit", "import Combine", "import Foundation"]), "\(name) imports \(imports)")
            for word in foreign {
                #expect(!text.contains(word), "\(name) uses \(word)")
            }
        }
    }
}
