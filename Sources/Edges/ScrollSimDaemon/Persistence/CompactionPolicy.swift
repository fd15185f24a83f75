/// When the state file is rewritten compactly: once it has grown to twice its size after the
/// last compaction (and at least `minimumSize`). A fixed threshold would rewrite a state larger
/// than it on every checkpoint, forever; a relative one bounds the rewriting to a constant factor
/// of what is appended (each byte written is rewritten at most about once more, amortised).
struct CompactionPolicy {
    /// Below this the log is never compacted (the rewrite would cost more than it saves).
    var minimumSize = 1 << 20
    /// The growth, relative to the last compacted size, that triggers the next compaction.
    var growthFactor = 2
    private(set) var lastCompactedSize = 0

    func isDue(size: Int) -> Bool { size >= Swift.max(minimumSize, lastCompactedSize * growthFactor) }

    mutating func compacted(size: Int) { lastCompactedSize = size }
}
