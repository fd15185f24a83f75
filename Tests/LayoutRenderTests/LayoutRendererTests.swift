import LayoutRender
import ScrollSimulation
import Testing

/// The picture `scrollsimctl render` draws: plain SVG whose parts a reader can find by text.
@Suite("layout pictures")
struct LayoutRendererTests {
    static func scene(offset: Double = 0, height: Double = 2_000) -> LayoutScene {
        let rows = stride(from: 0.0, to: height, by: 100).enumerated().map { index, y in
            LayoutScene.Element(
                kind: "cell", section: "list", item: index, x: 0, y: y, width: 390, height: 100,
                realised: y + 100 > offset && y < offset + 844)
        }
        return LayoutScene(
            title: "a list", subtitle: "390×844", viewportWidth: 390, viewportHeight: 844, contentWidth: 390,
            contentHeight: height, contentOffset: offset, rowOffsets: [:], sections: ["list"], elements: rows,
            events: [
                SimulationRecord(
                    sequence: 1, time: 0, kind: .layoutPass, section: nil, item: nil,
                    detail: "pass=1 reason=initial sections=list",
                    cause: "initial",
                    facts: .layoutPass(number: 1, sections: ["list"], resolvedInternally: false, sizeForItemCalls: 0))
            ],
            time: 1)
    }

    @Test("an SVG document with the title, the section's name and one shape per element")
    func document() {
        let svg = LayoutRenderer.svg(Self.scene())
        #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
        #expect(svg.hasSuffix("</svg>\n") || svg.hasSuffix("</svg>"))
        #expect(svg.contains("a list") && svg.contains("list"))
        #expect(svg.components(separatedBy: "<rect").count - 1 >= 20, "twenty rows drawn")
    }

    @Test("cropped to the viewport: only the elements around it, moved up, and the full height remembered")
    func cropped() {
        let scene = Self.scene(offset: 1_000, height: 3_000).croppedToViewport(margin: 60)
        #expect(scene.cropTop == 940)
        #expect(scene.fullContentHeight == 3_000)
        #expect(scene.elements.allSatisfy { $0.y >= 0 && $0.y < 844 + 120 })
        #expect(scene.elements.count == 11, "rows 9 to 19 meet 940…1904")
    }

    @Test("the timeline reads a pass's sections and a request's steps from the records' facts, not their text")
    func timelineReadsFacts() {
        var scene = Self.scene()
        func record(_ n: Int, _ time: Double, _ kind: SimulationRecord.Kind, _ facts: RecordFacts) -> SimulationRecord {
            SimulationRecord(
                sequence: n, time: time, kind: kind, section: "list", item: nil, detail: "text a program must not parse",
                cause: "test", facts: facts)
        }
        scene.events = [
            record(1, 0, .layoutPass, .layoutPass(number: 1, sections: ["list"], resolvedInternally: false, sizeForItemCalls: 0)),
            record(2, 0.2, .request, .request(.issued, page: 1)),
            record(3, 0.5, .request, .request(.completed, page: 1)),
            record(
                4, 0.6, .layoutPass, .layoutPass(number: 2, sections: ["list"], resolvedInternally: true, sizeForItemCalls: 9)),
        ]
        let svg = LayoutRenderer.svg(scene)
        // One section-provider tick (the re-resolved pass ran no provider), one 300 ms request.
        #expect(svg.contains("list (1)"))
        #expect(svg.contains("300 ms"))
    }
}
