/// A dictionary whose copies share structure (a hash array mapped trie in the CHAMP layout): a
/// copy is free, and an edit of a copy copies the path to the changed entry — about log32(n)
/// small nodes — instead of the whole table. A snapshot's item index is one, so editing a copy
/// of a snapshot with 10^6 items costs what the edit touches.
///
/// Each node keeps its entries (key and value side by side: one array to copy when a path is
/// copied) and its children in two arrays, each with a bitmap of the 32 positions it holds, so a
/// lookup reads no enum and an edit reaches a child in place. A node copied for an edit shares
/// its original's list of children and keeps the few children it replaces beside it (`patches`):
/// copying the list would retain each of its ~32 children, which at 10^6 entries are out of
/// cache, and releasing the old path would touch them all again.
/// Lookups walk a few nodes (four at 10^6 entries) where a `Dictionary` probes one slot: the
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
        /// The children, except those `patches` replaces. A copy shares this list with the node
        /// it was copied from (`ownsChildren` false) and records the children it replaces in
        /// `patches` instead of writing here: writing would copy the list, retaining every
        /// child in it — at 10^6 entries, ~32 cold nodes a level, half an append's time — and
        /// releasing them all again when the old snapshot goes.
        @usableFromInline var children: ContiguousArray<Node>
        /// Bit `i`: `children[i]` is replaced by `patches[k]`, k the number of lower bits set.
        @usableFromInline var patchMap: UInt32
        @usableFromInline var patches: ContiguousArray<Node>
        /// Whether `children` is this node's own list, to edit in place (a hint: should the
        /// list be shared after all, the array's copy-on-write still copies it first).
        @usableFromInline var ownsChildren: Bool

        @inlinable
        init(
            dataMap: UInt32 = 0, nodeMap: UInt32 = 0, entries: ContiguousArray<Entry> = [], children: ContiguousArray<Node> = [],
            patchMap: UInt32 = 0, patches: ContiguousArray<Node> = [], ownsChildren: Bool = true
        ) {
            self.dataMap = dataMap
            self.nodeMap = nodeMap
            self.entries = entries
            self.children = children
            self.patchMap = patchMap
            self.patches = patches
            self.ownsChildren = ownsChildren
        }

        /// A node with the same contents, sharing this one's lists.
        @inlinable
        func copy() -> Node {
            Node(
                dataMap: dataMap, nodeMap: nodeMap, entries: entries, children: children, patchMap: patchMap, patches: patches,
                ownsChildren: false)
        }

        /// Child `i` (an index into `children`).
        @inlinable
        func child(_ i: Int) -> Node {
            let bit = UInt32(1) << UInt32(truncatingIfNeeded: i)
            return patchMap & bit == 0 ? children[i] : patches[PersistentMap.index(patchMap, bit)]
        }

        /// How many children a node replaces in `patches` before it takes a list of its own:
        /// bounds both the lookup's detour and the replaced children kept alive by the shared
        /// list (at most this many stale versions under each node).
        @inlinable static var maxPatches: Int { 8 }

        /// Child `i`, safe to edit in place (this node is uniquely referenced): copied, and the
        /// copy put in its place, when anything else may hold it. The root (`patching` false)
        /// takes a list of its own at once: its children are the trie's most used nodes, in
        /// cache, where a copy is cheap and a patch's detour is not.
        @inlinable
        func editableChild(_ i: Int, patching: Bool) -> Node {
            let bit = UInt32(1) << UInt32(truncatingIfNeeded: i)
            if patchMap & bit != 0 {
                let k = PersistentMap.index(patchMap, bit)
                if !isKnownUniquelyReferenced(&patches[k]) { patches[k] = patches[k].copy() }
                return patches[k]
            }
            if ownsChildren {
                if !isKnownUniquelyReferenced(&children[i]) { children[i] = children[i].copy() }
                return children[i]
            }
            // The list is shared with the node this one was copied from, so the child is too.
            let copy = children[i].copy()
            if patching && patches.count < Self.maxPatches {
                patches.insert(copy, at: PersistentMap.index(patchMap, bit))
                patchMap |= bit
            } else {
                ownChildren()
                children[i] = copy
            }
            return copy
        }

        /// Makes `children` this node's own list with the patches in it, before an edit that
        /// adds or removes a child (patches are kept by position in the list).
        @inlinable
        func ownChildren() {
            if patchMap != 0 {
                var map = patchMap
                var k = 0
                while map != 0 {
                    children[map.trailingZeroBitCount] = patches[k]
                    map &= map &- 1
                    k += 1
                }
                patchMap = 0
                patches = []
            }
            ownsChildren = true
        }
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
        // Unretained: `self` holds the root and every node holds its children while this reads
        // (a lookup at 10^6 entries retained and released four cold nodes).
        unowned(unsafe) var node = root
        var shift = 0
        while shift < Self.maxShift {
            let bit = Self.bit(hash, shift)
            if node.dataMap & bit != 0 {
                let entry = node.entries[Self.index(node.dataMap, bit)]
                return entry.key == key ? entry.value : nil
            }
            guard node.nodeMap & bit != 0 else { return nil }
            node = node.child(Self.index(node.nodeMap, bit))
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
            node.ownChildren()
            node.children.insert(child, at: index(node.nodeMap, bit))
            return nil
        }
        if node.nodeMap & bit != 0 {
            return update(
                node.editableChild(index(node.nodeMap, bit), patching: shift > 0), key, value, hash, shift + bitsPerLevel)
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
        do {
            // (Scoped: a reference held past here would make `editableChild` copy the child.)
            let child = node.child(i)
            if child.children.isEmpty && child.entries.count == 2 {
                // The child holds `key` and one other entry (the most common child of a large
                // trie): the other moves up into this node and the child goes, uncopied.
                let stays = child.entries[0].key == key ? 1 : 0
                node.nodeMap &= ~bit
                node.ownChildren()
                node.children.remove(at: i)
                node.entries.insert(child.entries[stays], at: index(node.dataMap, bit))
                node.dataMap |= bit
                return child.entries[1 - stays].value
            }
        }
        let editable = node.editableChild(i, patching: shift > 0)
        let old = remove(editable, key, hash, shift + bitsPerLevel)
        if editable.children.isEmpty && editable.entries.count <= 1 {
            node.nodeMap &= ~bit
            node.ownChildren()
            node.children.remove(at: i)
            if editable.entries.count == 1 {
                node.entries.insert(editable.entries[0], at: index(node.dataMap, bit))
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
    /// Whether every entry sits where its hash puts it, no child could be folded into its
    /// parent and every patch replaces a child; tests check it after random edits.
    func _checkInvariants() -> Bool {
        func check(_ node: Node, _ shift: Int) -> Int? {
            guard node.patches.count == node.patchMap.nonzeroBitCount, node.patchMap >> node.children.count == 0,
                !node.ownsChildren || node.patchMap == 0
            else { return nil }
            if shift >= Self.maxShift {
                return node.children.isEmpty ? node.entries.count : nil
            }
            guard node.entries.count == node.dataMap.nonzeroBitCount, node.children.count == node.nodeMap.nonzeroBitCount,
                node.dataMap & node.nodeMap == 0
            else { return nil }
            for entry in node.entries where node.dataMap & Self.bit(Self.hash(entry.key), shift) == 0 { return nil }
            var total = node.entries.count
            for i in node.children.indices {
                guard let below = check(node.child(i), shift + Self.bitsPerLevel), below >= 2 else { return nil }
                total += below
            }
            return total
        }
        return check(root, 0) == _count
    }

    /// The nodes the map reads (`live`), and all it keeps alive (`held`): besides those, the
    /// children that patches replaced, still in lists a copy shares. Tests bound the difference.
    func _nodeCounts() -> (live: Int, held: Int) {
        func live(_ node: Node) -> Int { node.children.indices.reduce(1) { $0 + live(node.child($1)) } }
        var seen = Set<ObjectIdentifier>()
        func hold(_ node: Node) {
            guard seen.insert(ObjectIdentifier(node)).inserted else { return }
            for child in node.children { hold(child) }
            for child in node.patches { hold(child) }
        }
        hold(root)
        return (live(root), seen.count)
    }
}

// MARK: Adding many

extension PersistentMap {
    /// Calls `body` with every entry, in no particular order.
    @inlinable
    public func forEach(_ body: (Key, Value) -> Void) {
        func visit(_ node: Node) {
            for entry in node.entries { body(entry.key, entry.value) }
            for i in node.children.indices { visit(node.child(i)) }
        }
        visit(root)
    }

    /// Adds entries whose keys must all be new: returns false, changing nothing, when a key is
    /// already in the map or comes twice in `entries`. The uniqueness check is the insertion's
    /// own work: many entries (at least as many as the map holds) are sorted into a new trie
    /// level by level, each node's arrays made at their final size, instead of inserted one by
    /// one, so no node is copied as it grows.
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
