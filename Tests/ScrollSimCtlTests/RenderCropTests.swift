import Foundation
import LayoutRender
import TestSupport
import Testing

/// `render --crop viewport`: a long screen drawn the size of a screen.
@Suite("scrollsimctl render --crop")
struct RenderCropTests {
    @Test("--crop viewport draws the rows around the viewport only, says what it left out, and keeps the viewport's offset")
    func cropToViewport() throws {
        let directory = try Scratch.directory("crop")
        defer { Scratch.remove(directory) }
        // 70 rows of 44 pt (3,080 pt of content), flung down at 1 s.
        let file = directory.appendingPathComponent("long.json")
        let definition = #"""
            {"name": "long", "sections": [{"id": "rows", "items": {"count": 70}, "layout": {"group": {"axis": "vertical",
             "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 44}},
             "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"fractionalHeight": 1}}}]}}}],
             "script": [{"at": 1, "fling": {"velocity": 2000}}]}
            """#
        try Data(definition.utf8).write(to: file)
        func render(_ crop: String) throws -> [String: Any] {
            let result = try scrollsimctl(["render", file.path, "--local", "--time", "3", "--crop", crop, "--json"])
            #expect(result.status == 0, "\(result.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        }
        let content = try render("content")
        let viewport = try render("viewport")
        #expect(content["elements"] as? Int == 70)
        let kept = try #require(viewport["elements"] as? Int)
        #expect(kept >= 19 && kept <= 25, "the 844-pt viewport's rows and a few around it: \(kept)")
        let fullHeight = try #require(content["height"] as? Double)
        let croppedHeight = try #require(viewport["height"] as? Double)
        #expect(croppedHeight < fullHeight * 0.6, "\(croppedHeight) vs \(fullHeight)")
        let svg = try #require(viewport["svg"] as? String)
        #expect(svg.contains("cropped to the viewport:"))
        // The label keeps the offset in the content, not in the cropped picture.
        let offset = try #require(svg.firstMatch(of: /at offset ([0-9.]+)/).flatMap { Double($0.1) })
        #expect(offset > 500, "the fling moved the viewport down: \(offset)")
        let uncropped = try #require(content["svg"] as? String)
        #expect(uncropped.contains("at offset \(SVGNumber.format(offset))"))
    }
}

extension RenderCropTests {
    @Test("a cell the crop's edge cuts is drawn from the edge: nothing reaches above the cropped picture or below it")
    func cutCellsStayInside() {
        // Rows of 44 pt; the viewport at 500 with a 60-pt margin crops to 440…1404.
        let rows = (0..<70).map {
            LayoutScene.Element(
                kind: "cell", section: "rows", item: $0, x: 0, y: Double($0) * 44, width: 390, height: 44, realised: true)
        }
        let scene = LayoutScene(
            title: "t", subtitle: "", viewportWidth: 390, viewportHeight: 844, contentWidth: 390, contentHeight: 3_080,
            contentOffset: 500, rowOffsets: [:], sections: ["rows"], elements: rows, events: [], time: 0)
        let cropped = scene.croppedToViewport()
        #expect(cropped.contentHeight == 964)
        #expect(cropped.elements.allSatisfy { $0.y >= 0 && $0.y + $0.height <= cropped.contentHeight })
        // Row 10 (440…484) starts at the edge; row 9 (396…440) is left out; row 31 (1364…1408) is cut at 1404.
        #expect(cropped.elements.first?.item == 10 && cropped.elements.first?.y == 0)
        let last = cropped.elements.last
        #expect(last?.item == 31 && last?.height == 40)
    }

    @Test(
        "the timeline's section-provider lanes: one per section with a tick per pass that ran it (home: 4 passes, every section each time)"
    )
    func sectionProviderLanes() throws {
        let result = try scrollsimctl(["render", "home", "--local", "--time", "12", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let svg = try #require(object["svg"] as? String)
        #expect(svg.contains(">section provider<"))
        for section in ["consult", "company", "expert"] {
            #expect(svg.contains(">\(section) (4)<"), "\(section)")
            #expect(svg.components(separatedBy: "\(section): section provider at ").count - 1 == 4)
        }
    }
}

/// How the pictures print numbers (at most one decimal), to compare labels.
enum SVGNumber {
    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
