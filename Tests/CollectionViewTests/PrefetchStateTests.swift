import CollectionTypes
import CompositionalLayout
import Testing

@testable import CollectionView

/// What is prepared ahead (`PrefetchState`) on its own: cells prepared and never shown, a prefetch
/// data source's announcements and cancellations (PF5), and the rows' margins (PF2).
@Suite("Prefetch state")
struct PrefetchStateTests {
    static func path(_ item: Int, _ section: Int = 0) -> ItemPath { ItemPath(item: item, section: section) }

    @Test("a cell prepared ahead counts as never shown only if it ends before it is shown (PF3)")
    func preparedCells() {
        var state = PrefetchState<Int>()
        state.prepared(Self.path(4))
        state.prepared(Self.path(5))
        state.shown(Self.path(4))
        let shownThenEnded = state.ended(Self.path(4))
        let neverShown = state.ended(Self.path(5))
        let neverPrepared = state.ended(Self.path(6))
        #expect(!shownThenEnded && neverShown && !neverPrepared)
        #expect(state.unshown.isEmpty)
    }

    @Test("announcements: nearest first, each once; cancelled when they leave the region ahead; forgotten once live (PF5)")
    func announcements() {
        var state = PrefetchState<Int>()
        var live: Set<ItemPath> = []
        func announce(_ ahead: [(Double, ItemPath)]) -> (cancelled: [ItemPath], fresh: [ItemPath]) {
            state.announce(ahead: ahead, isLive: { live.contains($0) }, item: { $0.item * 10 })
        }
        let first = announce([(30, Self.path(3)), (10, Self.path(1)), (20, Self.path(2))])
        #expect(first.cancelled.isEmpty && first.fresh == [Self.path(1), Self.path(2), Self.path(3)])
        #expect(state.announced == [Self.path(1): 10, Self.path(2): 20, Self.path(3): 30])
        // The same region again: nothing new, nothing cancelled.
        let again = announce([(30, Self.path(3)), (10, Self.path(1)), (20, Self.path(2))])
        #expect(again.cancelled.isEmpty && again.fresh.isEmpty)
        // Item 1's cell is requested (live): forgotten without a cancel; item 3 left the region.
        live.insert(Self.path(1))
        let moved = announce([(5, Self.path(1)), (15, Self.path(2)), (25, Self.path(4))])
        #expect(moved.cancelled == [Self.path(3)] && moved.fresh == [Self.path(4)])
        #expect(state.announced == [Self.path(2): 20, Self.path(4): 40])
        // Ties in distance go in index-path order.
        let ties = announce([(7, Self.path(9, 1)), (7, Self.path(8, 1)), (15, Self.path(2)), (25, Self.path(4))])
        #expect(ties.fresh == [Self.path(8, 1), Self.path(9, 1)])
    }

    @Test("after an apply, prepared cells and announced items follow their items; deleted items are dropped")
    func remap() {
        var state = PrefetchState<String>()
        _ = state.announce(
            ahead: [(1, Self.path(0)), (2, Self.path(1))], isLive: { _ in false }, item: { ["a", "b"][$0.item] })
        state.prepared(Self.path(7))
        // "a" moved to item 5, "b" deleted.
        state.remap(unshown: [Self.path(8)], announcedAt: { $0 == "a" ? Self.path(5) : nil })
        #expect(state.announced == [Self.path(5): "a"])
        #expect(state.unshown == [Self.path(8)])
    }

    @Test("row margins: only rows that have scrolled get them, ahead in their direction; kept until forgotten (PF2)")
    func rowMargins() {
        var state = PrefetchState<Int>()
        let margins = state.rowMargins(across: 195, directions: [0, 1, 0, -1])
        #expect(margins.kept == [1: .init(before: 195, after: 195), 3: .init(before: 195, after: 195)])
        #expect(margins.ahead == [1: .init(before: 0, after: 195), 3: .init(before: 195, after: 0)])
        // Cached: other directions are not read until the margins are forgotten.
        let cached = state.rowMargins(across: 195, directions: [1])
        #expect(cached.ahead == margins.ahead)
        let otherLength = state.rowMargins(across: 100, directions: [1])
        #expect(otherLength.ahead == [0: .init(before: 0, after: 100)])
        state.forgetMargins()
        let rebuilt = state.rowMargins(across: 100, directions: [0, -1])
        #expect(rebuilt.ahead == [1: .init(before: 100, after: 0)])
    }
}
