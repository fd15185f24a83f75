/// An array whose copies share its elements in fixed-size segments: copying it copies the list of
/// segments, and changing an element of a copy copies that element's segment, not the array.
///
/// Why: `ItemList` keeps its chunks in one. In a plain array, every edit of a copy would copy all
/// the chunk references (a retain each, and a release each when the old snapshot goes), a cost
/// that grows with the row. With segments of 32, an edit copies one segment reference per 32
/// chunks and one segment of 32.
///
/// Every segment holds `1 << shift` elements except the last, so an index finds its segment by a
/// shift. Appending touches only the last segment; inserting or removing elsewhere re-cuts the
/// segments from there on (chunks come and go only when a chunk is split or emptied).
@usableFromInline
struct SegmentedArray<Element: Sendable>: Sendable {
    @usableFromInline
    final class Segment: @unchecked Sendable {
        // Mutated only when uniquely referenced (`makeSegmentUnique`): shared segments are
        // immutable, which is what makes the type Sendable.
        @usableFromInline var elements: ContiguousArray<Element>

        @inlinable
        init(_ elements: ContiguousArray<Element>) { self.elements = elements }
    }

    @usableFromInline var segments: ContiguousArray<Segment> = []
    @usableFromInline var _count = 0
    /// log2 of the segment size; smaller in tests, so a few elements span many segments.
    @usableFromInline let shift: Int

    @inlinable
    init(shift: Int = 5) {
        precondition(shift >= 0 && shift < 16)
        self.shift = shift
    }

    @inlinable
    var mask: Int { (1 << shift) - 1 }

    /// Copies segment `s` if another array shares it, so it can be edited.
    @inlinable
    mutating func makeSegmentUnique(_ s: Int) {
        if !isKnownUniquelyReferenced(&segments[s]) { segments[s] = Segment(segments[s].elements) }
    }

    /// Element `i`; changing it (including `isKnownUniquelyReferenced(&array[i])`) first makes
    /// its segment this array's own.
    @inlinable
    subscript(i: Int) -> Element {
        get {
            precondition(i >= 0 && i < _count, "SegmentedArray index out of range")
            return segments[i >> shift].elements[i & mask]
        }
        _modify {
            precondition(i >= 0 && i < _count, "SegmentedArray index out of range")
            let s = i >> shift
            makeSegmentUnique(s)
            yield &segments[s].elements[i & mask]
        }
    }

    @inlinable
    mutating func append(_ element: Element) {
        if _count & mask == 0 {
            segments.append(Segment([element]))
        } else {
            makeSegmentUnique(segments.count - 1)
            segments[segments.count - 1].elements.append(element)
        }
        _count += 1
    }

    /// Inserts `elements` before index `i` (`count`: at the end).
    @inlinable
    mutating func insert(contentsOf elements: some Collection<Element>, at i: Int) {
        precondition(i >= 0 && i <= _count, "SegmentedArray index out of range")
        if i == _count {
            for element in elements { append(element) }
            return
        }
        recut(from: i) { $0.insert(contentsOf: elements, at: $1) }
    }

    @inlinable
    @discardableResult
    mutating func remove(at i: Int) -> Element {
        precondition(i >= 0 && i < _count, "SegmentedArray index out of range")
        var removed: Element?
        recut(from: i) { removed = $0.remove(at: $1) }
        return removed!
    }

    /// Takes the elements from `i`'s segment on into an array, lets `edit` change it (at offset
    /// `i` minus the segment's start), and cuts the result into new segments.
    @inlinable
    mutating func recut(from i: Int, _ edit: (inout ContiguousArray<Element>, Int) -> Void) {
        let first = i >> shift
        var tail = ContiguousArray<Element>()
        tail.reserveCapacity(_count - (first << shift) + 1)
        for segment in segments[first...] { tail.append(contentsOf: segment.elements) }
        edit(&tail, i - (first << shift))
        segments.removeSubrange(first...)
        _count = first << shift
        let size = 1 << shift
        var start = 0
        while start < tail.count {
            let end = Swift.min(start + size, tail.count)
            segments.append(Segment(ContiguousArray(tail[start..<end])))
            start = end
        }
        _count += tail.count
    }
}

extension SegmentedArray {
    /// How many leading elements sit in segments `self` and `other` share (the same segment
    /// objects at the same places): those elements are the same, without reading them.
    @inlinable
    func commonSegmentPrefix(with other: SegmentedArray) -> Int {
        guard shift == other.shift else { return 0 }
        var s = 0
        while s < segments.count, s < other.segments.count, segments[s] === other.segments[s] { s += 1 }
        return Swift.min(s << shift, _count, other._count)
    }
}

extension SegmentedArray: RandomAccessCollection {
    @inlinable
    var startIndex: Int { 0 }

    @inlinable
    var endIndex: Int { _count }
}

extension SegmentedArray {
    /// Whether every segment but the last is full and the count agrees (tests).
    func _checkInvariants() -> Bool {
        var total = 0
        for (s, segment) in segments.enumerated() {
            let size = segment.elements.count
            guard size > 0, size <= 1 << shift, s == segments.count - 1 || size == 1 << shift else { return false }
            total += size
        }
        return total == _count
    }
}
