/// A dictionary whose copies share structure (a hash array mapped trie in the CHAMP layout): a
/// copy is free, and an edit of a copy copies the path to the changed entry — about log32(n)
/// small nodes — instead of the whole table. A snapshot's item index is one, so editing a copy
/// of a snapshot with 10^6 items costs what the edit touches.
///
/// Each node keeps its entries (key and value side by side: one array to copy when a path is
/// copied) and its children in two arrays, each with a bitmap of the 32 positions it holds, so a
/// lookup reads no enum and an edit reaches a child in place.
/// Lookups walk about four nodes at 10^6 entries, a few times slower than a `Dictionary`: the
/// price of edits that do not grow with the data.
public struct PersistentMap<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    @usableFromInline
    final class Node: @unchecked Sendable {
        // Mutated only when uniquely referenced (path copying otherwise): shared nodes are
        // immutable, which is what makes the type Sendable.
        /// The positions holding an entry, and those holding a child.
        @usableFromInline var dataMap: UInt32
        @usableFromInline var nodeMap: UInt32
        @usableFromInline var entries: ContiguousArray<Entry>
        @usableFromInline var children: ContiguousArray<Node>

        @inlinable
        init(dataMap: UInt32 = 0, nodeMap: UInt32 = 0, entries: ContiguousArray<Entry> = [], children: ContiguousArray<Node> = [])
        {
            self.dataMap = dataMap
            self.nodeMap = nodeMap
            self.entries = entries
            self.children = children
        }

        @inlinable
        func copy() -> Node { Node(dataMap: dataMap, nodeMap: nodeMap, entries: entries, children: children) }
    }

    @usableFromInline typealias Entry = (key: Key, value: Value)

    /// Bits of the hash used per level. Below the last level (hashes equal in all 64 bits) a
    /// node holds colliding entries in its arrays without bitmaps.
    @inlinable static var bitsPerLevel: Int { 5 }
    @inlinable static var maxShift: Int { 65 }

    @usableFromInline var root = Node()
    @usableFromInline var _count = 0

    @inlinable
    public init() {}

    @inlinable
    public var count: Int { _count }

    @inlinable
    public var isEmpty: Bool { _count == 0 }

    @inlinable
    static func hash(_ key: Key) -> UInt64 { UInt64(bitPattern: Int64(key.hashValue)) }

    @inlinable
    static func bit(_ hash: UInt64, _ shift: Int) -> UInt32 { 1 << UInt32(truncatingIfNeeded: (hash >> UInt64(shift)) & 31) }

    @inlinable
    static func index(_ map: UInt32, _ bit: UInt32) -> Int { (map & (bit &- 1)).nonzeroBitCount }

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
        while shift < Self.maxShift {
            let bit = Self.bit(hash, shift)
            if node.dataMap & bit != 0 {
                let entry = node.entries[Self.index(node.dataMap, bit)]
                return entry.key == key ? entry.value : nil
            }
            guard node.nodeMap & bit != 0 else { return nil }
            node = node.children[Self.index(node.nodeMap, bit)]
            shift += Self.bitsPerLevel
        }
        return node.entries.first { $0.key == key }?.value
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
    @inlinable
    static func update(_ node: Node, _ key: Key, _ value: Value, _ hash: UInt64, _ shift: Int) -> Value? {
        if shift >= maxShift {
            if let i = node.entries.firstIndex(where: { $0.key == key }) {
                defer { node.entries[i].value = value }
                return node.entries[i].value
            }
            node.entries.append((key, value))
            return nil
        }
        let bit = Self.bit(hash, shift)
        if node.dataMap & bit != 0 {
            let i = index(node.dataMap, bit)
            if node.entries[i].key == key {
                defer { node.entries[i].value = value }
                return node.entries[i].value
            }
            // Two entries at this position: both go one level down, into a new child.
            let child = Node()
            let other = node.entries.remove(at: i)
            _ = update(child, other.key, other.value, Self.hash(other.key), shift + bitsPerLevel)
            _ = update(child, key, value, hash, shift + bitsPerLevel)
            node.dataMap &= ~bit
            node.nodeMap |= bit
            node.children.insert(child, at: index(node.nodeMap, bit))
            return nil
        }
        if node.nodeMap & bit != 0 {
            let i = index(node.nodeMap, bit)
            if !isKnownUniquelyReferenced(&node.children[i]) { node.children[i] = node.children[i].copy() }
            return update(node.children[i], key, value, hash, shift + bitsPerLevel)
        }
        node.entries.insert((key, value), at: index(node.dataMap, bit))
        node.dataMap |= bit
        return nil
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

    /// Removes `key` (which is there) from `node` (uniquely referenced). A child left with a
    /// single entry and no children is folded into its parent, so the trie stays shallow.
    @inlinable
    static func remove(_ node: Node, _ key: Key, _ hash: UInt64, _ shift: Int) -> Value {
        if shift >= maxShift {
            return node.entries.remove(at: node.entries.firstIndex { $0.key == key }!).value
        }
        let bit = Self.bit(hash, shift)
        if node.dataMap & bit != 0 {
            let i = index(node.dataMap, bit)
            node.dataMap &= ~bit
            return node.entries.remove(at: i).value
        }
        let i = index(node.nodeMap, bit)
        if node.children[i].children.isEmpty && node.children[i].entries.count == 2 {
            // The child holds `key` and one other entry (the most common child of a large trie):
            // the other moves up into this node and the child goes, without copying it first.
            let child = node.children[i]
            let stays = child.entries[0].key == key ? 1 : 0
            node.nodeMap &= ~bit
            node.children.remove(at: i)
            node.entries.insert(child.entries[stays], at: index(node.dataMap, bit))
            node.dataMap |= bit
            return child.entries[1 - stays].value
        }
        if !isKnownUniquelyReferenced(&node.children[i]) { node.children[i] = node.children[i].copy() }
        let child = node.children[i]
        let old = remove(child, key, hash, shift + bitsPerLevel)
        if child.children.isEmpty && child.entries.count <= 1 {
            node.nodeMap &= ~bit
            node.children.remove(at: i)
            if child.entries.count == 1 {
                node.entries.insert(child.entries[0], at: index(node.dataMap, bit))
                node.dataMap |= bit
            }
        }
        return old
    }

    @inlinable
    public mutating func removeAll() {
        root = Node()
        _count = 0
    }
}

extension PersistentMap {
    /// Whether every entry sits where its hash puts it and no child could be folded into its
    /// parent; tests check it after random edits.
    func _checkInvariants() -> Bool {
        func check(_ node: Node, _ shift: Int) -> Int? {
            if shift >= Self.maxShift {
                return node.children.isEmpty ? node.entries.count : nil
            }
            guard node.entries.count == node.dataMap.nonzeroBitCount, node.children.count == node.nodeMap.nonzeroBitCount,
                node.dataMap & node.nodeMap == 0
            else { return nil }
            for entry in node.entries where node.dataMap & Self.bit(Self.hash(entry.key), shift) == 0 { return nil }
            var total = node.entries.count
            for child in node.children {
                guard let below = check(child, shift + Self.bitsPerLevel), below >= 2 else { return nil }
                total += below
            }
            return total
        }
        return check(root, 0) == _count
    }
}

// MARK: Adding many

extension PersistentMap {
    /// Calls `body` with every entry, in no particular order.
    @inlinable
    public func forEach(_ body: (Key, Value) -> Void) {
        func visit(_ node: Node) {
            for entry in node.entries { body(entry.key, entry.value) }
            for child in node.children { visit(child) }
        }
        visit(root)
    }

    /// Adds entries whose keys must all be new: returns false, changing nothing, when a key is
    /// already in the map or comes twice in `entries`. The uniqueness check is the insertion's
    /// own work: many entries (at least as many as the map holds) are sorted into a new trie
    /// level by level, each node's arrays made at their final size, instead of inserted one by
    /// one (a snapshot of 10^5 items built ~10× faster).
    @inlinable
    public mutating func insertNew(_ keys: [Key], _ values: [Value]) -> Bool {
        precondition(keys.count == values.count)
        if keys.count >= 32 && keys.count >= _count {
            var allKeys = ContiguousArray<Key>()
            var allValues = ContiguousArray<Value>()
            var hashes = ContiguousArray<UInt64>()
            allKeys.reserveCapacity(_count + keys.count)
            allValues.reserveCapacity(_count + keys.count)
            hashes.reserveCapacity(_count + keys.count)
            forEach { key, value in
                allKeys.append(key)
                allValues.append(value)
                hashes.append(Self.hash(key))
            }
            for i in keys.indices {
                allKeys.append(keys[i])
                allValues.append(values[i])
                hashes.append(Self.hash(keys[i]))
            }
            // (hash, entry) pairs, sorted level by level in place: sequential reads, one scratch
            // buffer for the whole build.
            var pairs = ContiguousArray<(hash: UInt64, entry: Int)>()
            pairs.reserveCapacity(hashes.count)
            for (i, hash) in hashes.enumerated() { pairs.append((hash, i)) }
            var scratch = pairs
            let result = pairs.withUnsafeMutableBufferPointer { pairs in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    Self.build(pairs, scratch, 0..<pairs.count, allKeys, allValues, 0)
                }
            }
            guard let built = result else { return false }
            root = built
            _count = allKeys.count
            return true
        }
        if keys.count <= 16 {
            // A few (an infinite-append step): repeats found by comparing, no set to allocate.
            for j in keys.indices where value(forKey: keys[j]) != nil || keys[..<j].contains(keys[j]) { return false }
        } else {
            var seen = Set<Key>(minimumCapacity: keys.count)
            for key in keys where value(forKey: key) != nil || !seen.insert(key).inserted { return false }
        }
        for i in keys.indices { updateValue(values[i], forKey: keys[i]) }
        return true
    }

    /// The node holding the entries `pairs[range]` (their hashes and indices into `keys` and
    /// `values`) below `shift`; nil when two of them have equal keys. Sorts `pairs[range]` by
    /// this level's bits, using `scratch[range]`.
    @inlinable
    static func build(
        _ pairs: UnsafeMutableBufferPointer<(hash: UInt64, entry: Int)>,
        _ scratch: UnsafeMutableBufferPointer<(hash: UInt64, entry: Int)>, _ range: Range<Int>,
        _ keys: ContiguousArray<Key>, _ values: ContiguousArray<Value>, _ shift: Int
    ) -> Node? {
        if shift >= maxShift {
            // Equal hashes in every bit: a list, which must not hold a key twice.
            var list = ContiguousArray<Entry>()
            for i in range {
                let e = pairs[i].entry
                if list.contains(where: { $0.key == keys[e] }) { return nil }
                list.append((keys[e], values[e]))
            }
            return Node(entries: list)
        }
        @inline(__always) func position(_ i: Int) -> Int { Int((pairs[i].hash >> UInt64(shift)) & 31) }
        // Sort the range by this level's 5 bits.
        if range.count <= 16 {
            // Few entries (most nodes of a large trie): an insertion sort costs less than the
            // 32-bucket count.
            for i in range.dropFirst() {
                let pair = pairs[i]
                let p = Int((pair.hash >> UInt64(shift)) & 31)
                var j = i
                while j > range.lowerBound && position(j - 1) > p {
                    pairs[j] = pairs[j - 1]
                    j -= 1
                }
                pairs[j] = pair
            }
        } else {
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 32) { next in
                next.initialize(repeating: 0)
                for i in range { next[position(i)] += 1 }
                var start = range.lowerBound
                for p in 0..<32 { (next[p], start) = (start, start + next[p]) }
                for i in range {
                    let p = position(i)
                    scratch[next[p]] = pairs[i]
                    next[p] += 1
                }
                for i in range { pairs[i] = scratch[i] }
            }
        }
        /// Calls `body` with each run of one position, in order; false as soon as `body` is.
        func forEachRun(_ body: (Range<Int>) -> Bool) -> Bool {
            var start = range.lowerBound
            while start < range.upperBound {
                var end = start + 1
                while end < range.upperBound && position(end) == position(start) { end += 1 }
                guard body(start..<end) else { return false }
                start = end
            }
            return true
        }
        // A run is an entry when alone, else a child one level down. Counted first, so the
        // node's arrays are made at their size.
        var entryCount = 0
        var childCount = 0
        _ = forEachRun { run in
            if run.count == 1 { entryCount += 1 } else { childCount += 1 }
            return true
        }
        var dataMap: UInt32 = 0
        var nodeMap: UInt32 = 0
        var nodeEntries = ContiguousArray<Entry>()
        var children = ContiguousArray<Node>()
        nodeEntries.reserveCapacity(entryCount)
        children.reserveCapacity(childCount)
        let built = forEachRun { run in
            let bit = UInt32(1) << UInt32(position(run.lowerBound))
            if run.count == 1 {
                dataMap |= bit
                let e = pairs[run.lowerBound].entry
                nodeEntries.append((keys[e], values[e]))
            } else {
                guard let child = build(pairs, scratch, run, keys, values, shift + bitsPerLevel) else { return false }
                nodeMap |= bit
                children.append(child)
            }
            return true
        }
        guard built else { return nil }
        return Node(dataMap: dataMap, nodeMap: nodeMap, entries: nodeEntries, children: children)
    }
}
