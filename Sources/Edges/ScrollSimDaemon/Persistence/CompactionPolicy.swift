/// When the state file is rewritten compactly: once it has grown to twice its size after the
/// last compaction (and at least `minimumSize`), or sooner when its file system runs short. A
/// fixed threshold would rewrite a state larger than it on every checkpoint, forever; a relative
/// one bounds the rewriting to a constant factor of what is appended (each byte written is
/// rewritten at most about once more, amortised).
struct CompactionPolicy {
    /// Below this the log is never compacted for its growth alone (the rewrite would cost more
    /// than it saves).
    var minimumSize = 1 << 20
    /// The growth, relative to the last compacted size, that triggers the next compaction.
    var growthFactor = 2
    private(set) var lastCompactedSize = 0
    /// A failed compaction is tried again after this back-off (1 s, doubling to 30 s), not after
    /// the log doubled again: on a full disk it cannot grow, so it would never be tried again.
    private(set) var retryAt = 0.0
    private var backoff = 1.0

    /// Whether to compact now, at `time`, a log of `size` bytes; `short`: its file system has less
    /// free space than `reserve(size:)` (compacting then frees what the log holds beyond the state).
    func isDue(size: Int, at time: Double, short: Bool = false) -> Bool {
        guard time >= retryAt else { return false }
        if short { return size > lastCompactedSize + lastCompactedSize / 4 }
        return size >= Swift.max(minimumSize, lastCompactedSize * growthFactor)
    }

    /// Free space kept on the state file's file system, past which inputs are refused: room to
    /// write a compacted copy of a state that grew to twice its last compacted size, so the log
    /// never fills the disk itself and can always be compacted.
    var reserve: Int { Swift.max(64 << 10, lastCompactedSize * 2) }

    mutating func compacted(size: Int) {
        lastCompactedSize = size
        retryAt = 0
        backoff = 1
    }

    mutating func failed(at time: Double) {
        retryAt = time + backoff
        backoff = Swift.min(backoff * 2, 30)
    }
}
