import CollectionTypes
import Testing

@testable import CollectionView

/// What is on screen (`LiveElements`) and what waits for reuse (`ReusePools`), each on its own.
@Suite("Live elements and reuse pools")
struct LiveElementsTests {
    static func path(_ item: Int) -> ItemPath { ItemPath(item: item, section: 0) }

    @Test("every change to the cells, the displayed set or the views bumps the generation; the items do not")
    func generation() {
        var live = LiveElements<String>()
        var last = live.generation
        func changed() -> Bool {
            defer { last = live.generation }
            return live.generation != last
        }
        live.cells[Self.path(0)] = CellHandle(id: 1, reuseIdentifier: "cell")
        #expect(changed())
        live.items[Self.path(0)] = "a"
        #expect(!changed(), "the items follow the cells; a pass does not read them")
        live.displayed.insert(Self.path(0))
        #expect(changed())
        live.supplementaries.insert(SupplementaryKey(kind: "header", indexPath: Self.path(0), layoutWide: false))
        #expect(changed())
        live.decorations.insert(SupplementaryKey(kind: "background", indexPath: Self.path(0), layoutWide: false))
        #expect(changed())
        live.cells[Self.path(0)] = nil
        #expect(changed())
    }

    @Test("cells wait by reuse identifier and come back last in, first out; new cells are numbered (B4.1)")
    func cellPools() {
        var pools = ReusePools()
        pools.register("company")
        #expect(pools.registered == ["company"])
        let first = pools.makeCell("company")
        let second = pools.makeCell("company")
        #expect(first.id == 1 && second.id == 2 && second.reuseIdentifier == "company")
        #expect(!pools.hasCell("company"))
        let nothing = pools.takeCell("company")
        #expect(nothing == nil)
        pools.putBack(first)
        pools.putBack(second)
        #expect(pools.hasCell("company") && !pools.hasCell("consult"))
        let taken = [pools.takeCell("company"), pools.takeCell("company"), pools.takeCell("company")]
        #expect(taken == [second, first, nil])
        #expect(pools.makeCell("consult").id == 3)
    }

    @Test("decoration views wait by kind: one of a kind serves any of its places (G1.13.5)")
    func decorationPools() {
        var pools = ReusePools()
        let none = pools.takeDecoration("card")
        #expect(!none)
        pools.putBackDecoration("card")
        pools.putBackDecoration("card")
        let taken = [pools.takeDecoration("card"), pools.takeDecoration("other"), pools.takeDecoration("card")]
        #expect(taken == [true, false, true])
        let empty = pools.takeDecoration("card")
        #expect(!empty)
    }
}
