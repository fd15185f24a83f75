/// A dictionary whose copies share structure (a hash array mapped trie in the CHAMP layout): a
/// copy is free, and an edit of a copy copies the path to the changed entry — about log32(n)
/// small nodes — instead of the whole table. A snapshot's item index is one, so editing a copy
/// of a snapshot with 10^6 items costs what the edit touches.
///
/// Each node keeps its entries and its children in two arrays, each with a bitmap of the 32
/// positions it holds, so a lookup reads no enum and an edit reaches a child in place.
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
        @usableFromInline var keys: ContiguousArray<Key>
        @usableFromInline var values: ContiguousArray<Value>
        @usableFromInline var children: ContiguousArray<Node>

        @inlinable
        init(
            dataMap: UInt32 = 0, nodeMap: UInt32 = 0, keys: ContiguousArray<Key> = [], values: ContiguousArray<Value> = [],
            children: ContiguousArray<Node> = []
        ) {
            self.dataMap = dataMap
            self.nodeMap = nodeMap
            self.keys = keys
            self.values = values
            self.children = children
        }

        @inlinable
        func copy() -> Node { Node(dataMap: dataMap, nodeMap: nodeMap, keys: keys, values: values, children: children) }
    }

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
                let i = Self.index(node.dataMap, bit)
                return node.keys[i] == key ? node.values[i] : nil
            }
            guard node.nodeMap & bit != 0 else { return nil }
            node = node.children[Self.index(node.nodeMap, bit)]
            shift += Self.bitsPerLevel
        }
        return node.keys.firstIndex(of: key).map { node.values[$0] }
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
            if let i = node.keys.firstIndex(of: key) {
                defer { node.values[i] = value }
                return node.values[i]
            }
            node.keys.append(key)
            node.values.append(value)
            return nil
        }
        let bit = Self.bit(hash, shift)
        if node.dataMap & bit != 0 {
            let i = index(node.dataMap, bit)
            if node.keys[i] == key {
                defer { node.values[i] = value }
                return node.values[i]
            }
            // Two entries at this position: both go one level down, into a new child.
            let child = Node()
            _ = update(child, node.keys[i], node.values[i], Self.hash(node.keys[i]), shift + bitsPerLevel)
            _ = update(child, key, value, hash, shift + bitsPerLevel)
            node.keys.remove(at: i)
            node.values.remove(at: i)
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
        let i = index(node.dataMap, bit)
        node.dataMap |= bit
        node.keys.insert(key, at: i)
        node.values.insert(value, at: i)
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
            let i = node.keys.firstIndex(of: key)!
            node.keys.remove(at: i)
            return node.values.remove(at: i)
        }
        let bit = Self.bit(hash, shift)
        if node.dataMap & bit != 0 {
            let i = index(node.dataMap, bit)
            node.dataMap &= ~bit
            node.keys.remove(at: i)
            return node.values.remove(at: i)
        }
        let i = index(node.nodeMap, bit)
        if node.children[i].children.isEmpty && node.children[i].keys.count == 2 {
            // The child holds `key` and one other entry (the most common child of a large trie):
            // the other moves up into this node and the child goes, without copying it first.
            let child = node.children[i]
            let stays = child.keys[0] == key ? 1 : 0
            let old = child.values[1 - stays]
            node.nodeMap &= ~bit
            node.children.remove(at: i)
            let j = index(node.dataMap, bit)
            node.dataMap |= bit
            node.keys.insert(child.keys[stays], at: j)
            node.values.insert(child.values[stays], at: j)
            return old
        }
        if !isKnownUniquelyReferenced(&node.children[i]) { node.children[i] = node.children[i].copy() }
        let child = node.children[i]
        let old = remove(child, key, hash, shift + bitsPerLevel)
        if child.children.isEmpty && child.keys.count <= 1 {
            node.nodeMap &= ~bit
            node.children.remove(at: i)
            if child.keys.count == 1 {
                let j = index(node.dataMap, bit)
                node.dataMap |= bit
                node.keys.insert(child.keys[0], at: j)
                node.values.insert(child.values[0], at: j)
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
                return node.keys.count == node.values.count && node.children.isEmpty ? node.keys.count : nil
            }
            guard node.keys.count == node.dataMap.nonzeroBitCount, node.values.count == node.keys.count,
                node.children.count == node.nodeMap.nonzeroBitCount, node.dataMap & node.nodeMap == 0
            else { return nil }
            for key in node.keys where node.dataMap & Self.bit(Self.hash(key), shift) == 0 { return nil }
            var total = node.keys.count
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
            for i in node.keys.indices { body(node.keys[i], node.values[i]) }
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
        var seen = Set<Key>(minimumCapacity: keys.count)
        for key in keys where value(forKey: key) != nil || !seen.insert(key).inserted { return false }
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
            var listKeys = ContiguousArray<Key>()
            var listValues = ContiguousArray<Value>()
            for i in range {
                let e = pairs[i].entry
                if listKeys.contains(keys[e]) { return nil }
                listKeys.append(keys[e])
                listValues.append(values[e])
            }
            return Node(keys: listKeys, values: listValues)
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
        var nodeKeys = ContiguousArray<Key>()
        var nodeValues = ContiguousArray<Value>()
        var children = ContiguousArray<Node>()
        nodeKeys.reserveCapacity(entryCount)
        nodeValues.reserveCapacity(entryCount)
        children.reserveCapacity(childCount)
        let built = forEachRun { run in
            let bit = UInt32(1) << UInt32(position(run.lowerBound))
            if run.count == 1 {
                dataMap |= bit
                nodeKeys.append(keys[pairs[run.lowerBound].entry])
                nodeValues.append(values[pairs[run.lowerBound].entry])
            } else {
                guard let child = build(pairs, scratch, run, keys, values, shift + bitsPerLevel) else { return false }
                nodeMap |= bit
                children.append(child)
            }
            return true
        }
        guard built else { return nil }
        return Node(dataMap: dataMap, nodeMap: nodeMap, keys: nodeKeys, values: nodeValues, children: children)
    }
}
