import CompositionalLayout
import TestSupport
import Testing

/// Properties over generated layouts (seeded, so failures reproduce): frames stay inside the
/// content, frames of a section do not overlap, and the arithmetic range queries return exactly
/// what a brute-force scan of every frame returns.
@Suite("Layout properties over generated layouts")
struct QueryPropertyTests {
    static let seeds: [UInt64] = Array(1...150)
    static let context = LayoutContext(size: Size(width: 390, height: 844))

    static func generate(_ seed: UInt64) throws -> (CompositionalLayout, LayoutGenerator) {
        var generator = LayoutGenerator(random: SeededRandom(seed: seed))
        let (layout, counts) = generator.layout()
        _ = try layout.prepare(context: context, itemCounts: counts)
        return (layout, generator)
    }

    @Test(
        "every cell lies inside the content size, or inside its row's orthogonal content (1-pt fit tolerance)", arguments: seeds)
    func framesInsideContent(seed: UInt64) throws {
        let (layout, _) = try Self.generate(seed)
        let tolerance = 1.0
        let content = layout.contentSize
        for element in layout.allElements() where element.category == .cell {
            let f = element.frame
            let section = element.indexPath.section
            let sectionFrame = layout.sectionFrame(section)!
            #expect(f.minY >= sectionFrame.minY - 1e-9 && f.maxY <= sectionFrame.maxY + tolerance, "seed \(seed) \(element)")
            #expect(f.minY >= 0 && f.maxY <= content.height + tolerance, "seed \(seed) \(element)")
            let crossEnd = layout.orthogonalContentLength(ofSection: section) ?? content.width
            #expect(f.minX >= -1e-9 && f.maxX <= crossEnd + tolerance, "seed \(seed) \(element)")
        }
    }

    @Test("cells of one section do not overlap", arguments: seeds)
    func noOverlap(seed: UInt64) throws {
        let (layout, _) = try Self.generate(seed)
        for section in 0..<layout.numberOfSections {
            // Shrink by half the fit tolerance so a sub-point overflow allowed by G1.4.2 is not an overlap.
            let frames = layout.cellFrames(section: section).map {
                $0.inset(by: DirectionalEdgeInsets(all: 0.5))
            }.filter { $0.size.width > 0 && $0.size.height > 0 }
            let sorted = frames.sorted { $0.minY < $1.minY }
            for i in sorted.indices {
                for j in (i + 1)..<sorted.count {
                    if sorted[j].minY >= sorted[i].maxY { break }
                    #expect(!sorted[i].intersects(sorted[j]), "seed \(seed) section \(section): \(sorted[i]) and \(sorted[j])")
                }
            }
        }
    }

    @Test("elements(in:) equals a brute-force scan for random rectangles", arguments: seeds)
    func rectQueryMatchesBruteForce(seed: UInt64) throws {
        let (layout, generatorCopy) = try Self.generate(seed)
        var generator = generatorCopy
        let all = layout.allElements()
        let everything = Rect(x: -1e6, y: -1e6, width: 2e7, height: layout.contentSize.height + 2e6)
        #expect(layout.elements(in: everything).count == all.count)
        for _ in 0..<20 {
            let rect = Rect(
                x: generator.double(-100...800), y: generator.double(-100...(layout.contentSize.height + 100)),
                width: generator.double(0...500), height: generator.double(0...900))
            let fast = layout.elements(in: rect)
            let brute = all.filter { $0.frame.intersects(rect) }
            #expect(Set(fast) == Set(brute), "seed \(seed) rect \(rect)")
            #expect(fast.count == brute.count, "seed \(seed): duplicates in the fast answer")
        }
    }

    @Test("visibleElements(in:) with orthogonal offsets equals a brute-force scan", arguments: seeds)
    func viewportQueryMatchesBruteForce(seed: UInt64) throws {
        let (layout, generatorCopy) = try Self.generate(seed)
        var generator = generatorCopy
        let all = layout.allElements()
        for _ in 0..<10 {
            let rect = Rect(x: 0, y: generator.double(-50...layout.contentSize.height), width: 390, height: 844)
            var offsets: [Int: Double] = [:]
            for s in 0..<layout.numberOfSections where layout.orthogonalContentLength(ofSection: s) != nil {
                offsets[s] = generator.double(0...1000)
            }
            let fast = layout.visibleElements(in: Viewport(rect: rect, orthogonalOffsets: offsets))
            let brute = all.filter { element in
                var test = rect
                // Cells and their badges scroll with their row; headers do not (G1.8.5).
                let scrolls = element.category == .cell || element.elementKind == "badge"
                if scrolls, let ox = offsets[element.indexPath.section] {
                    test = rect.offsetBy(dx: ox, dy: 0)
                }
                return element.frame.intersects(test)
            }
            #expect(Set(fast) == Set(brute), "seed \(seed) rect \(rect)")
        }
    }

    @Test(
        "one walk over a viewport, marking an inner one (a prefetching collection view's two regions): the walk is visibleElements(in: outer), the marked ones are exactly visibleElements(in: inner), in order",
        arguments: seeds)
    func markedWalkMatchesTwoQueries(seed: UInt64) throws {
        let (layout, generatorCopy) = try Self.generate(seed)
        var generator = generatorCopy
        for _ in 0..<10 {
            let view = Rect(x: 0, y: generator.double(-50...layout.contentSize.height), width: 390, height: 844)
            let before = generator.double(0...900)
            let after = generator.double(0...900)
            var offsets: [Int: Double] = [:]
            var innerMargins: [Int: Viewport.Margin] = [:]
            var outerMargins: [Int: Viewport.Margin] = [:]
            for s in 0..<layout.numberOfSections where layout.orthogonalContentLength(ofSection: s) != nil {
                offsets[s] = generator.double(0...1000)
                let across = generator.double(0...400)
                outerMargins[s] = Viewport.Margin(before: across, after: across)
                innerMargins[s] = generator.double(0...1) < 0.5 ? Viewport.Margin(before: 0, after: across) : nil
            }
            // As a collection view asks: both pin at the visible area; the inner region reaches
            // ahead on one side, the outer on both.
            let boundary = view.minY
            let end = view.maxY
            let inner = Viewport(
                rect: view.extended(along: .vertical, before: 0, after: after), orthogonalOffsets: offsets,
                pinningBoundary: boundary, pinningEnd: end, rowMargins: innerMargins)
            let outer = Viewport(
                rect: view.extended(along: .vertical, before: before, after: after), orthogonalOffsets: offsets,
                pinningBoundary: boundary, pinningEnd: end, rowMargins: outerMargins)
            var walked: [LayoutAttributes] = []
            var marked: [LayoutAttributes] = []
            layout.forEachVisibleElement(in: outer, marking: inner) { element, inInner in
                walked.append(element.attributes)
                if inInner { marked.append(element.attributes) }
                #expect(element.elementKind == element.attributes.elementKind)
            }
            #expect(walked == layout.visibleElements(in: outer), "seed \(seed) view \(view)")
            #expect(marked == layout.visibleElements(in: inner), "seed \(seed) view \(view)")
        }
    }

    @Test("frame(for:) agrees with the rect query for every item", arguments: seeds.prefix(40))
    func frameLookupAgrees(seed: UInt64) throws {
        let (layout, _) = try Self.generate(seed)
        for element in layout.allElements() where element.category == .cell {
            let hits = layout.elements(in: element.frame).filter { $0.indexPath == element.indexPath && $0.category == .cell }
            if element.frame.size.width > 0 && element.frame.size.height > 0 {
                #expect(hits.count == 1, "seed \(seed) \(element)")
            }
        }
    }
}
