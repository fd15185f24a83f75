/// A section's item identifiers, in chunks that copies of a snapshot share: an edit copies the
/// chunk it touches and the list of chunks, not the items (an append to a row of 10^6 items
/// copies one chunk of at most `ItemList.chunkCapacity`, not 10^6 identifiers).
///
/// Each chunk has a key, unique within the list and kept when a shared chunk is copied for an
/// edit, so a snapshot's item index can say which chunk holds an item: deleting or finding an
/// item then costs a walk over the chunk list and one chunk, not over the section.
public struct ItemList<Element: Hashable & Sendable>: Sendable {
    @usableFromInline
    final class Chunk: @unchecked Sendable {
        // Mutated only when uniquely referenced (`ItemList.makeUnique`): shared chunks are
        // immutable, which is what makes the type Sendable.
        @usableFromInline let key: UInt32
        @usableFromInline var items: ContiguousArray<Element>

        @usableFromInline
        init(key: UInt32, items: ContiguousArray<Element>) {
            self.key = key
            self.items = items
        }
    }

    /// How many items a chunk gets when it is made; an insertion splits a chunk past twice this.
    /// Fewer for identifiers that are not plain bits (a boxed or reference-counted type): copying
    /// the chunk an edit touches then copies each identifier through its value witness, so a
    /// small chunk keeps an append's copy small.
    public static var chunkCapacity: Int { _isPOD(Element.self) ? 2048 : 64 }

    /// The chunks, in segments that copies share too (see `SegmentedArray`: an edit of a copy
    /// of a long list copies one segment of chunk references, not all of them).
    @usableFromInline var chunks: SegmentedArray<Chunk>
    /// Each chunk's identity, kept beside `chunks` so that comparing two lists' chunks reads plain
    /// integers (no reference counting in the diff's loop over 10^3 chunks).
    @usableFromInline var identities: ContiguousArray<ObjectIdentifier> = []
    /// Each chunk's key, beside `chunks` for the same reason: finding a chunk by key reads no
    /// chunk object (at 10^6 items, touching 500 chunks cost more than the edit itself).
    @usableFromInline var keys: ContiguousArray<UInt32> = []
    /// `ends[c]`: the index just past chunk `c`'s last item.
    @usableFromInline var ends: ContiguousArray<Int> = []
    @usableFromInline var nextKey: UInt32 = 0
    /// Which section of its snapshot this list is, for the item index (see `Snapshot`): kept
    /// as the section moves, unlike its index.
    @usableFromInline var sectionToken: UInt32 = 0

    @inlinable
    public init() { chunks = SegmentedArray() }

    @inlinable
    init(sectionToken: UInt32) {
        chunks = SegmentedArray()
        self.sectionToken = sectionToken
    }

    /// An empty list whose chunk segments hold `1 << segmentShift` chunks (tests: many segments
    /// from few items).
    init(segmentShift: Int) { chunks = SegmentedArray(shift: segmentShift) }

    @inlinable
    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        chunks = SegmentedArray()
        append(contentsOf: Array(elements)) { _, _ in }
    }

    @inlinable
    public var count: Int { ends.last ?? 0 }

    @inlinable
    public var isEmpty: Bool { ends.isEmpty }

    // MARK: Finding

    /// The chunk holding index `i` and `i`'s offset in it.
    @inlinable
    func locate(_ i: Int) -> (chunk: Int, offset: Int) {
        var low = 0
        var high = ends.count - 1
        while low < high {
            let mid = (low + high) >> 1
            if ends[mid] > i { high = mid } else { low = mid + 1 }
        }
        return (low, i - start(of: low))
    }

    @inlinable
    func start(of chunk: Int) -> Int { chunk == 0 ? 0 : ends[chunk - 1] }

    /// The index of the chunk whose key is `key`.
    @inlinable
    func chunkIndex(key: UInt32) -> Int? { keys.firstIndex(of: key) }

    /// Where `element` is, given the key of the chunk that holds it.
    /// - Complexity: O(chunks + chunk size).
    @inlinable
    public func index(of element: Element, inChunk key: UInt32) -> Int? {
        guard let c = chunkIndex(key: key), let offset = chunks[c].items.firstIndex(of: element) else { return nil }
        return start(of: c) + offset
    }

    // MARK: Editing

    @inlinable
    mutating func newKey() -> UInt32 {
        defer { nextKey &+= 1 }
        return nextKey
    }

    /// Copies chunk `c` if another list shares it, so it can be edited.
    @inlinable
    mutating func makeUnique(_ c: Int) {
        if !isKnownUniquelyReferenced(&chunks[c]) {
            chunks[c] = Chunk(key: chunks[c].key, items: chunks[c].items)
            identities[c] = ObjectIdentifier(chunks[c])
        }
    }

    /// Puts `new` chunks in at `c`, their identities and keys beside them (ends: the caller's).
    @inlinable
    mutating func insertChunks(_ new: [Chunk], at c: Int) {
        chunks.insert(contentsOf: new, at: c)
        identities.insert(contentsOf: new.map(ObjectIdentifier.init), at: c)
        keys.insert(contentsOf: new.map(\.key), at: c)
    }

    /// Takes out chunk `c`, emptied, with its identity, key and end.
    @inlinable
    mutating func removeChunk(at c: Int) {
        chunks.remove(at: c)
        identities.remove(at: c)
        keys.remove(at: c)
        ends.remove(at: c)
    }

    @inlinable
    mutating func recomputeEnds(from c: Int) {
        ends.removeSubrange(c...)
        var end = start(of: c)
        for chunk in chunks[c...] {
            end += chunk.items.count
            ends.append(end)
        }
    }

    /// Appends `elements`, filling the last chunk to the capacity and starting new ones after it.
    /// `placed` is told the chunk key of every appended element.
    /// - Complexity: O(k + chunk size) for k elements.
    @inlinable
    public mutating func append(contentsOf elements: [Element], placed: (Element, UInt32) -> Void) {
        var rest = elements[...]
        if let last = chunks.indices.last, chunks[last].items.count < Self.chunkCapacity, !rest.isEmpty {
            makeUnique(last)
            let room = Self.chunkCapacity - chunks[last].items.count
            let taken = rest.prefix(room)
            chunks[last].items.append(contentsOf: taken)
            let key = chunks[last].key
            for element in taken { placed(element, key) }
            ends[last] += taken.count
            rest = rest.dropFirst(taken.count)
        }
        while !rest.isEmpty {
            let taken = rest.prefix(Self.chunkCapacity)
            let chunk = Chunk(key: newKey(), items: ContiguousArray(taken))
            for element in taken { placed(element, chunk.key) }
            insertChunks([chunk], at: chunks.count)
            ends.append(count + taken.count)
            rest = rest.dropFirst(taken.count)
        }
    }

    /// The chunk key each of `count` appended elements will get (what `append` will tell
    /// `placed`), known before appending, so an index can be checked and filled first.
    @inlinable
    public func plannedKeys(appending count: Int) -> PlannedKeys {
        var room = 0
        var lastKey: UInt32 = 0
        if let last = chunks.last, last.items.count < Self.chunkCapacity {
            room = Swift.min(Self.chunkCapacity - last.items.count, count)
            lastKey = last.key
        }
        return PlannedKeys(lastKey: lastKey, room: room, firstNewKey: nextKey, count: count)
    }

    /// The chunk keys of elements about to be appended: the last chunk's key while it has room,
    /// then a new key every `chunkCapacity` elements. Computed, not stored (a stored list would be
    /// fresh memory, and page faults, in proportion to the build).
    public struct PlannedKeys: RandomAccessCollection, Sendable {
        @usableFromInline let lastKey: UInt32
        @usableFromInline let room: Int
        @usableFromInline let firstNewKey: UInt32
        public let count: Int

        @inlinable
        init(lastKey: UInt32, room: Int, firstNewKey: UInt32, count: Int) {
            self.lastKey = lastKey
            self.room = room
            self.firstNewKey = firstNewKey
            self.count = count
        }

        @inlinable public var startIndex: Int { 0 }
        @inlinable public var endIndex: Int { count }

        @inlinable
        public subscript(i: Int) -> UInt32 {
            precondition(i >= 0 && i < count, "PlannedKeys: index out of range")
            return i < room ? lastKey : firstNewKey &+ UInt32(truncatingIfNeeded: (i - room) / ItemList.chunkCapacity)
        }
    }

    /// Inserts `elements` before index `position` (`count`: at the end). A chunk grown past twice
    /// the capacity is split; `placed` is told the chunk key of every inserted element and of
    /// every element that moved to another chunk.
    @inlinable
    public mutating func insert(contentsOf elements: [Element], at position: Int, placed: (Element, UInt32) -> Void) {
        guard position < count else {
            append(contentsOf: elements, placed: placed)
            return
        }
        let (c, offset) = locate(position)
        makeUnique(c)
        chunks[c].items.insert(contentsOf: elements, at: offset)
        let key = chunks[c].key
        for element in elements { placed(element, key) }
        if chunks[c].items.count > 2 * Self.chunkCapacity {
            // Split into pieces of the capacity; the first keeps the chunk's key.
            let items = chunks[c].items
            chunks[c].items = ContiguousArray(items.prefix(Self.chunkCapacity))
            var pieces: [Chunk] = []
            var rest = items.dropFirst(Self.chunkCapacity)
            while !rest.isEmpty {
                let piece = Chunk(key: newKey(), items: ContiguousArray(rest.prefix(Self.chunkCapacity)))
                for element in piece.items { placed(element, piece.key) }
                pieces.append(piece)
                rest = rest.dropFirst(Self.chunkCapacity)
            }
            insertChunks(pieces, at: c + 1)
        }
        recomputeEnds(from: c)
    }

    /// Removes the element at `index`.
    @inlinable
    @discardableResult
    public mutating func remove(at index: Int) -> Element {
        let (c, offset) = locate(index)
        makeUnique(c)
        let element = chunks[c].items.remove(at: offset)
        for i in c..<ends.count { ends[i] -= 1 }
        if chunks[c].items.isEmpty { removeChunk(at: c) }
        return element
    }

    /// Removes `element` from the chunk whose key is `key`; false when it is not there.
    /// - Complexity: O(chunks + chunk size).
    @inlinable
    @discardableResult
    public mutating func remove(_ element: Element, inChunk key: UInt32) -> Bool {
        guard let index = index(of: element, inChunk: key) else { return false }
        remove(at: index)
        return true
    }

    /// Removes every element in `doomed`, visiting only the chunks `visited` names (nil: all).
    /// - Complexity: O(chunks) integer work, plus the size of the chunks visited.
    @inlinable
    public mutating func removeAll(in doomed: Set<Element>, chunks visited: Set<UInt32>? = nil) {
        let targets = visited.map { $0.compactMap { keys.firstIndex(of: $0) }.sorted() } ?? Array(chunks.indices)
        // From the last, so removing an emptied chunk leaves the indices still to visit valid;
        // the ends after each edited chunk move back by what it lost (integers only: the other
        // chunks are not read).
        for c in targets.reversed() {
            let removed: Int
            if doomed.count <= 8 {
                // A few: found by comparing (no hashing of the chunk's other items).
                let found = doomed.compactMap { chunks[c].items.firstIndex(of: $0) }.sorted()
                guard !found.isEmpty else { continue }
                makeUnique(c)
                for i in found.reversed() { chunks[c].items.remove(at: i) }
                removed = found.count
            } else {
                guard chunks[c].items.contains(where: doomed.contains) else { continue }
                makeUnique(c)
                let before = chunks[c].items.count
                chunks[c].items.removeAll(where: doomed.contains)
                removed = before - chunks[c].items.count
            }
            for k in c..<ends.count { ends[k] -= removed }
            if chunks[c].items.isEmpty { removeChunk(at: c) }
        }
    }

    // MARK: Comparing

    /// How many leading elements `self` and `other` share. Chunks both lists hold (the same
    /// object at the same place) are skipped whole.
    @inlinable
    public func commonPrefixCount(with other: ItemList) -> Int {
        // Whole segments of chunks both lists share first (32 chunks a comparison), then chunks.
        var c = chunks.commonSegmentPrefix(with: other.chunks)
        while c < identities.count, c < other.identities.count, identities[c] == other.identities[c], ends[c] == other.ends[c] {
            c += 1
        }
        var i = start(of: c)
        let limit = Swift.min(count, other.count)
        while i < limit {
            // Compare the rest of the chunks that hold index i in each list, then move on.
            let (a, ao) = locate(i)
            let (b, bo) = other.locate(i)
            let left = chunks[a].items
            let right = other.chunks[b].items
            let span = Swift.min(left.count - ao, right.count - bo, limit - i)
            var k = 0
            while k < span && left[ao + k] == right[bo + k] { k += 1 }
            i += k
            if k < span { break }
        }
        return i
    }

    /// How many trailing elements `self` and `other` share, at most `limit`. Chunks both lists
    /// end with are skipped whole.
    @inlinable
    public func commonSuffixCount(with other: ItemList, limit: Int) -> Int {
        var a = chunks.count - 1
        var b = other.chunks.count - 1
        var suffix = 0
        while a >= 0, b >= 0, identities[a] == other.identities[b] {
            let size = ends[a] - start(of: a)
            guard suffix + size <= limit else { break }
            suffix += size
            a -= 1
            b -= 1
        }
        while suffix < limit {
            let (ca, ao) = locate(count - 1 - suffix)
            let (cb, bo) = other.locate(other.count - 1 - suffix)
            let left = chunks[ca].items
            let right = other.chunks[cb].items
            let span = Swift.min(ao + 1, bo + 1, limit - suffix)
            var k = 0
            while k < span && left[ao - k] == right[bo - k] { k += 1 }
            suffix += k
            if k < span { break }
        }
        return suffix
    }

    /// The elements in `range`, as an array.
    @inlinable
    public func elements(in range: Range<Int>) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(range.count)
        guard !range.isEmpty else { return result }
        var (c, offset) = locate(range.lowerBound)
        while result.count < range.count {
            let items = chunks[c].items
            let take = Swift.min(items.count - offset, range.count - result.count)
            result.append(contentsOf: items[offset..<offset + take])
            c += 1
            offset = 0
        }
        return result
    }
}

extension ItemList: RandomAccessCollection {
    public typealias Index = Int

    @inlinable
    public var startIndex: Int { 0 }

    @inlinable
    public var endIndex: Int { count }

    @inlinable
    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "ItemList index out of range")
        let (c, offset) = locate(position)
        return chunks[c].items[offset]
    }

    /// Walks the chunks in order, holding the current chunk's items: iteration costs what an
    /// array's does, not a search per element.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let chunks: SegmentedArray<Chunk>
        @usableFromInline var chunk = 0
        @usableFromInline var items: ContiguousArray<Element> = []
        @usableFromInline var offset = 0

        @inlinable
        init(chunks: SegmentedArray<Chunk>) { self.chunks = chunks }

        @inlinable
        public mutating func next() -> Element? {
            while offset == items.count {
                guard chunk < chunks.count else { return nil }
                items = chunks[chunk].items
                chunk += 1
                offset = 0
            }
            defer { offset += 1 }
            return items[offset]
        }
    }

    @inlinable
    public func makeIterator() -> Iterator { Iterator(chunks: chunks) }
}

extension ItemList: Equatable {
    @inlinable
    public static func == (lhs: ItemList, rhs: ItemList) -> Bool {
        lhs.count == rhs.count && lhs.commonPrefixCount(with: rhs) == lhs.count
    }
}

extension ItemList: ExpressibleByArrayLiteral {
    @inlinable
    public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension ItemList {
    /// Whether the chunk ends agree with the chunks, no chunk is empty and keys are unique.
    func _checkInvariants() -> Bool {
        guard chunks._checkInvariants(), ends.count == chunks.count, Set(chunks.map(\.key)).count == chunks.count,
            identities == ContiguousArray(chunks.map(ObjectIdentifier.init)), keys == ContiguousArray(chunks.map(\.key))
        else { return false }
        var end = 0
        for (c, chunk) in chunks.enumerated() {
            end += chunk.items.count
            guard !chunk.items.isEmpty, ends[c] == end else { return false }
        }
        return true
    }
}
