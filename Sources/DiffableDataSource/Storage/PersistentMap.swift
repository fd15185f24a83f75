/// A dictionary whose copies share structure (a hash array mapped trie): a copy is free, and an
/// edit of a copy copies the path to the changed entry — about log32(n) small nodes — instead of
/// the whole table. A snapshot's item index is one, so editing a copy of a snapshot with 10^6
/// items costs what the edit touches.
///
/// Lookups walk that path (about four nodes at 10^6 entries), a few times slower than a
/// `Dictionary`, which is the price of edits that do not grow with the data.
public struct PersistentMap<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    @usableFromInline
    enum Slot {
        case entry(Key, Value)
        case node(Node)
    }

    @usableFromInline
    final class Node: @unchecked Sendable {
        // Mutated only when uniquely referenced (path copying otherwise): shared nodes are
        // immutable, which is what makes the type Sendable.
        /// Which of the 32 positions at this level are occupied.
        @usableFromInline var bitmap: UInt32
        @usableFromInline var slots: ContiguousArray<Slot>
        /// Entries whose hashes are equal in every bit (only below the last level).
        @usableFromInline var collisions: ContiguousArray<(Key, Value)>

        @usableFromInline
        init(bitmap: UInt32 = 0, slots: ContiguousArray<Slot> = [], collisions: ContiguousArray<(Key, Value)> = []) {
            self.bitmap = bitmap
            self.slots = slots
            self.collisions = collisions
        }

        @usableFromInline
        func copy() -> Node { Node(bitmap: bitmap, slots: slots, collisions: collisions) }
    }

    /// Bits of the hash used per level; 64-bit hashes give 13 levels, then collision lists.
    @usableFromInline static var bitsPerLevel: Int { 5 }
    @usableFromInline static var maxShift: Int { 65 }

    @usableFromInline var root = Node()
    @usableFromInline internal(set) var _count = 0

    @inlinable
    public var count: Int { _count }

    @inlinable
    public init() {}

    @inlinable
    public var isEmpty: Bool { count == 0 }

    @inlinable
    static func hash(_ key: Key) -> UInt64 { UInt64(bitPattern: Int64(key.hashValue)) }

    @inlinable
    static func position(_ hash: UInt64, _ shift: Int) -> UInt32 { UInt32(truncatingIfNeeded: (hash >> UInt64(shift)) & 31) }

    @inlinable
    static func slotIndex(_ bitmap: UInt32, _ bit: UInt32) -> Int { (bitmap & (bit &- 1)).nonzeroBitCount }

    // MARK: Lookup

    @inlinable
    public subscript(key: Key) -> Value? {
        get { value(forKey: key) }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    @inlinable
    public func value(forKey key: Key) -> Value? {
        let hash = Self.hash(key)
        var node = root
        var shift = 0
        while true {
            if shift >= Self.maxShift {
                return node.collisions.first { $0.0 == key }?.1
            }
            let bit = UInt32(1) << Self.position(hash, shift)
            guard node.bitmap & bit != 0 else { return nil }
            switch node.slots[Self.slotIndex(node.bitmap, bit)] {
            case .entry(let k, let v): return k == key ? v : nil
            case .node(let child):
                node = child
                shift += Self.bitsPerLevel
            }
        }
    }

    // MARK: Editing

    /// Sets `value` for `key`; returns the value it replaced.
    @inlinable
    @discardableResult
    public mutating func updateValue(_ value: Value, forKey key: Key) -> Value? {
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
        let old = Self.update(root, key, value, Self.hash(key), 0)
        if old == nil { _count += 1 }
        return old
    }

    /// Sets `value` for `key` in `node` (uniquely referenced), copying shared children on the way.
    @usableFromInline
    static func update(_ node: Node, _ key: Key, _ value: Value, _ hash: UInt64, _ shift: Int) -> Value? {
        if shift >= maxShift {
            if let i = node.collisions.firstIndex(where: { $0.0 == key }) {
                let old = node.collisions[i].1
                node.collisions[i].1 = value
                return old
            }
            node.collisions.append((key, value))
            return nil
        }
        let bit = UInt32(1) << position(hash, shift)
        let index = slotIndex(node.bitmap, bit)
        guard node.bitmap & bit != 0 else {
            node.bitmap |= bit
            node.slots.insert(.entry(key, value), at: index)
            return nil
        }
        switch node.slots[index] {
        case .entry(let k, let v):
            if k == key {
                node.slots[index] = .entry(key, value)
                return v
            }
            // Two entries at this position: push both one level down.
            let child = Node()
            _ = update(child, k, v, Self.hash(k), shift + bitsPerLevel)
            _ = update(child, key, value, hash, shift + bitsPerLevel)
            node.slots[index] = .node(child)
            return nil
        case .node(var child):
            // Drop the slot's reference first, so a child only this node holds is edited in place.
            node.slots[index] = .entry(key, value)
            if !isKnownUniquelyReferenced(&child) { child = child.copy() }
            let old = update(child, key, value, hash, shift + bitsPerLevel)
            node.slots[index] = .node(child)
            return old
        }
    }

    /// Removes `key`; returns its value.
    @inlinable
    @discardableResult
    public mutating func removeValue(forKey key: Key) -> Value? {
        guard value(forKey: key) != nil else { return nil }
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
        let old = Self.remove(root, key, Self.hash(key), 0)
        _count -= 1
        return old
    }

    /// Removes `key` from `node` (uniquely referenced; the key is there). A child left with a
    /// single entry and no children is folded into its parent, so the trie stays shallow.
    @usableFromInline
    static func remove(_ node: Node, _ key: Key, _ hash: UInt64, _ shift: Int) -> Value? {
        if shift >= maxShift {
            let i = node.collisions.firstIndex { $0.0 == key }!
            return node.collisions.remove(at: i).1
        }
        let bit = UInt32(1) << position(hash, shift)
        let index = slotIndex(node.bitmap, bit)
        switch node.slots[index] {
        case .entry(_, let v):
            node.bitmap &= ~bit
            node.slots.remove(at: index)
            return v
        case .node(var child):
            node.slots[index] = .node(Node())
            if !isKnownUniquelyReferenced(&child) { child = child.copy() }
            let old = remove(child, key, hash, shift + bitsPerLevel)
            if child.slots.count == 1, case .entry(let k, let v) = child.slots[0], child.collisions.isEmpty {
                node.slots[index] = .entry(k, v)
            } else if child.collisions.count == 1, child.slots.isEmpty {
                node.slots[index] = .entry(child.collisions[0].0, child.collisions[0].1)
            } else if child.slots.isEmpty && child.collisions.isEmpty {
                node.bitmap &= ~bit
                node.slots.remove(at: index)
            } else {
                node.slots[index] = .node(child)
            }
            return old
        }
    }

    @inlinable
    public mutating func removeAll() {
        root = Node()
        _count = 0
    }
}
