import CollectionTypes
import CompositionalLayout
import Testing

@testable import CollectionView

/// What a frame reuses (`FrameCache`): the last pass's signature, the walk anchor and the spare
/// lists, each on its own.
@Suite("Frame cache")
struct FrameCacheTests {
    static func anchor() -> WalkAnchor {
        WalkAnchor(
            geometryGeneration: 1, viewSize: Size(width: 390, height: 844), prefetch: .disabled, mainDirection: 1,
            rowDirections: [], contentOffset: 0, rowOffsets: [], mainSlack: .init(back: 10, forward: 10), rowSlack: [])
    }

    static func signature(_ cells: [Int], generation: Int) -> FrameSignature {
        FrameSignature(
            generation: generation, visible: cells.map { ItemPath(item: $0, section: 0) }, ahead: [], kept: [],
            supplementaries: [], decorations: [])
    }

    @Test("an anchor is offered only at the live-state generation of the last full pass")
    func anchorNeedsSameGeneration() {
        var cache = FrameCache()
        #expect(cache.anchor(atGeneration: 0) == nil, "no pass yet")
        let records = cache.startWalk()
        #expect(records, "the first pass records an anchor")
        var signature = cache.takeSignature(generation: 3)
        signature.visible.append(ItemPath(item: 0, section: 0))
        cache.endFull(signature, generation: 4)
        cache.anchor = Self.anchor()
        #expect(cache.anchor(atGeneration: 4) != nil)
        #expect(cache.anchor(atGeneration: 5) == nil, "something live changed since")
        cache.skipped()
        #expect(cache.skippedWalks == 1)
        _ = cache.startWalk()
        #expect(cache.anchor == nil && cache.anchor(atGeneration: 4) == nil, "a walk forgets the anchor")
    }

    @Test("a pass that finds what the last found repeats it; the last keeps the generation the pass left")
    func repeatsLast() {
        var cache = FrameCache()
        cache.endFull(Self.signature([0, 1], generation: 2), generation: 7)
        #expect(cache.last?.generation == 7)
        #expect(cache.repeatsLast(Self.signature([0, 1], generation: 7)))
        #expect(!cache.repeatsLast(Self.signature([0, 1], generation: 2)), "another generation is another pass")
        #expect(!cache.repeatsLast(Self.signature([0, 2], generation: 7)))
    }

    @Test("signatures handed out are empty and stamped, the earlier pass's storage reused")
    func spareSignatures() {
        var cache = FrameCache()
        let first = cache.takeSignature(generation: 1)
        #expect(first == Self.signature([], generation: 1))
        cache.endFull(Self.signature(Array(0..<40), generation: 1), generation: 1)
        cache.endFull(Self.signature([5], generation: 2), generation: 2)
        // The first full pass's lists are the spare now: handed out empty, capacity kept.
        let reused = cache.takeSignature(generation: 9)
        #expect(reused == Self.signature([], generation: 9))
        #expect(reused.visible.capacity >= 40)
        #expect(cache.last == Self.signature([5], generation: 2), "taking the spare leaves the last alone")
        cache.endUnchanged(Self.signature([5], generation: 2))
        #expect(cache.takeSignature(generation: 3).visible.isEmpty)
    }

    @Test("the spare lists come back empty with their storage")
    func spareLists() {
        var cache = FrameCache()
        var ahead = cache.takeAhead()
        #expect(ahead.isEmpty)
        ahead.append(contentsOf: (0..<32).map { (Double($0), ItemPath(item: $0, section: 1)) })
        cache.putBack(ahead: &ahead)
        #expect(ahead.isEmpty)
        let again = cache.takeAhead()
        #expect(again.isEmpty && again.capacity >= 32)
        var rows = cache.takeMovedRows()
        rows.append((index: 2, offset: 40))
        cache.putBack(movedRows: &rows)
        let rowsAgain = cache.takeMovedRows()
        #expect(rowsAgain.isEmpty && rowsAgain.capacity >= 1)
    }

    @Test("pacing: after three anchors unused in a row, one pass in eight records one, until one is used")
    func pacing() {
        var pacing = WalkAnchorPacing()
        let firstFour = (0..<4).map { _ in pacing.walks() }
        #expect(firstFour == [true, true, true, false])
        let next = (0..<7).map { _ in pacing.walks() }
        #expect(next == [false, false, false, false, false, false, true], "the eighth pass records one")
        // A frame skips on that anchor (only a recorded anchor can be used).
        pacing.used()
        let after = (0..<2).map { _ in pacing.walks() }
        #expect(after == [true, true], "an anchor used: passes record again")
    }
}
