import CompositionalLayout
import Testing

/// A flow layout laid out by the engine (`CompositionalLayout(flow:)`): its lines, and the
/// delegate calls each pass costs.
@Suite("Flow sections")
struct FlowSectionTests {
    static let phone = LayoutContext(size: Size(width: 390, height: 844))

    /// Album covers of two sizes (delegate-sized, 8-point insets), then a grid of the layout's
    /// 96-point items.
    static func layout(albums: FlowSection? = nil) -> CompositionalLayout {
        let albums =
            albums
            ?? FlowSection(
                itemSizes: [Size(width: 180, height: 140), Size(width: 120, height: 140)], sizesFromDelegate: true,
                inset: DirectionalEdgeInsets(all: 8), minimumLineSpacing: 10, minimumInteritemSpacing: 2,
                headerReferenceSize: Size(width: 0, height: 44))
        let grid = FlowSection(
            itemSizes: [Size(width: 96, height: 96)], minimumLineSpacing: 2, minimumInteritemSpacing: 2,
            headerReferenceSize: Size(width: 0, height: 44))
        return CompositionalLayout(flow: FlowLayoutStyle()) { $0 == 0 ? albums : grid }
    }

    @Test("FL1, FL2: mixed sizes break into justified lines within the insets; FL4: the header sits above the insets")
    func mixedSizes() throws {
        let layout = Self.layout()
        _ = try layout.prepare(context: Self.phone, itemCounts: [5, 0])
        // Line 374 = 390 − 2 × 8: 180 + 2 + 120 fit, 180 more does not; the free 72 points widen
        // the gap. The last line (one item, fewer than the line before) starts at the line's start.
        #expect(
            layout.cellFrames(section: 0) == [
                Rect(x: 8, y: 52, width: 180, height: 140), Rect(x: 262, y: 52, width: 120, height: 140),
                Rect(x: 8, y: 202, width: 180, height: 140), Rect(x: 262, y: 202, width: 120, height: 140),
                Rect(x: 8, y: 352, width: 180, height: 140),
            ])
        let height: Double = 44 + 8 + 3 * 140 + 2 * 10 + 8
        #expect(layout.sectionFrame(0)?.size.height == height)
    }

    @Test("FL2: items of one size sit on the grid of a full line, the short last line too")
    func uniformGrid() throws {
        let layout = Self.layout()
        _ = try layout.prepare(context: Self.phone, itemCounts: [0, 5])
        // n = ⌊(390 + 2) / (96 + 2)⌋ = 4 per line, justified: 390 − 4 × 96 = 6 points in 3 gaps.
        let frames = layout.cellFrames(section: 1)
        #expect(frames.map(\.minX) == [0, 98, 196, 294, 0])
        #expect(frames.map(\.minY).map { $0 - frames[0].minY } == [0, 0, 0, 0, 98])
    }

    @Test("FL5, FL6: the first pass asks for every delegate-sized item; only those sections count")
    func firstPassAsksEveryItem() throws {
        let layout = Self.layout()
        let pass = try #require(try layout.prepare(context: Self.phone, itemCounts: [6, 500]))
        #expect(pass.queriedSections == [0, 1] && pass.sizeForItemCalls == [6, 0])
        #expect(pass.resolvedInternally && layout.statistics.totalSectionProviderCalls == 0)
        #expect(layout.statistics.sizeForItemCalls(inSection: 0) == 6 && layout.statistics.totalSizeForItemCalls == 6)
    }

    @Test("FL6: a bounds change lays the lines out again without asking the delegate; a data change asks again")
    func boundsKeepDataAsks() throws {
        let layout = Self.layout()
        _ = try layout.prepare(context: Self.phone, itemCounts: [6, 60])
        let rotated = try #require(
            try layout.prepare(context: LayoutContext(size: Size(width: 844, height: 390)), itemCounts: [6, 60]))
        #expect(rotated.reasons == [.boundsSizeChange] && rotated.queriedSections == [0, 1])
        #expect(rotated.sizeForItemCalls == [0, 0])
        // Three albums per line now: 180 + 2 + 120 + 2 + 180 ≤ 828.
        #expect(layout.cellFrames(section: 0)[2].minY == layout.cellFrames(section: 0)[0].minY)
        layout.invalidate(.everything)
        let appended = try #require(
            try layout.prepare(context: LayoutContext(size: Size(width: 844, height: 390)), itemCounts: [8, 100]))
        #expect(appended.sizeForItemCalls == [8, 0])
        #expect(layout.statistics.totalSizeForItemCalls == 6 + 8)
    }

    @Test("FL6 with a targeted invalidation: only the named sections are asked; a new count lays a flow section out again")
    func targeted() throws {
        let layout = Self.layout()
        _ = try layout.prepare(context: Self.phone, itemCounts: [6, 60])
        layout.invalidate(.sections([1]))
        let pass = try #require(try layout.prepare(context: Self.phone, itemCounts: [6, 100]))
        #expect(pass.queriedSections == [1] && pass.sizeForItemCalls == [0])
        #expect(layout.numberOfItems(inSection: 1) == 100 && layout.cellFrames(section: 1).count == 100)
        // A count that changes without naming the section still breaks its lines again.
        layout.invalidate(.sections([1]))
        let grown = try #require(try layout.prepare(context: Self.phone, itemCounts: [7, 100]))
        #expect(grown.queriedSections == [0, 1] && grown.sizeForItemCalls == [7, 0])
        #expect(layout.cellFrames(section: 0).count == 7)
    }

    @Test("FL5: sizes the delegate does not give (the layout's itemSize) cost no delegate call")
    func layoutItemSizeAsksNothing() throws {
        let layout = Self.layout(albums: FlowSection(itemSizes: [Size(width: 120, height: 120)]))
        let pass = try #require(try layout.prepare(context: Self.phone, itemCounts: [10, 10]))
        #expect(pass.sizeForItemCalls == [0, 0] && layout.statistics.totalSizeForItemCalls == 0)
    }

    @Test("FL2 horizontal: columns fill top to bottom, with mixed sizes the spacings swapped")
    func horizontal() throws {
        let flow = FlowSection(
            itemSizes: [Size(width: 100, height: 150), Size(width: 100, height: 100)], sizesFromDelegate: true,
            minimumLineSpacing: 4, minimumInteritemSpacing: 20)
        let layout = CompositionalLayout(
            flow: FlowLayoutStyle(), configuration: LayoutConfiguration(scrollDirection: .horizontal)
        ) {
            _ in flow
        }
        _ = try layout.prepare(context: LayoutContext(size: Size(width: 390, height: 300)), itemCounts: [3])
        // A column is 300 tall: 150 + 4 + 100 fit (the line spacing between a column's items),
        // 150 more does not; columns stand 20 apart (the inter-item spacing).
        let frames = layout.cellFrames(section: 0)
        #expect(frames.map(\.minX) == [0, 0, 120])
        #expect(frames[0].minY == 0 && frames[1].maxY == 300)
    }
}
