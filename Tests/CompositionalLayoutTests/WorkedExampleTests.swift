import CompositionalLayout
import Testing

/// UIKit model section 5: the acceptance numbers for the seed screens (390 × 844, vertical, LTR,
/// unrounded frames, orthogonal frames at offset 0).
@Suite("UIKit model 5 worked examples")
struct WorkedExampleTests {
    @Test("5a consult: count 1 slot, insets 2 shrink the cell (G1.3.1, G1.5.1, D R2/R5)")
    func consult() throws {
        let layout = try SeedLayouts.single(SeedLayouts.consult, count: 3)
        #expect(
            layout.cellFrames(section: 0) == [
                Rect(x: 2, y: 2, width: 386, height: 196),
                Rect(x: 2, y: 202, width: 386, height: 196),
                Rect(x: 2, y: 402, width: 386, height: 196),
            ])
        #expect(layout.sectionFrame(0)?.size.height == 600)
    }

    @Test("5b company: orthogonal row frames, height 220, C = 1810 (G1.9.2–G1.9.4; C is [B] A3)")
    func company() throws {
        let layout = try SeedLayouts.single(SeedLayouts.company, count: 5)
        #expect(
            layout.cellFrames(section: 0) == [
                Rect(x: 10, y: 10, width: 350, height: 200),
                Rect(x: 370, y: 10, width: 350, height: 200),
                Rect(x: 730, y: 10, width: 350, height: 200),
                Rect(x: 1090, y: 10, width: 350, height: 200),
                Rect(x: 1450, y: 10, width: 350, height: 200),
            ])
        #expect(layout.sectionFrame(0)?.size.height == 220)
        #expect(layout.orthogonalContentLength(ofSection: 0) == 1810)
        // At ox = 0 the row's viewport [0, 390) shows item 0 fully and item 1 partly.
        #expect(layout.orthogonalItems(inSection: 0, offset: 0, viewportLength: 390).map(\.item) == [0, 1])
        #expect(layout.groupPitch(ofSection: 0)?.pitch == 360)
    }

    @Test("5b company after appending 5 items: C = 3610 (G1.9.4 [B] A3)")
    func companyAppended() throws {
        let layout = try SeedLayouts.single(SeedLayouts.company, count: 10)
        #expect(layout.orthogonalContentLength(ofSection: 0) == 3610)
        #expect(layout.sectionFrame(0)?.size.height == 220)  // independent of the item count (G1.9.3)
    }

    @Test("5c expert: frames, height 170, C = 650, items 0–2 visible at ox 0 (G1.9.2–G1.9.5)")
    func expert() throws {
        let layout = try SeedLayouts.single(SeedLayouts.expert, count: 4)
        #expect(
            layout.cellFrames(section: 0) == [
                Rect(x: 10, y: 10, width: 150, height: 150),
                Rect(x: 170, y: 10, width: 150, height: 150),
                Rect(x: 330, y: 10, width: 150, height: 150),
                Rect(x: 490, y: 10, width: 150, height: 150),
            ])
        #expect(layout.sectionFrame(0)?.size.height == 170)
        #expect(layout.orthogonalContentLength(ofSection: 0) == 650)
        #expect(layout.orthogonalItems(inSection: 0, offset: 0, viewportLength: 390).map(\.item) == [0, 1, 2])
    }

    @Test("5d stack: origins 0/600/820, content 390 × 990, 3 provider calls (G1.7.1–G1.7.3, 2.2)")
    func homeStack() throws {
        let layout = try SeedLayouts.prepared(SeedLayouts.home(), counts: [3, 5, 4])
        #expect(layout.contentSize == Size(width: 390, height: 990))
        #expect((0..<3).map { layout.sectionFrame($0)!.minY } == [0, 600, 820])
        #expect(layout.frame(for: ItemPath(item: 0, section: 0)) == Rect(x: 2, y: 2, width: 386, height: 196))
        #expect(layout.frame(for: ItemPath(item: 0, section: 1)) == Rect(x: 10, y: 610, width: 350, height: 200))
        #expect(layout.frame(for: ItemPath(item: 0, section: 2)) == Rect(x: 10, y: 830, width: 150, height: 150))
        #expect(layout.statistics.sectionProviderCalls == [1, 1, 1])
        #expect(layout.statistics.layoutPasses == 1)
    }

    @Test("5d viewport at y 0: 8 cells (consult 3, company 0–1, expert 0–2) [B exact visibility]")
    func homeVisibleAtRest() throws {
        let layout = try SeedLayouts.prepared(SeedLayouts.home(), counts: [3, 5, 4])
        let visible = layout.visibleElements(in: Viewport(rect: Rect(x: 0, y: 0, width: 390, height: 844)))
        #expect(
            visible.map(\.indexPath) == [
                ItemPath(item: 0, section: 0), ItemPath(item: 1, section: 0), ItemPath(item: 2, section: 0),
                ItemPath(item: 0, section: 1), ItemPath(item: 1, section: 1),
                ItemPath(item: 0, section: 2), ItemPath(item: 1, section: 2), ItemPath(item: 2, section: 2),
            ])
    }

    @Test("5d with a top safe-area inset of 47: viewport y ∈ [−47, 797) shows 5 cells (U4 [B])")
    func homeVisibleUnderSafeArea() throws {
        let context = LayoutContext(
            size: Size(width: 390, height: 844), safeAreaInsets: DirectionalEdgeInsets(top: 47, bottom: 34))
        let layout = try SeedLayouts.prepared(SeedLayouts.home(), counts: [3, 5, 4], context: context)
        // Safe area top/bottom does not move layout frames (U4) nor the vertical container (G1.1.2).
        #expect(layout.contentSize == Size(width: 390, height: 990))
        let visible = layout.visibleElements(in: Viewport(rect: Rect(x: 0, y: -47, width: 390, height: 844)))
        #expect(visible.count == 5)
        #expect(!visible.contains { $0.indexPath.section == 2 })
    }

    @Test("5d with interSectionSpacing s: origins 0, 600 + s, 820 + 2s; height 990 + 2s (G1.7.1 [B] A7)")
    func homeWithSpacing() throws {
        let layout = try SeedLayouts.prepared(
            SeedLayouts.home(configuration: LayoutConfiguration(interSectionSpacing: 7)), counts: [3, 5, 4])
        #expect((0..<3).map { layout.sectionFrame($0)!.minY } == [0, 607, 834])
        #expect(layout.contentSize.height == 1004)
        var ibp = LayoutConfiguration(interSectionSpacing: 7)
        ibp.rules.spacingAfterLastSection = true
        let ibpLayout = try SeedLayouts.prepared(SeedLayouts.home(configuration: ibp), counts: [3, 5, 4])
        #expect(ibpLayout.contentSize.height == 1011)  // IBP's 990 + 3s, opt-in only
    }

    @Test("5e six grid: content width 360, cells 170 × 164, header (15, 0, 360, 60) (G1.2, G1.8.1–G1.8.3)")
    func sixGrid() throws {
        let layout = try SeedLayouts.single(SeedLayouts.sixGrid, count: 6)
        #expect(
            layout.cellFrames(section: 0) == [
                Rect(x: 20, y: 60, width: 170, height: 164), Rect(x: 200, y: 60, width: 170, height: 164),
                Rect(x: 20, y: 240, width: 170, height: 164), Rect(x: 200, y: 240, width: 170, height: 164),
                Rect(x: 20, y: 420, width: 170, height: 164), Rect(x: 200, y: 420, width: 170, height: 164),
            ])
        let header = layout.elements(in: Rect(x: 0, y: 0, width: 390, height: 10)).first { $0.category == .supplementaryView }
        #expect(header?.frame == Rect(x: 15, y: 0, width: 360, height: 60))
        #expect(header?.elementKind == "header")
        #expect(layout.sectionFrame(0)?.size.height == 600)
    }

    @Test("5e with supplementaries ignoring insets: header (0, 0, 390, 60), items unchanged (G1.8.1)")
    func sixGridHeaderIgnoringInsets() throws {
        var section = SeedLayouts.sixGrid
        section.supplementariesFollowContentInsets = false
        let layout = try SeedLayouts.single(section, count: 6)
        let header = layout.allElements().first { $0.category == .supplementaryView }
        #expect(header?.frame == Rect(x: 0, y: 0, width: 390, height: 60))
        #expect(layout.frame(for: ItemPath(item: 0, section: 0)) == Rect(x: 20, y: 60, width: 170, height: 164))
    }

    @Test("5f count 2: group 390 × 253.2, slots 195 wide; section n × 253.2 (G1.5.1, G1.5.3)")
    func twoPerRow() throws {
        let layout = try SeedLayouts.single(SeedLayouts.twoPerRow, count: 5)
        let h = 0.3 * 844
        #expect(
            layout.cellFrames(section: 0) == [
                Rect(x: 0, y: 0, width: 195, height: h), Rect(x: 195, y: 0, width: 195, height: h),
                Rect(x: 0, y: h, width: 195, height: h), Rect(x: 195, y: h, width: 195, height: h),
                Rect(x: 0, y: 2 * h, width: 195, height: h),
            ])
        #expect(layout.sectionFrame(0)?.size.height == 3 * h)  // a partly filled last instance keeps its size (G1.6.1)
    }

    @Test("5f pixel-snapped @3x: heights 253.333…, y 506.333… (G1.11.2 [O], A8 [B])")
    func twoPerRowSnapped() throws {
        let layout = try SeedLayouts.single(SeedLayouts.twoPerRow, count: 5)
        let snapped = layout.cellFrames(section: 0).map { $0.pixelSnapped(scale: 3) }
        #expect(snapped[0] == Rect(x: 0, y: 0, width: 195, height: 760.0 / 3))
        #expect(snapped[2] == Rect(x: 0, y: 760.0 / 3, width: 195, height: 760.0 / 3))
        #expect(snapped[4] == Rect(x: 0, y: 1519.0 / 3, width: 195, height: 760.0 / 3))
        // Canonical frames stay unrounded (G1.11.1).
        #expect(layout.frame(for: ItemPath(item: 0, section: 0))?.size.height == 0.3 * 844)
    }

    @Test("5f under the iOS 16 repeatingSubitem API the 1×1 item keeps width 390 and overflows (G1.5.4 [B])")
    func twoPerRowRepeating() throws {
        let group = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.3)),
            repeatingSubitem: .item(LayoutItem(layoutSize: SeedLayouts.fractional(1, 1))), count: 2)
        let layout = try SeedLayouts.single(LayoutSection(group: group), count: 2)
        #expect(layout.cellFrames(section: 0).map(\.minX) == [0, 390])
        #expect(layout.cellFrames(section: 0).map(\.size.width) == [390, 390])
    }
}
