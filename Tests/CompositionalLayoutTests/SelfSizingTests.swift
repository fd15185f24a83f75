import CompositionalLayout
import TestSupport
import Testing

/// Estimated dimensions and measured sizes (UIKit model G1.10, G1.3.2).
@Suite("Self-sizing")
struct SelfSizingTests {
    static func estimatedList(rows: Int, spacing: Double = 0) throws -> CompositionalLayout {
        let size = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44))
        let item = LayoutItem(layoutSize: size, contentInsets: DirectionalEdgeInsets(all: 4))
        let section = LayoutSection(
            group: .horizontal(layoutSize: size, subitems: [.item(item)]), interGroupSpacing: spacing)
        return try SeedLayouts.single(section, count: rows)
    }

    @Test("an estimate lays out as its value; insets are ignored on the estimated axis only (G1.3.2, G1.10.1)")
    func estimateBeforeMeasurement() throws {
        let layout = try Self.estimatedList(rows: 3)
        #expect(layout.frame(for: ItemPath(item: 1, section: 0)) == Rect(x: 4, y: 44, width: 382, height: 44))
        #expect(layout.contentSize.height == 132)
    }

    @Test("a measured height replaces the estimate, later frames shift, contentSize changes (G1.10.1, G1.10.2)")
    func measurementShiftsLaterFrames() throws {
        let layout = try Self.estimatedList(rows: 4, spacing: 2)
        let changed = try layout.setMeasuredSize(Size(width: 382, height: 100), for: ItemPath(item: 1, section: 0))
        #expect(changed)
        #expect(layout.frame(for: ItemPath(item: 1, section: 0)) == Rect(x: 4, y: 46, width: 382, height: 100))
        #expect(layout.frame(for: ItemPath(item: 2, section: 0))?.minY == 148)
        #expect(layout.contentSize.height == 238.0)  // 3 × 44 + 100 + 3 × 2
        // Measuring the same size again changes nothing.
        #expect(try !layout.setMeasuredSize(Size(width: 382, height: 100), for: ItemPath(item: 1, section: 0)))
    }

    @Test("a measurement invalidates with .selfSizing: all sections re-queried by default, none when switched off (G1.10.3 [O])")
    func measurementInvalidation() throws {
        for requery in [true, false] {
            let size = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44))
            let section = LayoutSection(group: .horizontal(layoutSize: size, subitems: [.item(LayoutItem(layoutSize: size))]))
            let layout = CompositionalLayout(configuration: LayoutConfiguration(selfSizingRequeriesProvider: requery)) { _, _ in
                section
            }
            _ = try layout.prepare(context: SeedLayouts.iPhone13, itemCounts: [3, 3])
            try layout.setMeasuredSize(Size(width: 390, height: 60), for: ItemPath(item: 0, section: 1))
            let pass = try layout.prepare(context: SeedLayouts.iPhone13, itemCounts: [3, 3])
            #expect(pass?.reasons == [.selfSizing([1])])
            #expect(pass?.queriedSections == (requery ? [0, 1] : []))
            #expect(layout.frame(for: ItemPath(item: 1, section: 1))?.minY == 192.0)  // section 1 starts at 3 × 44; item 0 measured 60
        }
    }

    @Test("measured sizes survive a re-query; items past a shrunk count are dropped")
    func measurementsSurviveRequery() throws {
        let layout = try Self.estimatedList(rows: 5)
        try layout.setMeasuredSize(Size(width: 382, height: 80), for: ItemPath(item: 4, section: 0))
        try layout.setMeasuredSize(Size(width: 382, height: 70), for: ItemPath(item: 0, section: 0))
        layout.invalidate(.everything)
        _ = try layout.prepare(context: SeedLayouts.iPhone13, itemCounts: [3])
        #expect(layout.contentSize.height == 158.0)  // 70 + 44 + 44
    }

    @Test(
        "random measurements: positions equal a sequential sum, and the range query equals brute force",
        arguments: Array(UInt64(1)...30))
    func randomMeasurements(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let rows = Int.random(in: 1...400, using: &random)
        let layout = try Self.estimatedList(rows: rows, spacing: 3)
        var heights = [Double](repeating: 44, count: rows)
        for _ in 0..<Int.random(in: 1...60, using: &random) {
            let item = Int.random(in: 0..<rows, using: &random)
            let height = Double.random(in: 0...200, using: &random).rounded()
            heights[item] = height
            try layout.setMeasuredSize(Size(width: 382, height: height), for: ItemPath(item: item, section: 0))
        }
        var y = 0.0
        for item in 0..<rows {
            #expect(layout.frame(for: ItemPath(item: item, section: 0)) == Rect(x: 4, y: y, width: 382, height: heights[item]))
            y += heights[item] + 3
        }
        #expect(layout.contentSize.height == y - 3)
        let all = layout.allElements()
        for _ in 0..<20 {
            let rect = Rect(
                x: 0, y: Double.random(in: -10...y, using: &random), width: 390,
                height: Double.random(in: 0...900, using: &random))
            #expect(Set(layout.elements(in: rect)) == Set(all.filter { $0.frame.intersects(rect) }))
        }
    }

    @Test("an orthogonal row takes its tallest measured instance as height [B G1.9.3]")
    func orthogonalEstimatedHeight() throws {
        let size = LayoutSize(widthDimension: .absolute(100), heightDimension: .estimated(50))
        let section = LayoutSection(
            group: .horizontal(layoutSize: size, subitems: [.item(LayoutItem(layoutSize: size))]),
            interGroupSpacing: 10, orthogonalScrollingBehavior: .continuous)
        let layout = try SeedLayouts.single(section, count: 10)
        #expect(layout.sectionFrame(0)?.size.height == 50)
        try layout.setMeasuredSize(Size(width: 100, height: 90), for: ItemPath(item: 3, section: 0))
        #expect(layout.sectionFrame(0)?.size.height == 90)
        #expect(layout.orthogonalContentLength(ofSection: 0) == 1090.0)  // 10 × 100 + 9 × 10
    }

    @Test("estimated widths in an orthogonal row: a measured width shifts later items along the row")
    func orthogonalEstimatedWidth() throws {
        let size = LayoutSize(widthDimension: .estimated(100), heightDimension: .absolute(50))
        let section = LayoutSection(
            group: .horizontal(layoutSize: size, subitems: [.item(LayoutItem(layoutSize: size))]),
            interGroupSpacing: 10, orthogonalScrollingBehavior: .continuous)
        let layout = try SeedLayouts.single(section, count: 5)
        try layout.setMeasuredSize(Size(width: 250, height: 50), for: ItemPath(item: 1, section: 0))
        #expect(layout.cellFrames(section: 0).map(\.minX) == [0, 110, 370, 480, 590])
        #expect(layout.orthogonalContentLength(ofSection: 0) == 690)
        #expect(layout.orthogonalItems(inSection: 0, offset: 300, viewportLength: 100).map(\.item) == [1, 2])
    }

    @Test("measuring an index path outside the data is an error, not a trap")
    func measuringOutOfRange() throws {
        let layout = try Self.estimatedList(rows: 2)
        #expect(throws: LayoutError.indexPathOutOfRange(ItemPath(item: 5, section: 0))) {
            try layout.setMeasuredSize(Size(width: 1, height: 1), for: ItemPath(item: 5, section: 0))
        }
        #expect(throws: LayoutError.indexPathOutOfRange(ItemPath(item: 0, section: 3))) {
            try layout.setMeasuredSize(Size(width: 1, height: 1), for: ItemPath(item: 0, section: 3))
        }
    }
}
