/// A write-once hash index from identifiers to positions, for the diff's hot path.
///
/// `Dictionary` keeps its occupancy bitmap, keys and values in three arrays, so each random insert
/// or lookup can miss the cache three times; at 10^5 identifiers that dominated the diff (measured
/// with perf: stalls on the bucket loads). Here key and value share one slot, and the table is kept
/// at most half full, so an operation costs about one cache miss plus the identifier's hash.
///
/// Only what the diff needs: insert unique keys, then look up. Not copyable in a meaningful way;
/// the diff owns one for the duration of a call and calls `deallocate()`.
@usableFromInline
struct IdentifierIndex<Key: Hashable> {
    @usableFromInline
    struct Slot {
        @usableFromInline var key: Key
        /// The stored position, or -1 when the slot is empty (then `key` is uninitialised).
        @usableFromInline var value: Int32
    }

    @usableFromInline let slots: UnsafeMutablePointer<Slot>
    @usableFromInline let mask: Int

    /// An index with room for `count` keys.
    @inlinable
    init(capacity count: Int) {
        var size = 16
        while size < count * 2 { size <<= 1 }
        mask = size - 1
        slots = .allocate(capacity: size)
        // Mark every slot empty without initialising its key.
        let raw = UnsafeMutableRawPointer(slots)
        for i in 0..<size {
            raw.storeBytes(of: -1, toByteOffset: i * MemoryLayout<Slot>.stride + MemoryLayout<Slot>.offset(of: \Slot.value)!, as: Int32.self)
        }
    }

    /// Stores `value` for `key`; the key must not be present yet.
    @inlinable
    func insert(_ key: Key, _ value: Int32) {
        var i = key.hashValue & mask
        while slots[i].value >= 0 { i = (i + 1) & mask }
        (slots + i).pointer(to: \.key)!.initialize(to: key)
        (slots + i).pointer(to: \.value)!.pointee = value
    }

    /// The value stored for `key`, or nil.
    @inlinable
    func find(_ key: Key) -> Int32? {
        var i = key.hashValue & mask
        while true {
            let value = slots[i].value
            if value < 0 { return nil }
            if slots[i].key == key { return value }
            i = (i + 1) & mask
        }
    }

    /// Releases the table, deinitialising the stored keys.
    @inlinable
    func deallocate() {
        for i in 0...mask where slots[i].value >= 0 {
            _ = (slots + i).pointer(to: \.key)!.move()
        }
        slots.deallocate()
    }
}
