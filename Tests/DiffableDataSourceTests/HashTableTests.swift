import TestSupport
import Testing

@testable import DiffableDataSource

/// `HashTable`, the item index of a snapshot no other snapshot shares: random edits agree with a
/// `Dictionary`, a refused batch changes nothing, and colliding hashes (every key in a few runs,
/// runs that wrap around the table's end) keep every entry reachable after deletes.
@Suite("HashTable")
struct HashTableTests {
    /// A key whose hash takes one of `spread` values (which ones: `salt`): long runs of equal homes.
    struct Colliding: Hashable, Sendable {
        var id: Int
        var spread: Int
        var salt = 0
        func hash(into hasher: inout Hasher) {
            hasher.combine(id % spread)
            hasher.combine(salt)
        }
        static func == (a: Colliding, b: Colliding) -> Bool { a.id == b.id }
    }

    @Test(
        "random updates, removals and batches (small: straight in; large: ordered by home) agree with a dictionary",
        arguments: 0..<4)
    func agreesWithDictionary(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let table = HashTable<Int, Int>()
        var expected: [Int: Int] = [:]
        var next = 0
        for step in 0..<400 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<3:
                // Batches past 4,096 into a table of 2^15 slots or more take the ordered path.
                let size =
                    Int.random(in: 0..<10, using: &random) == 0
                    ? Int.random(in: 4_096...9_000, using: &random) : Int.random(in: 1...300, using: &random)
                let keys = Array(next..<next + size)
                next += size
                #expect(table.insertNew(keys, keys.map { $0 * 2 }))
                for key in keys { expected[key] = key * 2 }
            case 3..<5:
                let key = Int.random(in: 0...next, using: &random)
                table.updateValue(step, forKey: key)
                expected[key] = step
            case 5..<9 where !expected.isEmpty:
                for _ in 0..<Int.random(in: 1...200, using: &random) {
                    let key = Int.random(in: 0...next, using: &random)
                    #expect(table.removeValue(forKey: key) == expected.removeValue(forKey: key))
                }
            default:
                // A batch repeating a present key, or one key twice: refused, nothing changed.
                let present = expected.keys.randomElement(using: &random) ?? -1
                let fresh = Array(next..<next + Int.random(in: 1...5_000, using: &random))
                var keys = fresh
                keys.insert(present >= 0 ? present : fresh[0], at: Int.random(in: 0...keys.count, using: &random))
                #expect(!table.insertNew(keys, keys), "step \(step)")
                #expect(fresh.allSatisfy { table[$0] == nil || $0 == present })
            }
            #expect(table.count == expected.count)
        }
        #expect(table._checkInvariants())
        for key in 0...next { #expect(table[key] == expected[key]) }
        var seen: [Int: Int] = [:]
        table.forEach { seen[$0] = $1 }
        #expect(seen == expected)
    }

    @Test("colliding hashes: one run of 700 keys, wrapping around the table's end, stays reachable through deletes")
    func collisionsWrapping() {
        // One hash for every key of a table: a single run from a home that depends on the salt
        // (and the process's hash seed). It wraps around the end of the 1,024 slots unless the
        // home is among the first 324; tables with new salts are filled until one has wrapped
        // (and at least five), and the test checks that one did.
        var random = SeededRandom(seed: 7)
        var wrapped = false
        for round in 0..<200 where !wrapped || round < 5 {
            let table = HashTable<Colliding, Int>()
            var expected: [Int: Int] = [:]
            for i in 0..<700 {
                table.updateValue(i, forKey: Colliding(id: i, spread: 1, salt: round))
                expected[i] = i
            }
            wrapped =
                wrapped
                || (0..<table.slotCount).contains {
                    table.tags[$0] != 0 && $0 < HashTable<Colliding, Int>.home(table.tags[$0], bits: table.bits)
                }
            #expect(table.bits == 10 && table._checkInvariants())
            for _ in 0..<450 {
                let id = Int.random(in: 0..<750, using: &random)
                #expect(table.removeValue(forKey: Colliding(id: id, spread: 1, salt: round)) == expected.removeValue(forKey: id))
            }
            #expect(table.count == expected.count && table._checkInvariants(), "round \(round)")
            for id in 0..<750 { #expect(table[Colliding(id: id, spread: 1, salt: round)] == expected[id]) }
        }
        #expect(wrapped, "a run wrapped around the end of the table")
    }

    @Test("colliding hashes in large batches (ordered by home): kept apart, and a refused batch changes nothing")
    func collisionsInBatches() {
        let table = HashTable<Colliding, Int>()
        let first = (0..<30_000).map { Colliding(id: $0, spread: 2_048) }
        #expect(table.insertNew(first, first.map(\.id)))
        #expect(table.bits >= 15 && table.count == 30_000 && table._checkInvariants())
        // Refused for its last key (present): the 9,999 placed before it are taken out again.
        let second = (30_000..<40_000).map { Colliding(id: $0, spread: 2_048) } + [Colliding(id: 123, spread: 2_048)]
        #expect(!table.insertNew(second, second.map(\.id)))
        #expect(table.count == 30_000 && table._checkInvariants())
        #expect(table[Colliding(id: 30_000, spread: 2_048)] == nil && table[Colliding(id: 123, spread: 2_048)] == 123)
        for id in stride(from: 0, to: 30_000, by: 3) { table.removeValue(forKey: Colliding(id: id, spread: 2_048)) }
        #expect(table.count == 20_000 && table._checkInvariants())
        for id in 0..<30_000 { #expect(table[Colliding(id: id, spread: 2_048)] == (id % 3 == 0 ? nil : id)) }
    }

    @Test("keys that need deinitialising (String) are released with the table and when removed")
    func nonTrivialKeys() {
        weak var watched: Box?
        do {
            let table = HashTable<String, Box>()
            let box = Box()
            watched = box
            #expect(table.insertNew(["a", "b"], [box, Box()]))
            table.updateValue(Box(), forKey: "b")
            #expect(table.removeValue(forKey: "z") == nil && table.count == 2)
        }
        #expect(watched == nil, "the table released its values")
        let table = HashTable<String, Box>()
        do {
            let box = Box()
            watched = box
            table.updateValue(box, forKey: "x")
        }
        #expect(watched != nil)
        table.removeValue(forKey: "x")
        #expect(watched == nil && table.count == 0 && table._checkInvariants())
    }

    final class Box: Sendable {}

    /// The longest run of filled slots (around the end too).
    static func longestRun<K, V>(_ table: HashTable<K, V>) -> Int {
        var longest = 0
        var run = 0
        for slot in 0..<(2 * table.slotCount) {
            run = table.tags[slot & table.mask] == 0 ? 0 : run + 1
            longest = max(longest, run)
        }
        return min(longest, table.slotCount)
    }

    @Test("a table filled one key at a time in another's slot order keeps short runs (each table has its own seed)")
    func fillingFromAnotherTablesOrder() {
        let big = HashTable<Int, Int>()
        // 20,000 keys: enough to show the pile-up (runs of thousands without seeds), small enough
        // for the sanitizer builds (50,000 took 140 s under AddressSanitizer).
        #expect(big.insertNew(Array(0..<20_000), Array(0..<20_000)))
        var inSlotOrder: [Int] = []
        big.forEach { key, _ in inSlotOrder.append(key) }
        // Without a seed of its own, the small table's homes would follow the big one's order:
        // each growth would leave every key so far in one run at the table's start.
        // (At the end a growth has spread them again: the runs are checked along the way.)
        let small = HashTable<Int, Int>()
        var longest = 0
        for (i, key) in inSlotOrder.enumerated() {
            small.updateValue(key, forKey: key)
            if i % 2_000 == 1_999 { longest = max(longest, Self.longestRun(small)) }
        }
        #expect(small.count == 20_000 && small._checkInvariants())
        #expect(longest < 1_000, "longest run \(longest)")
    }
}
