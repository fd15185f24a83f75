/// How late the live tick fires, over the most recent ticks (a ring of samples).
struct TickStatistics {
    private var samples: [Double] = []
    private var next = 0
    private(set) var count = 0
    static let capacity = 4_096

    mutating func record(latenessMs: Double) {
        count += 1
        if samples.count < Self.capacity {
            samples.append(latenessMs)
        } else {
            samples[next] = latenessMs
            next = (next + 1) % Self.capacity
        }
    }

    /// p50, p99 and the maximum of the retained samples, in milliseconds.
    func percentiles() -> (Double, Double, Double) {
        guard !samples.isEmpty else { return (0, 0, 0) }
        let sorted = samples.sorted()
        func at(_ q: Double) -> Double { sorted[Swift.min(sorted.count - 1, Int(q * Double(sorted.count)))] }
        return (at(0.5), at(0.99), sorted.last!)
    }
}
