import CollectionTypes
import TestSupport
import Testing

@testable import DiffableDataSource

typealias IS = Snapshot<Int, Int>

func snapshot(_ sections: [(Int, [Int])]) throws -> IS {
    var s = IS()
    for (id, items) in sections {
        try s.appendSections([id])
        try s.appendItems(items, toSection: id)
    }
    return s
}

/// The oracle: applying `changes` to `old` with batch-update semantics must give `new`, both the
/// section order and every section's items.
func applies(_ changes: Changeset, from old: IS, to new: IS) -> Bool {
    let oldItems = old.sectionIdentifiers.map { old.itemIdentifiers(inSection: $0)! }
    guard
        let items = changes.apply(
            to: oldItems,
            insertedSection: { Array(new.items(atSectionIndex: $0)) },
            insertedItem: { new.items(atSectionIndex: $0.section)[$0.item] })
    else { return false }
    // Sections, the same way: remove deletes and move sources, place inserts and destinations.
    let gone = Set(changes.sectionDeletes + changes.sectionMoves.map(\.from))
    var sections: [Int] = old.sectionIdentifiers.enumerated().filter { !gone.contains($0.offset) }.map(\.element)
    let arrivals =
        changes.sectionInserts.map { ($0, new.sectionIdentifiers[$0]) }
        + changes.sectionMoves.map { ($0.to, old.sectionIdentifiers[$0.from]) }
    for (index, id) in arrivals.sorted(by: { $0.0 < $1.0 }) {
        guard index <= sections.count else { return false }
        sections.insert(id, at: index)
    }
    return sections == new.sectionIdentifiers && items == new.sectionIdentifiers.map { new.itemIdentifiers(inSection: $0)! }
}

@Suite("Diff (UIKit model 3.4)")
struct DiffTests {
    @Test("identical snapshots give an empty changeset")
    func identical() throws {
        let s = try snapshot([(0, [1, 2, 3]), (1, [4, 5])])
        #expect(s.changeset(to: s).isEmpty)
    }

    @Test("appending k items yields exactly k inserts at (s, old count …) and nothing else (D4.5)")
    func appendIsInsertsOnly() throws {
        let old = try snapshot([(0, [1, 2, 3]), (1, [10, 11, 12, 13, 14]), (2, [20, 21, 22, 23])])
        var new = old
        try new.appendItems([15, 16, 17, 18, 19], toSection: 1)
        let changes = old.changeset(to: new)
        var expected = Changeset()
        expected.itemInserts = (5...9).map { ItemPath(item: $0, section: 1) }
        #expect(changes == expected)
    }

    @Test("swapping two neighbours is one move (LIS keeps the rest, D4.3)")
    func swapIsOneMove() throws {
        let old = try snapshot([(0, [1, 2, 3, 4])])
        let new = try snapshot([(0, [1, 3, 2, 4])])
        let changes = old.changeset(to: new)
        #expect(changes.itemMoves.count == 1)
        #expect(changes.itemInserts.isEmpty && changes.itemDeletes.isEmpty)
        #expect(applies(changes, from: old, to: new))
    }

    @Test("a move across sections is a move (D4.1); deletes are old paths, inserts new paths (D4.2)")
    func crossSectionMove() throws {
        let old = try snapshot([(0, [1, 2, 3]), (1, [4, 5])])
        let new = try snapshot([(0, [1, 3, 9]), (1, [2, 4])])
        let changes = old.changeset(to: new)
        #expect(changes.itemMoves == [ItemMove(from: ItemPath(item: 1, section: 0), to: ItemPath(item: 0, section: 1))])
        #expect(changes.itemDeletes == [ItemPath(item: 1, section: 1)])
        #expect(changes.itemInserts == [ItemPath(item: 2, section: 0)])
        #expect(applies(changes, from: old, to: new))
    }

    @Test("section deletes, inserts and moves; items leaving a deleted section are inserts")
    func sections() throws {
        let old = try snapshot([(0, [1, 2]), (1, [3, 4]), (2, [5])])
        let new = try snapshot([(2, [5]), (3, [6, 1]), (0, [2, 3])])
        let changes = old.changeset(to: new)
        #expect(changes.sectionDeletes == [1])
        #expect(changes.sectionInserts == [1])
        #expect(changes.sectionMoves.count == 1)
        // 3 left deleted section 1 for section 0: an insert (its delete goes with the section).
        #expect(changes.itemInserts == [ItemPath(item: 1, section: 2)])
        // 1 left section 0 for inserted section 3: a delete (its insert comes with the section).
        #expect(changes.itemDeletes == [ItemPath(item: 0, section: 0)])
        #expect(applies(changes, from: old, to: new))
    }

    @Test("reload and reconfigure marks become reloads/reconfigures of surviving items only (D4.1)")
    func marks() throws {
        let old = try snapshot([(0, [1, 2, 3])])
        var new = try snapshot([(0, [3, 1, 2, 4])])
        try new.reloadItems([2, 4])
        try new.reconfigureItems([3])
        let changes = old.changeset(to: new)
        #expect(changes.itemReloads == [ItemMove(from: ItemPath(item: 1, section: 0), to: ItemPath(item: 2, section: 0))])
        #expect(changes.itemReconfigures == [ItemMove(from: ItemPath(item: 2, section: 0), to: ItemPath(item: 0, section: 0))])
        #expect(changes.changesStructure)
        var onlyReconfigure = old
        try onlyReconfigure.reconfigureItems([1])
        #expect(!old.changeset(to: onlyReconfigure).changesStructure)
        #expect(!old.changeset(to: onlyReconfigure).isEmpty)
    }

    @Test("a changed identity (new hash value) is a delete plus an insert, never a reload (D1.4)")
    func identityChange() throws {
        let old = try snapshot([(0, [1, 2, 3])])
        let new = try snapshot([(0, [1, 22, 3])])
        let changes = old.changeset(to: new)
        #expect(changes.itemDeletes == [ItemPath(item: 1, section: 0)])
        #expect(changes.itemInserts == [ItemPath(item: 1, section: 0)])
        #expect(changes.itemReloads.isEmpty)
    }

    @Test("a changeset that does not fit is rejected by apply, not trusted")
    func applyRejectsNonsense() throws {
        var nonsense = Changeset()
        nonsense.itemDeletes = [ItemPath(item: 7, section: 0)]
        #expect(nonsense.apply(to: [[1, 2]], insertedSection: { _ in [] }, insertedItem: { _ in 0 }) == nil)
    }

    /// A random edit of `old`: section deletes/inserts/moves, item deletes/inserts/moves (also
    /// across sections), marks.
    static func randomPair(seed: UInt64) throws -> (IS, IS) {
        var random = SeededRandom(seed: seed)
        var next = 1000
        var old = IS()
        for s in 0..<Int.random(in: 0...6, using: &random) {
            try old.appendSections([s])
            let count = Int.random(in: 0...25, using: &random)
            try old.appendItems(
                (0..<count).map { _ in
                    next += 1; return next
                }, toSection: s)
        }
        var new = old
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            let sections = new.sectionIdentifiers
            let items = new.itemIdentifiers
            // (A `where` after `case 3, 4` would guard only 4, so each case checks its own precondition.)
            switch Int.random(in: 0...9, using: &random) {
            case 0 where !sections.isEmpty: new.deleteSections([sections.randomElement(using: &random)!])
            case 1:
                next += 1
                try new.appendSections([next])
                if Bool.random(using: &random), let moved = items.randomElement(using: &random) {
                    new.deleteItems([moved])
                    try new.appendItems([moved], toSection: next)  // an item entering an inserted section
                }
            case 2 where sections.count > 1:
                let a = sections.randomElement(using: &random)!
                let b = sections.randomElement(using: &random)!
                if a != b { try new.moveSection(a, beforeSection: b) }
            case 3...4 where !items.isEmpty:
                new.deleteItems((0..<Int.random(in: 1...4, using: &random)).map { _ in items.randomElement(using: &random)! })
            case 5...6 where !sections.isEmpty:
                let target = sections.randomElement(using: &random)!
                let fresh = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                    next += 1; return next
                }
                if let anchor = new.itemIdentifiers(inSection: target)!.randomElement(using: &random), Bool.random(using: &random)
                {
                    try new.insertItems(fresh, beforeItem: anchor)
                } else {
                    try new.appendItems(fresh, toSection: target)
                }
            case 7...8 where items.count > 1:
                let a = items.randomElement(using: &random)!
                let b = items.randomElement(using: &random)!
                if a != b { try new.moveItem(a, afterItem: b) }
            case 9 where !items.isEmpty:
                try new.reloadItems([items.randomElement(using: &random)!])
                try new.reconfigureItems([items.randomElement(using: &random)!])
            default: break
            }
        }
        #expect(old._checkInvariants() && new._checkInvariants())
        return (old, new)
    }

    @Test("oracle on 4,000 random snapshot pairs: apply(diff(a, b), a) == b; sorted, disjoint changes", arguments: 0..<40)
    func oracle(batch: Int) throws {
        for seed in UInt64(batch * 100)..<UInt64(batch * 100 + 100) {
            let (old, new) = try Self.randomPair(seed: seed)
            let changes = old.changeset(to: new)
            #expect(applies(changes, from: old, to: new), "seed \(seed): \(changes.summary)")
            #expect(changes.itemDeletes == changes.itemDeletes.sorted())
            #expect(changes.itemInserts == changes.itemInserts.sorted())
            // No surviving item is both deleted and inserted: every delete's id is gone from new or
            // went into an inserted section.
            for path in changes.itemDeletes {
                let id = old.items(atSectionIndex: path.section)[path.item]
                if let section = new.sectionIdentifier(containingItem: id) {
                    #expect(!old.contains(section: section), "seed \(seed): item \(id) deleted though its section survives")
                }
            }
            #expect(old.changeset(to: old).isEmpty)
            // Appending to the last section of `new` costs exactly the inserts.
            if let last = new.sectionIdentifiers.last {
                var appended = new
                appended.clearMarks()
                var plain = new
                plain.clearMarks()
                try appended.appendItems([-1, -2, -3], toSection: last)
                let append = plain.changeset(to: appended)
                #expect(append.itemInserts.count == 3 && append.itemMoves.isEmpty && append.itemDeletes.isEmpty)
                #expect(append.sectionInserts.isEmpty && append.sectionMoves.isEmpty)
            }
        }
    }
}

/// An identifier whose hash always collides: every entry lands in one partition and one probe
/// chain, so the matcher must tell keys apart by equality, not by hash.
struct Colliding: Hashable, Sendable {
    let value: Int
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
}

@Suite("Diff with colliding hashes")
struct CollidingDiffTests {
    func mapped(_ s: IS) throws -> Snapshot<Int, Colliding> {
        var result = Snapshot<Int, Colliding>()
        for section in s.sectionIdentifiers {
            try result.appendSections([section])
            try result.appendItems(s.itemIdentifiers(inSection: section)!.map(Colliding.init), toSection: section)
        }
        return result
    }

    @Test("the changeset is the same as with well-spread hashes", arguments: 0..<200)
    func sameChanges(seed: Int) throws {
        let (old, new) = try DiffTests.randomPair(seed: UInt64(seed) + 50_000)
        var plainNew = new
        plainNew.clearMarks()
        let expected = old.changeset(to: plainNew)
        let actual = try mapped(old).changeset(to: mapped(plainNew))
        #expect(actual == expected)
    }
}
