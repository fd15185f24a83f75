extension HashTable {
    /// Whether the internal invariants hold; tests check it after their edits: the count is the
    /// number of filled slots, each slot's tag is its key's, and every entry is reachable from its
    /// home (no empty slot between them: what lookups and the backward-shift delete rely on).
    func _checkInvariants() -> Bool {
        guard bits >= 4, bits <= 31, count <= Self.capacity(bits: bits) else { return false }
        var filled = 0
        for slot in 0..<slotCount where tags[slot] != 0 {
            filled += 1
            guard tags[slot] == tag(of: keys[slot]) else { return false }
            var probe = Self.home(tags[slot], bits: bits)
            while probe != slot {
                guard tags[probe] != 0 else { return false }
                probe = (probe + 1) & mask
            }
        }
        return filled == count
    }
}
