import Testing

@testable import CollectionView

/// The scroll views' one store (`ScrollOffsets`) and the section table beside it: the views by
/// index and by identifier agree after a flush, survive sections that move, and directions follow
/// moves (PF2: nothing is ahead before the first scroll).
@Suite("Scroll offsets and the section table")
struct ScrollOffsetsTests {
    @Test("the main offset records its direction; a move to where it is changes nothing (PF2)")
    func mainMoves() {
        var offsets = ScrollOffsets<String>(main: -47)
        #expect(offsets.mainDirection == 0)
        let stayed = offsets.moveMain(to: -47)
        #expect(!stayed && offsets.mainDirection == 0)
        let forward = offsets.moveMain(to: 100)
        #expect(forward && offsets.main == 100 && offsets.mainDirection == 1)
        let back = offsets.moveMain(to: 40)
        #expect(back && offsets.main == 40 && offsets.mainDirection == -1)
    }

    @Test("a row moved by index is read by index at once and by identifier after a flush")
    func rowsByIndexThenByID() {
        var offsets = ScrollOffsets<String>(main: 0)
        let ids = ["header", "companies", "consults"]
        #expect(offsets.rowOffset(atIndex: 1) == 0 && offsets.rowDirection(atIndex: 1) == 0)
        let first = offsets.moveRow("companies", atIndex: 1, to: 120)
        #expect(first, "a first move is a turn from no direction")
        #expect(offsets.rowOffset(atIndex: 1) == 120 && offsets.rowsByIndex == [1: 120])
        #expect(offsets.rowList == [0, 120])
        #expect(offsets.needsFlush && offsets.rowsByID.isEmpty)
        let further = offsets.moveRow("companies", atIndex: 1, to: 240)
        #expect(!further, "same direction: no turn")
        let back = offsets.moveRow("companies", atIndex: 1, to: 200)
        #expect(back, "back: a turn")
        offsets.flush(sectionIDs: ids)
        #expect(!offsets.needsFlush)
        #expect(offsets.rowsByID == ["companies": 200])
        #expect(offsets.directionsByID == ["companies": -1] && offsets.directionList == [0, -1])
    }

    @Test("after sections move, the views by index follow the identifiers")
    func reindexFollowsIdentifiers() {
        var offsets = ScrollOffsets<String>(main: 0)
        _ = offsets.moveRow("companies", atIndex: 1, to: 80)
        _ = offsets.moveRow("stories", atIndex: 3, to: 30)
        offsets.flush(sectionIDs: ["header", "companies", "consults", "stories"])
        // "stories" now first, "companies" third, "header" gone.
        let moved = ["stories": 0, "consults": 1, "companies": 2]
        offsets.reindex { moved[$0] }
        #expect(offsets.rowList == [30, 0, 80])
        #expect(offsets.rowsByIndex == [0: 30, 2: 80])
        #expect(offsets.directionList == [1, 0, 1])
        // A section removed keeps nothing by index but its offset by identifier (it may return).
        offsets.reindex { $0 == "consults" ? 0 : nil }
        #expect(offsets.rowList.isEmpty && offsets.rowsByIndex.isEmpty && offsets.directionList.isEmpty)
        #expect(offsets.rowsByID == ["companies": 80, "stories": 30])
    }

    @Test("offsets written by identifier between frames reach the views by index on reindex")
    func writesByID() {
        var offsets = ScrollOffsets<Int>(main: 0)
        offsets.rowsByID[7] = 55
        #expect(offsets.rowOffset(atIndex: 2) == 0)
        offsets.reindex { $0 == 7 ? 2 : nil }
        #expect(offsets.rowOffset(atIndex: 2) == 55 && offsets.rowList == [0, 0, 55])
    }

    @Test("the section table finds indices, repeated look-ups included, and forgets on replace")
    func sectionTable() {
        var table = SectionTable<String>()
        func indices(_ ids: [String]) -> [Int?] { ids.map { table.index(of: $0) } }
        #expect(indices(["a"]) == [nil] && table.id(at: 0) == nil)
        table.replace(with: ["a", "b", "c"])
        #expect(indices(["b", "b", "c", "a"]) == [1, 1, 2, 0])
        #expect(table.id(at: 2) == "c" && table.id(at: 3) == nil && table.id(at: -1) == nil)
        table.replace(with: ["c", "b"])
        #expect(indices(["b", "b", "c", "a"]) == [1, 1, 0, nil])
        table.replace(with: [])
        #expect(indices(["c"]) == [nil] && table.ids.isEmpty)
    }
}
