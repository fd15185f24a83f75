/// Delays over the last `window` seconds (a ring of samples with their times), so start-up and
/// old bursts leave the figures: how late the live tick fires, how long a client's call waits
/// between arriving and being dispatched.
struct LatencyWindow {
    private var samples: [(time: Double, latenessMs: Double)] = []
    private var next = 0
    private(set) var count = 0
    static let capacity = 8_192
    static let window = 10.0

    mutating func record(latenessMs: Double, at time: Double) {
        count += 1
        if samples.count < Self.capacity {
            samples.append((time, latenessMs))
        } else {
            samples[next] = (time, latenessMs)
            next = (next + 1) % Self.capacity
        }
    }

    /// p50, p99 and the maximum over the window ending at `now`, in milliseconds.
    func percentiles(now: Double) -> (Double, Double, Double) {
        let sorted = samples.filter { now - $0.time <= Self.window }.map(\.latenessMs).sorted()
        guard !sorted.isEmpty else { return (0, 0, 0) }
        func at(_ q: Double) -> Double { sorted[Swift.min(sorted.count - 1, Int(q * Double(sorted.count)))] }
        return (at(0.5), at(0.99), sorted.last!)
    }
}
