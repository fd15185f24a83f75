/// The daemon's one clock. `read` is monotonic seconds, injected so a test can run the daemon's
/// timing rules on time it sets; `now` is the daemon's own time, which continues across restarts
/// from the state file's last checkpoint, so realtime simulations pick up where they were.
struct DaemonClock: Sendable {
    let read: @Sendable () -> Double
    /// The reading when the daemon started.
    let startedAt: Double
    /// The daemon's time at start: the latest time the state file recorded, or 0.
    var base = 0.0

    init(_ read: @escaping @Sendable () -> Double) {
        self.read = read
        startedAt = read()
    }

    /// The monotonic reading, for intervals and deadlines.
    func callAsFunction() -> Double { read() }

    /// The daemon's time: what realtime simulations and checkpoints follow.
    var now: Double { base + read() - startedAt }

    /// Seconds since this process started (not since the first start).
    var uptime: Double { read() - startedAt }
}
