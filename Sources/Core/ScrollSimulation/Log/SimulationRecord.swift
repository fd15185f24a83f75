/// One entry of a simulation's event log.
public struct SimulationRecord: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case layoutPass, cell, supplementary, decoration, apply, request, gesture, warning, visibleItems
        /// App code the ScrollSimUIKit simulator ran on its clock: a dispatched block, a task's job,
        /// a sleep's end, a timer, a URL load's answer.
        case appWork
    }

    /// 1 for the first record of the simulation.
    public var sequence: Int
    /// Seconds of virtual time.
    public var time: Double
    public var kind: Kind
    public var section: String?
    public var item: Int?
    /// What happened, e.g. `reason=initial sections=consult,company,expert` or `created reason=appeared`.
    public var detail: String
    /// What caused it: `initial`, `gesture#3 fling company`, `apply#2 feed company page 1`, `frame`.
    public var cause: String
    /// What `detail` says, as fields, for the kinds that programs read (layout passes, requests).
    public var facts: RecordFacts

    public init(
        sequence: Int, time: Double, kind: Kind, section: String?, item: Int?, detail: String, cause: String,
        facts: RecordFacts = .none
    ) {
        self.sequence = sequence
        self.time = time
        self.kind = kind
        self.section = section
        self.item = item
        self.detail = detail
        self.cause = cause
        self.facts = facts
    }
}

/// The most recent records, in a bounded ring buffer, plus a subscriber hook for live streams.
public struct EventLog: Sendable {
    public let capacity: Int
    private var buffer: [SimulationRecord] = []
    private var start = 0
    /// Records ever appended (the sequence number of the last one).
    public private(set) var total = 0

    public init(capacity: Int = 10_000) {
        self.capacity = Swift.max(1, capacity)
    }

    /// Appends a record, dropping the oldest when full.
    /// - Complexity: O(1).
    public mutating func append(_ record: SimulationRecord) {
        total += 1
        if buffer.count < capacity {
            buffer.append(record)
        } else {
            buffer[start] = record
            start = (start + 1) % capacity
        }
    }

    /// The retained records, oldest first.
    public var records: [SimulationRecord] { Array(buffer[start...] + buffer[..<start]) }

    /// The sequence number of the oldest retained record (total + 1 when there is none).
    public var oldestSequence: Int { total - buffer.count + 1 }

    /// Up to `limit` retained records with sequence numbers after `sequence`.
    /// - Complexity: O(`limit`), so live streams can poll every tick.
    public func records(after sequence: Int, limit: Int) -> [SimulationRecord] {
        let skip = Swift.max(0, sequence - oldestSequence + 1)
        guard skip < buffer.count, limit > 0 else { return [] }
        let count = Swift.min(limit, buffer.count - skip)
        return (skip..<skip + count).map { buffer[(start + $0) % buffer.count] }
    }
}
