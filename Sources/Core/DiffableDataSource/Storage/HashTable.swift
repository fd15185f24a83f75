/// A hash table (open addressing, linear probing) whose slot for a key is the top bits of the
/// key's hash, so keys inserted in the order of those bits fill it from start to end.
///
/// Why not a `Dictionary`: a snapshot's build inserts every item into its index, and from about
/// 10^5 items the table is out of the core's cache, where a `Dictionary`'s inserts are each a
/// random access to memory and dominate the build. Here `insertNew` hashes a batch first, orders it by slot with one counting pass, and then
/// writes the table front to back. Each slot keeps 31 bits of its key's hash (`tag`), which both
/// skips most key comparisons and gives the slot's home without hashing again, so growing and
/// deleting never call `hash(into:)`.
///
/// Each table mixes a seed of its own into the hashes: with one hash function for all tables,
/// filling a small table in another's slot order (keys sorted by their homes) would pile them
/// into one run, linear probing's known quadratic case.
///
/// Mutated only through a unique reference (`ItemIndex` checks); a shared table is read-only.
@usableFromInline
final class HashTable<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: edited only while uniquely referenced (see `ItemIndex.makeEditable`),
    // so a table two snapshots share is never written; its keys and values are Sendable.

    /// Per slot: 0 when empty, else the hash's top 31 bits shifted left by one, with bit 0 set.
    @usableFromInline var tags: UnsafeMutablePointer<UInt32>
    /// Initialised exactly where `tags` is non-zero.
    @usableFromInline var keys: UnsafeMutablePointer<Key>
    @usableFromInline var values: UnsafeMutablePointer<Value>
    /// log2 of the slot count (4...31: a slot's home is read from its 31-bit tag).
    @usableFromInline var bits: Int
    @usableFromInline var count: Int = 0
    /// Mixed into every key's hash (from the address of the table's first tag buffer: distinct
    /// for tables alive at the same time).
    @usableFromInline let seed: UInt64

    @inlinable var slotCount: Int { 1 << bits }
    @inlinable var mask: Int { slotCount - 1 }
    /// At most 13/16 of the slots are used. Linear probing's runs grow quickly with the load, but
    /// a probe reads 4-byte tags, 16 to a cache line, and compares keys only when a tag matches;
    /// a lower limit would double the table (and its page faults) for more sizes.
    @inlinable static func capacity(bits: Int) -> Int { (1 << bits) - 3 * ((1 << bits) / 16) }

    /// A table that holds `minimumCapacity` entries before it grows.
    @inlinable
    init(minimumCapacity: Int = 0) {
        var bits = 4
        while Self.capacity(bits: bits) < minimumCapacity { bits += 1 }
        precondition(bits <= 31, "HashTable: too many entries")
        self.bits = bits
        tags = .allocate(capacity: 1 << bits)
        tags.initialize(repeating: 0, count: 1 << bits)
        keys = .allocate(capacity: 1 << bits)
        values = .allocate(capacity: 1 << bits)
        // The address, spread over all 64 bits (SplitMix64's step), so seeds of tables alive
        // together differ in about half their bits.
        seed = Self.mix(UInt64(UInt(bitPattern: tags)) &+ 0x9E37_79B9_7F4A_7C15)
    }

    @inlinable
    deinit {
        // A deinit runs unspecialised: walking every slot only to call no-op deinitializers
        // costs a pass over the table, so trivial types skip the walk.
        if count > 0 && !(_isPOD(Key.self) && _isPOD(Value.self)) {
            for slot in 0..<slotCount where tags[slot] != 0 {
                (keys + slot).deinitialize(count: 1)
                (values + slot).deinitialize(count: 1)
            }
        }
        tags.deallocate()
        keys.deallocate()
        values.deallocate()
    }

    // MARK: Hashes

    /// The tag of a key: the top 31 bits of its hash mixed with the seed, shifted left, with bit
    /// 0 set (never 0). The mix is SplitMix64's finalizer over hash ⊕ seed: XOR-then-multiply
    /// alone left two tables whose seeds (addresses) differed in a few bits with nearly the same
    /// order (an AddressSanitizer run saw 1,807-key runs), as each key's value moved by one of
    /// a few constants.
    @inlinable
    func tag(of key: Key) -> UInt32 {
        let z = Self.mix(UInt64(UInt(bitPattern: key.hashValue)) ^ seed)
        return UInt32(truncatingIfNeeded: z >> 33) << 1 | 1
    }

    /// SplitMix64's finalizer: each input bit changes about half the output bits.
    @inlinable
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The slot a tag's key would take in an empty table of `2^bits` slots.
    @inlinable
    static func home(_ tag: UInt32, bits: Int) -> Int { Int(tag >> UInt32(32 - bits)) }

    // MARK: Lookups

    /// The slot holding `key` (found), or the empty slot where it would go.
    @inlinable
    func find(_ key: Key, tag: UInt32) -> (found: Bool, slot: Int) {
        let mask = self.mask
        var slot = Self.home(tag, bits: bits)
        while true {
            let t = tags[slot]
            if t == 0 { return (false, slot) }
            if t == tag && keys[slot] == key { return (true, slot) }
            slot = (slot + 1) & mask
        }
    }

    /// - Complexity: O(1) expected.
    @inlinable
    subscript(key: Key) -> Value? {
        let (found, slot) = find(key, tag: tag(of: key))
        return found ? values[slot] : nil
    }

    /// Calls `body` with every entry, in slot order.
    @inlinable
    func forEach(_ body: (Key, Value) throws -> Void) rethrows {
        guard count > 0 else { return }
        for slot in 0..<slotCount where tags[slot] != 0 { try body(keys[slot], values[slot]) }
    }

    // MARK: Edits (unique reference only)

    /// Sets `key`'s value, adding the key when it is new.
    /// - Complexity: O(1) amortised.
    @inlinable
    func updateValue(_ value: Value, forKey key: Key) {
        let tag = self.tag(of: key)
        var (found, slot) = find(key, tag: tag)
        if found {
            values[slot] = value
            return
        }
        if count >= Self.capacity(bits: bits) {
            grow(toHold: count + 1)
            slot = find(key, tag: tag).slot
        }
        occupy(slot, tag: tag, key: key, value: value)
    }

    /// Removes `key`, returning its value.
    /// - Complexity: O(1) expected.
    @inlinable
    @discardableResult
    func removeValue(forKey key: Key) -> Value? {
        let (found, slot) = find(key, tag: tag(of: key))
        return found ? remove(at: slot) : nil
    }

    /// Adds entries whose keys must all be new: false, changing nothing, when a key is already
    /// there or comes twice (the insertion is the check).
    /// - Complexity: O(k) expected for k keys, plus a growth's O(n).
    @inlinable
    func insertNew<Values: RandomAccessCollection<Value>>(_ newKeys: [Key], _ newValues: Values) -> Bool
    where Values.Index == Int {
        precondition(newKeys.count == newValues.count && newValues.startIndex == 0)
        let n = newKeys.count
        if count + n > Self.capacity(bits: bits) { grow(toHold: count + n) }
        // Batches into a table that fits in cache (an infinite-append step, a small screen) go
        // straight in, allocating nothing; large ones are ordered by home first, so the writes
        // sweep the table once instead of landing at random.
        let ordered = n < 4_096 || bits < 15 ? nil : orderedByHome(newKeys)
        for done in 0..<n {
            let i = ordered.map { Int($0.order[done]) } ?? done
            let tag = ordered?.tags[i] ?? self.tag(of: newKeys[i])
            let (found, slot) = find(newKeys[i], tag: tag)
            if found {
                for earlier in 0..<done { removeValue(forKey: newKeys[ordered.map { Int($0.order[earlier]) } ?? earlier]) }
                return false
            }
            occupy(slot, tag: tag, key: newKeys[i], value: newValues[i])
        }
        return true
    }

    /// `keys`' tags, and their positions ordered by the top `min(bits, 11)` bits of the home (a
    /// counting sort: one pass to count, one to place). Inserts within one of those 2,048 parts
    /// of the table land at random, but at 10^6 entries a part is ~512 slots, 10 KB: in cache.
    @inlinable
    func orderedByHome(_ keys: [Key]) -> (tags: [UInt32], order: [Int32]) {
        let sortBits = Swift.min(bits, 11)
        let shift = UInt32(32 - sortBits)
        var starts = [Int](repeating: 0, count: (1 << sortBits) + 1)
        let tags = [UInt32](unsafeUninitializedCapacity: keys.count) { tags, initialized in
            for (i, key) in keys.enumerated() {
                let tag = self.tag(of: key)
                tags[i] = tag
                starts[Int(tag >> shift) + 1] += 1
            }
            initialized = keys.count
        }
        for b in 0..<(1 << sortBits) { starts[b + 1] += starts[b] }
        let order = [Int32](unsafeUninitializedCapacity: keys.count) { order, initialized in
            starts.withUnsafeMutableBufferPointer { starts in
                for (i, tag) in tags.enumerated() {
                    let b = Int(tag >> shift)
                    order[starts[b]] = Int32(truncatingIfNeeded: i)
                    starts[b] += 1
                }
            }
            initialized = keys.count
        }
        return (tags, order)
    }

    /// Fills the empty slot `slot`.
    @inlinable
    func occupy(_ slot: Int, tag: UInt32, key: Key, value: Value) {
        tags[slot] = tag
        (keys + slot).initialize(to: key)
        (values + slot).initialize(to: value)
        count += 1
    }

    /// Empties `slot` and closes the gap: later entries of its run whose home is at or before
    /// the gap move back, so every entry stays reachable from its home without tombstones.
    @inlinable
    func remove(at slot: Int) -> Value {
        (keys + slot).deinitialize(count: 1)
        let value = (values + slot).move()
        count -= 1
        let mask = self.mask
        var hole = slot
        var next = slot
        while true {
            next = (next + 1) & mask
            let tag = tags[next]
            if tag == 0 { break }
            // The entry at `next` may fill the hole when the hole is no further from its home
            // than `next` is (distances measured forward, around the end).
            let home = Self.home(tag, bits: bits)
            if (next - home) & mask >= (next - hole) & mask {
                tags[hole] = tag
                (keys + hole).moveInitialize(from: keys + next, count: 1)
                (values + hole).moveInitialize(from: values + next, count: 1)
                hole = next
            }
        }
        tags[hole] = 0
        return value
    }

    /// Moves every entry to a table large enough for `minimumCount`, in slot order: homes in
    /// the larger table are the same top bits plus one, so the writes sweep it too.
    @inlinable
    func grow(toHold minimumCount: Int) {
        var newBits = bits
        while Self.capacity(bits: newBits) < minimumCount { newBits += 1 }
        precondition(newBits <= 31, "HashTable: too many entries")
        let oldTags = tags
        let oldKeys = keys
        let oldValues = values
        let oldSlots = slotCount
        bits = newBits
        tags = .allocate(capacity: 1 << newBits)
        tags.initialize(repeating: 0, count: 1 << newBits)
        keys = .allocate(capacity: 1 << newBits)
        values = .allocate(capacity: 1 << newBits)
        let mask = self.mask
        for old in 0..<oldSlots {
            let tag = oldTags[old]
            guard tag != 0 else { continue }
            var slot = Self.home(tag, bits: newBits)
            while tags[slot] != 0 { slot = (slot + 1) & mask }
            tags[slot] = tag
            (keys + slot).moveInitialize(from: oldKeys + old, count: 1)
            (values + slot).moveInitialize(from: oldValues + old, count: 1)
        }
        oldTags.deallocate()
        oldKeys.deallocate()
        oldValues.deallocate()
    }
}
