import CompositionalLayout
import Testing

/// Decoration items: section backgrounds (UIKit model G1.13).
@Suite("Decoration items")
struct DecorationTests {
    /// consult (item insets 2 in 200-pt groups) with section insets 10, a 30-pt header and a
    /// background inset by 5: the shape of Apple's section-background sample, plus a header.
    static func background(insets: Double = 5, zIndex: Int = 0) -> LayoutSection {
        var section = SeedLayouts.consult
        section.contentInsets = DirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        section.boundarySupplementaryItems = [SupplementaryTests.boundary("header", 30, .top)]
        var background = DecorationItem.background(elementKind: "background")
        background.contentInsets = DirectionalEdgeInsets(top: insets, leading: insets, bottom: insets, trailing: insets)
        background.zIndex = zIndex
        section.decorationItems = [background]
        return section
    }

    @Test("a background covers the whole section, header included, less its insets (G1.13.1, G1.13.2)")
    func frame() throws {
        let layout = try SeedLayouts.single(Self.background(), count: 2)
        // Section: header 30 + inset 10 + 2 × 200 + inset 10 = 450 long, 390 wide.
        #expect(layout.sectionFrame(0)?.size.height == 450)
        let decoration = try #require(layout.decoration(ofKind: "background", at: ItemPath(item: 0, section: 0)))
        #expect(decoration.frame == Rect(x: 5, y: 5, width: 380, height: 440))
        #expect(decoration.category == .decorationView)
        #expect(decoration.zIndex == 0)  // G1.13.4: the documented default, below the items
        // The items sit 5 points inside the background on each side (Apple's sample shape).
        let first = try #require(layout.frame(for: ItemPath(item: 0, section: 0)))
        #expect(first.minX - 2 - decoration.frame.minX == 5)
        #expect(layout.decoration(ofKind: "other", at: ItemPath(item: 0, section: 0)) == nil)
        #expect(layout.decoration(ofKind: "background", at: ItemPath(item: 1, section: 0)) == nil)
    }

    @Test("queries return the background first in its section, with its z-index (G1.13.4)")
    func queries() throws {
        let layout = try SeedLayouts.single(Self.background(zIndex: -1), count: 2)
        let all = layout.allElements()
        #expect(all.first?.category == .decorationView)
        #expect(all.filter { $0.category == .decorationView }.count == 1)
        #expect(all.first?.zIndex == -1)
        // A rect that meets only the background's lower edge still finds it.
        let edge = layout.elements(in: Rect(x: 0, y: 440, width: 390, height: 2))
        #expect(edge.map(\.category) == [.decorationView])
        // Past the background (below y 445) nothing.
        #expect(layout.elements(in: Rect(x: 0, y: 446, width: 390, height: 2)).isEmpty)
    }

    @Test("in an orthogonal row the background stays put while the row scrolls (G1.13.3)")
    func orthogonal() throws {
        var company = SeedLayouts.company
        company.decorationItems = [.background(elementKind: "background")]
        let withBackground = CompositionalLayout { index, _ in [SeedLayouts.consult, company, SeedLayouts.expert][index] }
        _ = try withBackground.prepare(context: SeedLayouts.iPhone13, itemCounts: [3, 20, 4])
        #expect(withBackground.decoration(ofKind: "background", at: ItemPath(item: 0, section: 0)) == nil)
        let frame = try #require(withBackground.decoration(ofKind: "background", at: ItemPath(item: 0, section: 1)))
        // 5d: company starts at 600 and is 220 high; the background spans the screen's width.
        #expect(frame.frame == Rect(x: 0, y: 600, width: 390, height: 220))
        var viewport = Viewport(rect: Rect(x: 0, y: 500, width: 390, height: 844))
        viewport.orthogonalOffsets[1] = 3000
        let visible = withBackground.visibleElements(in: viewport)
        #expect(visible.contains { $0.category == .decorationView && $0.frame == frame.frame })
    }

    @Test("insets larger than the section leave an empty frame, not a negative one")
    func oversizedInsets() throws {
        let layout = try SeedLayouts.single(Self.background(insets: 400), count: 1)
        let frame = try #require(layout.decoration(ofKind: "background", at: ItemPath(item: 0, section: 0))).frame
        #expect(frame.size.width == 0 && frame.size.height == 0)
    }

    @Test("a non-finite inset is an error naming the decoration item")
    func badInsets() throws {
        var section = Self.background()
        section.decorationItems[0].contentInsets.top = .nan
        #expect(throws: LayoutError.self) { try SeedLayouts.single(section, count: 1) }
        do {
            _ = try SeedLayouts.single(section, count: 1)
        } catch let error as LayoutError {
            #expect(error.path == "decorationItems[0].contentInsets")
        }
    }
}
