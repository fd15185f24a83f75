import TestSupport
import Testing

@testable import DiffableDataSource

/// The shared storage under snapshots: `ItemList` (chunked item lists) and `PersistentMap` (the
/// item index) behave as an array and a dictionary do, and a copy never sees another copy's
/// edits, whatever the edits (random sequences checked against the standard types).
@Suite("snapshot storage")
struct StorageTests {
    @Test("ItemList.plannedKeys: the keys append then gives, for empty lists, a last chunk with room, and a full one")
    func plannedKeys() {
        var list = ItemList<Int>()
        var next = 0
        for size in [0, 1, 2_047, 1, 5_000, 3, 4_093] {
            let planned = list.plannedKeys(appending: size)
            var given: [UInt32] = []
            list.append(contentsOf: Array(next..<next + size)) { given.append($1) }
            next += size
            #expect(Array(planned) == given, "after \(next - size) items, \(size) more")
        }
    }

    @Test(
        "ItemList: random appends, inserts and removals agree with an array; copies keep their contents (odd seeds: two chunks a segment)",
        arguments: 0..<4)
    func itemList(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var list = ItemList<Int>(segmentShift: seed % 2 == 1 ? 1 : 5)
        var array: [Int] = []
        var keys: [Int: UInt32] = [:]
        var next = 0
        var copies: [(ItemList<Int>, [Int])] = []
        for step in 0..<600 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                let fresh = Array(next..<next + Int.random(in: 1...400, using: &random))
                next += fresh.count
                list.append(contentsOf: fresh) { keys[$0] = $1 }
                array.append(contentsOf: fresh)
            case 4..<6:
                let fresh = Array(next..<next + Int.random(in: 1...300, using: &random))
                next += fresh.count
                let position = Int.random(in: 0...array.count, using: &random)
                list.insert(contentsOf: fresh, at: position) { keys[$0] = $1 }
                array.insert(contentsOf: fresh, at: position)
            case 6..<8 where !array.isEmpty:
                let doomed = Set((0..<Int.random(in: 1...20, using: &random)).map { _ in array.randomElement(using: &random)! })
                list.removeAll(in: doomed, chunks: Set(doomed.map { keys[$0]! }))
                array.removeAll { doomed.contains($0) }
            case 8 where !array.isEmpty:
                let victim = array.randomElement(using: &random)!
                let removed = list.remove(victim, inChunk: keys[victim]!)
                #expect(removed)
                array.removeAll { $0 == victim }
            default:
                copies.append((list, array))
            }
            #expect(list._checkInvariants(), "step \(step)")
            #expect(list.count == array.count, "step \(step)")
            if step % 40 == 0 { #expect(Array(list) == array, "step \(step)") }
            if step % 50 == 0, !array.isEmpty {
                let i = Int.random(in: 0..<array.count, using: &random)
                #expect(list[i] == array[i])
                #expect(list.index(of: array[i], inChunk: keys[array[i]]!) == i, "each item's chunk key finds it")
            }
        }
        #expect(Array(list) == array)
        for (copy, contents) in copies {
            #expect(Array(copy) == contents, "a copy is not changed by later edits of the original")
            #expect(copy._checkInvariants())
        }
    }

    @Test(
        "ItemList: common prefix and suffix counts agree with element-wise ones, for shared and unshared lists (seed 1: a chunk a segment)",
        arguments: 0..<3)
    func commonEnds(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var base = ItemList<Int>(segmentShift: seed == 1 ? 0 : 5)
        base.append(contentsOf: Array(0..<5_000)) { _, _ in }
        for _ in 0..<40 {
            var edited = Int.random(in: 0..<2, using: &random) == 0 ? base : ItemList(Array(base))
            var array = Array(base)
            let position = Int.random(in: 0...array.count, using: &random)
            if Int.random(in: 0..<2, using: &random) == 0 {
                edited.insert(contentsOf: [-1, -2], at: position) { _, _ in }
                array.insert(contentsOf: [-1, -2], at: position)
            } else if position < array.count {
                edited.remove(at: position)
                array.remove(at: position)
            }
            let a = Array(base)
            let limit = min(a.count, array.count)
            var prefix = 0
            while prefix < limit && a[prefix] == array[prefix] { prefix += 1 }
            var suffix = 0
            while suffix < limit - prefix && a[a.count - 1 - suffix] == array[array.count - 1 - suffix] { suffix += 1 }
            #expect(base.commonPrefixCount(with: edited) == prefix)
            #expect(base.commonSuffixCount(with: edited, limit: limit - prefix) == suffix)
            #expect((base == edited) == (a == array))
            #expect(edited.elements(in: prefix..<(array.count - suffix)) == Array(array[prefix..<(array.count - suffix)]))
        }
    }

    @Test(
        "SegmentedArray: random appends, inserts, removals and changes agree with an array; copies keep their contents",
        arguments: 0..<4)
    func segmentedArray(seed: UInt64) {
        final class Box: Sendable {
            let value: Int
            init(_ value: Int) { self.value = value }
        }
        var random = SeededRandom(seed: seed)
        var segmented = SegmentedArray<Box>(shift: Int(seed % 3) + 1)
        var array: [Int] = []
        var copies: [(SegmentedArray<Box>, [Int])] = []
        var next = 0
        for step in 0..<400 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<3:
                segmented.append(Box(next))
                array.append(next)
                next += 1
            case 3..<5:
                let fresh = (next..<next + Int.random(in: 1...9, using: &random)).map { $0 }
                next += fresh.count
                let position = Int.random(in: 0...array.count, using: &random)
                segmented.insert(contentsOf: fresh.map(Box.init), at: position)
                array.insert(contentsOf: fresh, at: position)
            case 5..<7 where !array.isEmpty:
                let position = Int.random(in: 0..<array.count, using: &random)
                #expect(segmented.remove(at: position).value == array.remove(at: position))
            case 7..<9 where !array.isEmpty:
                let position = Int.random(in: 0..<array.count, using: &random)
                segmented[position] = Box(next)
                array[position] = next
                next += 1
            default:
                copies.append((segmented, array))
            }
            #expect(segmented._checkInvariants(), "step \(step)")
            #expect(segmented.map(\.value) == array, "step \(step)")
        }
        for (copy, contents) in copies {
            #expect(copy.map(\.value) == contents, "a copy is not changed by later edits of the original")
            #expect(copy._checkInvariants())
        }
        // An element change in a copy copies its segment only: the others stay shared.
        var copy = segmented
        if !copy.isEmpty {
            copy[0] = Box(-1)
            #expect(copy.segments[0] !== segmented.segments[0])
            #expect(zip(copy.segments.dropFirst(), segmented.segments.dropFirst()).allSatisfy { $0 === $1 })
        }
    }

    @Test("PersistentMap: random sets and removals agree with a dictionary; copies keep their contents", arguments: 0..<4)
    func persistentMap(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var map = PersistentMap<Int, Int>()
        var dictionary: [Int: Int] = [:]
        var copies: [(PersistentMap<Int, Int>, [Int: Int])] = []
        for step in 0..<4_000 {
            let key = Int.random(in: 0..<3_000, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6:
                #expect(map.updateValue(step, forKey: key) == dictionary.updateValue(step, forKey: key))
            case 6..<9:
                #expect(map.removeValue(forKey: key) == dictionary.removeValue(forKey: key))
            default:
                copies.append((map, dictionary))
            }
            #expect(map.count == dictionary.count)
            if step % 1_000 == 999 {
                #expect(map._checkInvariants(), "step \(step)")
                for probe in 0..<3_000 { #expect(map[probe] == dictionary[probe]) }
            }
        }
        for (copy, contents) in copies.suffix(10) {
            #expect(copy.count == contents.count)
            for (key, value) in contents { #expect(copy[key] == value) }
            #expect(copy._checkInvariants())
        }
    }

    @Test(
        "PersistentMap: copies edited in turns, and the maps they came from edited while they live, keep their own contents",
        arguments: 0..<3)
    func persistentMapCopiesEditedInTurns(seed: UInt64) {
        // A copy records the children it replaces beside the list it shares with its original
        // (up to `maxPatches`, then takes a list of its own); editing either side must never
        // reach the other's nodes.
        var random = SeededRandom(seed: seed)
        var first = PersistentMap<Int, Int>()
        var firstContents: [Int: Int] = [:]
        for key in 0..<3_000 {
            first[key] = key
            firstContents[key] = key
        }
        var versions = [(first, firstContents)]
        for step in 0..<6_000 {
            let v = Int.random(in: 0..<versions.count, using: &random)
            let key = Int.random(in: 0..<4_000, using: &random)
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<11:
                #expect(versions[v].0.updateValue(-step, forKey: key) == versions[v].1.updateValue(-step, forKey: key))
            case 11..<19:
                #expect(versions[v].0.removeValue(forKey: key) == versions[v].1.removeValue(forKey: key))
            default:
                if versions.count < 6 { versions.append(versions[v]) } else { versions[(v + 1) % 6] = versions[v] }
            }
            if step % 500 == 499 {
                for (map, contents) in versions {
                    #expect(map.count == contents.count && map._checkInvariants(), "step \(step)")
                    for probe in 0..<4_000 where map[probe] != contents[probe] {
                        Issue.record(
                            "step \(step): key \(probe) is \(String(describing: map[probe])), not \(String(describing: contents[probe]))"
                        )
                    }
                    var seen = 0
                    map.forEach { key, value in
                        seen += 1
                        if contents[key] != value { Issue.record("forEach gave \(key): \(value)") }
                    }
                    #expect(seen == contents.count)
                }
            }
        }
    }

    @Test("PersistentMap: a map edited through copies (snapshot(), edit, apply) keeps few replaced nodes alive")
    func persistentMapReplacedNodesBounded() {
        // Each step copies the map, edits the copy and drops the original, as an app's
        // `snapshot()`, change and `apply` do to the item index. Children replaced in a copy stay
        // in the list it shares until it has `maxPatches` of them: bounded, not growing per step.
        var random = SeededRandom(seed: 7)
        var map = PersistentMap<Int, Int>()
        _ = map.insertNew(Array(0..<20_000), Array(0..<20_000))
        var next = 20_000
        var worst = 0.0
        for step in 0..<3_000 {
            var copy = map
            for _ in 0..<5 {
                copy[next] = step
                next += 1
                copy[Int.random(in: 0..<next, using: &random)] = nil
            }
            map = copy
            if step % 100 == 99 {
                let counts = map._nodeCounts()
                worst = max(worst, Double(counts.held) / Double(counts.live))
            }
        }
        #expect(worst < 1.5, "nodes kept alive per node read: \(worst)")
        #expect(map._checkInvariants())
    }

    @Test(
        "PersistentMap: many new keys at once are built into a trie in one pass; a key twice, or already there, is refused and changes nothing"
    )
    func bulkInsert() {
        var map = PersistentMap<Int, Int>()
        let keys = Array(0..<5_000)
        var inserted = map.insertNew(keys, keys.map { $0 * 2 })
        #expect(inserted)
        #expect(map.count == 5_000 && map._checkInvariants())
        for key in keys { #expect(map[key] == key * 2) }
        let twice = Array(5_000..<10_000) + [7_777]
        inserted = map.insertNew(twice, twice)
        #expect(!inserted, "a key twice in the call")
        let already = Array(10_000..<15_000) + [42]
        inserted = map.insertNew(already, already)
        #expect(!inserted, "a key already in the map")
        #expect(map.count == 5_000 && map[7_777] == nil && map[42] == 84 && map._checkInvariants())
        let more = Array(10_000..<20_000)
        inserted = map.insertNew(more, more)
        #expect(inserted)
        #expect(map.count == 15_000 && map[19_999] == 19_999 && map[3] == 6 && map._checkInvariants())
    }

    @Test(
        "PersistentMap: a few new keys at once (an infinite-append step) go in; a key twice or already there is refused, the map and its copies as they were",
        arguments: 0..<12
    )
    func fewNewKeys(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var map = PersistentMap<Int, Int>()
        let built = map.insertNew(Array(0..<2_000), Array(0..<2_000).map { $0 * 3 })
        #expect(built)
        var oracle = Dictionary(uniqueKeysWithValues: (0..<2_000).map { ($0, $0 * 3) })
        var next = 10_000
        for _ in 0..<60 {
            let earlier = map  // shares every node: a refused batch must leave it alone too
            var keys = (0..<Int(1 + random.next() % 40)).map { i in next + i }
            next += 100
            switch random.next() % 3 {
            case 0: keys.insert(keys[Int(random.next() % UInt64(keys.count))], at: Int(random.next() % UInt64(keys.count + 1)))
            case 1: keys.insert(Int(random.next() % 2_000), at: Int(random.next() % UInt64(keys.count + 1)))
            default: break
            }
            let accepted = map.insertNew(keys, keys.map { -$0 })
            #expect(accepted == (Set(keys).count == keys.count && keys.allSatisfy { oracle[$0] == nil }))
            if accepted { for key in keys { oracle[key] = -key } }
            #expect(map.count == oracle.count && map._checkInvariants())
            for key in keys { #expect(map[key] == oracle[key]) }
            #expect(earlier.count == oracle.count - (accepted ? keys.count : 0))
            for key in keys where !accepted || !Set(keys).contains(key) { #expect(earlier[key] == oracle[key]) }
        }
        var all: [Int: Int] = [:]
        map.forEach { key, value in all[key] = value }
        #expect(all == oracle)
    }

    @Test("PersistentMap: keys whose hashes collide in every bit are kept apart")
    func collisions() {
        struct Colliding: Hashable, Sendable {
            var id: Int
            func hash(into hasher: inout Hasher) { hasher.combine(id % 3) }
        }
        var map = PersistentMap<Colliding, Int>()
        for i in 0..<30 { map[Colliding(id: i)] = i }
        #expect(map.count == 30 && map._checkInvariants())
        for i in 0..<30 { #expect(map[Colliding(id: i)] == i) }
        let before = map
        for i in stride(from: 0, to: 30, by: 2) { map[Colliding(id: i)] = nil }
        #expect(map.count == 15 && map._checkInvariants())
        for i in 0..<30 { #expect(map[Colliding(id: i)] == (i % 2 == 1 ? i : nil)) }
        #expect(before.count == 30 && before[Colliding(id: 4)] == 4)
        // Down to one key per hash: each list of two gives up its last but one and goes.
        for i in stride(from: 1, to: 27, by: 2) { map[Colliding(id: i)] = nil }
        #expect(map.count == 2 && map._checkInvariants())
        for i in 0..<30 { #expect(map[Colliding(id: i)] == (i == 27 || i == 29 ? i : nil)) }
        #expect(before.count == 30 && before._checkInvariants() && (0..<30).allSatisfy { before[Colliding(id: $0)] == $0 })
    }

    @Test(
        "ItemIndex: a table while unshared, a trie once a shared copy is edited; the other copy keeps its entries; a refused insert changes nothing"
    )
    func itemIndex() {
        var index = ItemIndex<Int>()
        let places = (0..<1_000).map { ItemPlace(section: 1, chunk: UInt32($0 / 100)) }
        let built = index.insertNew(Array(0..<1_000), places)
        #expect(built)
        guard case .table = index.storage else {
            Issue.record("a new index is a table")
            return
        }
        // A duplicate (here, 5 twice) is refused and leaves the index as it was.
        var refused = !index.insertNew([2_000, 5, 2_001], [places[0], places[1], places[2]])
        #expect(refused)
        #expect(index.count == 1_000 && index[5]?.chunk == 0 && index[2_000] == nil)
        refused = !index.insertNew([3_000, 3_000], [places[0], places[1]])
        #expect(refused)
        #expect(index.count == 1_000 && index[3_000] == nil)
        let copy = index
        index[7] = nil
        index[5_000] = ItemPlace(section: 2, chunk: 9)
        guard case .trie = index.storage else {
            Issue.record("editing a shared table makes a trie")
            return
        }
        #expect(index.count == 1_000 && index[7] == nil && index[5_000]?.chunk == 9 && index[999]?.chunk == 9)
        #expect(copy.count == 1_000 && copy[7]?.chunk == 0 && copy[5_000] == nil, "the copy keeps its entries")
        refused = !index.insertNew([8, 6_000], [places[0], places[1]])
        #expect(refused)
        #expect(index.count == 1_000 && index[6_000] == nil)
        refused = !index.insertNew([6_001, 6_002, 6_001], [places[0], places[1], places[2]])
        #expect(refused, "a key twice in a small call, in the trie")
        #expect(index.count == 1_000 && index[6_001] == nil && index[6_002] == nil)
        let added = index.insertNew([6_001, 6_002], [places[0], places[1]])
        #expect(added && index.count == 1_002 && index[6_002]?.chunk == 0)
    }
}
