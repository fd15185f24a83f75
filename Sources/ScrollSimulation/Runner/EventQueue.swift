/// Events ordered by virtual time; equal times keep insertion order, so runs are deterministic.
public struct EventQueue<Event> {
    struct Entry {
        var time: Double
        var sequence: UInt64
        var event: Event

        func precedes(_ other: Entry) -> Bool { (time, sequence) < (other.time, other.sequence) }
    }

    private var heap: [Entry] = []
    private var nextSequence: UInt64 = 0

    public init() {}

    public var isEmpty: Bool { heap.isEmpty }
    public var count: Int { heap.count }
    /// The time of the next event.
    public var nextTime: Double? { heap.first?.time }

    /// - Complexity: O(log n).
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
