/// Finds, for every new identifier, the position of the equal old identifier: a radix-partitioned
/// hash join.
///
/// Why not a `Dictionary`: at 10^5 identifiers and more, a hash table no longer fits in cache and
/// every insert and lookup is a random access to memory, which would dominate the diff. Here each identifier is hashed once, its top 32 hash bits and position are
/// scattered into partitions of about 512 entries with sequential writes, and each partition is
/// joined with a small table that stays in L1. Work per element is constant, so the cost grows
/// linearly; scratch memory is 16 bytes per identifier.
///
/// Identifiers must be unique on each side (the snapshot guarantees it).
@usableFromInline
enum IdentifierMatcher {
    /// The top 32 bits of an identifier's hash and its position.
    @usableFromInline
    struct Entry {
        @usableFromInline var fingerprint: UInt32
        @usableFromInline var position: Int32

        @inlinable
        init(fingerprint: UInt32, position: Int32) {
            self.fingerprint = fingerprint
            self.position = position
        }
    }

    /// The largest partition size aimed for: its table (2 × 4 bytes per entry) and entries
    /// (8 bytes each) stay within L1.
    @usableFromInline static let partitionTarget = 512

    /// For each element of `new`, the position in `old` of the equal element, or -1.
    /// - Complexity: O(old + new) expected.
    @inlinable
    static func match<Key: Hashable>(old: ArraySlice<Key>, new: ArraySlice<Key>) -> [Int32] {
        var result = [Int32](repeating: -1, count: new.count)
        guard !old.isEmpty, !new.isEmpty else { return result }
        var bits = 0
        while (old.count >> bits) > partitionTarget && bits < 16 { bits += 1 }
        let partitions = 1 << bits
        let oldParts = partition(old, bits: bits)
        let newParts = partition(new, bits: bits)

        var largest = 0
        for p in 0..<partitions { largest = Swift.max(largest, oldParts.starts[p + 1] - oldParts.starts[p]) }
        var size = 16
        while size < largest * 2 { size <<= 1 }
        // One table, reused by every partition: slots hold indexes into the partition's entries.
        var table = [Int32](repeating: -1, count: size)
        // Slot bits come from below the partition bits, so they still spread within a partition.
        let slotShift = UInt32(Swift.max(0, 32 - bits - 16))

        old.withUnsafeBufferPointer { oldKeys in
            new.withUnsafeBufferPointer { newKeys in
                oldParts.entries.withUnsafeBufferPointer { oldEntries in
                    newParts.entries.withUnsafeBufferPointer { newEntries in
                        table.withUnsafeMutableBufferPointer { table in
                            result.withUnsafeMutableBufferPointer { result in
                                for p in 0..<partitions {
                                    let oldStart = oldParts.starts[p]
                                    let oldEnd = oldParts.starts[p + 1]
                                    let newStart = newParts.starts[p]
                                    let newEnd = newParts.starts[p + 1]
                                    guard oldStart < oldEnd, newStart < newEnd else { continue }
                                    var tableSize = 16
                                    while tableSize < (oldEnd - oldStart) * 2 { tableSize <<= 1 }
                                    let mask = tableSize - 1
                                    for i in 0..<tableSize { table[i] = -1 }
                                    for e in oldStart..<oldEnd {
                                        var slot = Int(oldEntries[e].fingerprint >> slotShift) & mask
                                        while table[slot] >= 0 { slot = (slot + 1) & mask }
                                        table[slot] = Int32(e)
                                    }
                                    for e in newStart..<newEnd {
                                        let entry = newEntries[e]
                                        var slot = Int(entry.fingerprint >> slotShift) & mask
                                        while true {
                                            let candidate = Int(table[slot])
                                            if candidate < 0 { break }
                                            let oldEntry = oldEntries[candidate]
                                            if oldEntry.fingerprint == entry.fingerprint
                                                && oldKeys[Int(oldEntry.position)] == newKeys[Int(entry.position)]
                                            {
                                                result[Int(entry.position)] = oldEntry.position
                                                break
                                            }
                                            slot = (slot + 1) & mask
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return result
    }

    /// Hashes `keys` and scatters `(fingerprint, position)` into `2^bits` partitions by the
    /// fingerprint's top bits (a counting sort: count, then place).
    @inlinable
    static func partition<Key: Hashable>(_ keys: ArraySlice<Key>, bits: Int) -> (entries: [Entry], starts: [Int]) {
        let partitions = 1 << bits
        let shift = UInt32(32 - bits)
        var starts = [Int](repeating: 0, count: partitions + 1)
        var unsorted = [Entry](repeating: Entry(fingerprint: 0, position: 0), count: keys.count)
        var entries = [Entry](repeating: Entry(fingerprint: 0, position: 0), count: keys.count)
        keys.withUnsafeBufferPointer { keys in
            starts.withUnsafeMutableBufferPointer { starts in
                unsorted.withUnsafeMutableBufferPointer { unsorted in
                    for i in 0..<keys.count {
                        let fingerprint = UInt32(truncatingIfNeeded: UInt(bitPattern: keys[i].hashValue) >> 32)
                        unsorted[i] = Entry(fingerprint: fingerprint, position: Int32(i))
                        starts[bits > 0 ? Int(fingerprint >> shift) + 1 : 1] += 1
                    }
                }
                for p in 0..<partitions { starts[p + 1] += starts[p] }
            }
        }
        var cursor = Array(starts[0..<partitions])
        unsorted.withUnsafeBufferPointer { unsorted in
            entries.withUnsafeMutableBufferPointer { entries in
                cursor.withUnsafeMutableBufferPointer { cursor in
                    for entry in unsorted {
                        let p = bits > 0 ? Int(entry.fingerprint >> shift) : 0
                        entries[cursor[p]] = entry
                        cursor[p] += 1
                    }
                }
            }
        }
        return (entries, starts)
    }
}
