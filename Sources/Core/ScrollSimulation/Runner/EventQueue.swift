/// Events ordered by virtual time; equal times keep insertion order, so runs are deterministic.
/// Inlinable: ScrollSimUIKit's simulator pops one per frame through the generic runner.
public struct EventQueue<Event> {
    @usableFromInline
    struct Entry {
        @usableFromInline var time: Double
        @usableFromInline var sequence: UInt64
        @usableFromInline var event: Event

        @inlinable
        init(time: Double, sequence: UInt64, event: Event) {
            self.time = time
            self.sequence = sequence
            self.event = event
        }

        @inlinable
        func precedes(_ other: Entry) -> Bool { (time, sequence) < (other.time, other.sequence) }
    }

    @usableFromInline var heap: [Entry] = []
    @usableFromInline var nextSequence: UInt64 = 0

    public init() {}

    @inlinable public var isEmpty: Bool { heap.isEmpty }
    @inlinable public var count: Int { heap.count }
    /// The time of the next event.
    @inlinable public var nextTime: Double? { heap.first?.time }
    /// The next event.
    @inlinable public var next: Event? { heap.first?.event }

    /// - Complexity: O(log n).
    @inlinable
    public mutating func schedule(_ event: Event, at time: Double) {
        heap.append(Entry(time: time, sequence: nextSequence, event: event))
        nextSequence += 1
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest event.
    /// - Complexity: O(log n).
    @inlinable
    public mutating func pop() -> (time: Double, event: Event)? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let entry = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < heap.count, heap[left].precedes(heap[first]) { first = left }
            if right < heap.count, heap[right].precedes(heap[first]) { first = right }
            guard first != parent else { break }
            heap.swapAt(parent, first)
            parent = first
        }
        return (entry.time, entry.event)
    }
}

extension EventQueue: Sendable where Event: Sendable {}
extension EventQueue.Entry: Sendable where Event: Sendable {}
