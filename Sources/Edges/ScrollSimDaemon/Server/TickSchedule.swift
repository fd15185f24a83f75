/// The live tick's rules, as a value the daemon consults each tick: how late it fired, how far
/// one tick may move a realtime simulation, and which stream it polls first.
struct TickSchedule {
    /// A tick moves each realtime simulation at most this many tick intervals: a daemon that fell
    /// behind catches up over the next ticks instead of stalling the loop in one long one.
    static let catchUpIntervals = 4.0

    private(set) var interval: Double
    /// When the next tick is due on the monotonic clock.
    private(set) var expected: Double
    /// The stream polled last: ticks poll round-robin from the one after it, so a tick whose
    /// budget runs out before the last stream does not starve the same streams every time.
    private var lastPolled = 0

    init(interval: Double, startingAt time: Double) {
        self.interval = interval
        expected = time + interval
    }

    /// The most virtual time one tick advances a realtime simulation.
    var maxStep: Double { interval * Self.catchUpIntervals }

    /// A tick fires at `time`: how late it is, in seconds (never negative). The next is due an
    /// interval from now, not from when this one was due, so a late tick does not bunch the next.
    mutating func fire(at time: Double) -> Double {
        let lateness = Swift.max(0, time - expected)
        expected = time + interval
        return lateness
    }

    /// The streams' connection ids (any order), in the order this tick polls them.
    func pollingOrder(_ ids: [Int]) -> [Int] {
        let sorted = ids.sorted()
        let start = sorted.firstIndex { $0 > lastPolled } ?? 0
        return Array(sorted[start...] + sorted[..<start])
    }

    mutating func polled(_ id: Int) { lastPolled = id }

    /// A new interval (a reload), counted from `time`.
    mutating func restart(interval: Double, at time: Double) {
        self.interval = interval
        expected = time + interval
    }
}
