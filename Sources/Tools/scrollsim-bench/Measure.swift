#if canImport(Glibc)
    import Glibc
#endif

/// Timing and memory helpers for the benchmarks.
enum Measure {
    /// The median wall time of `body` in nanoseconds, over enough repetitions to fill about
    /// `budget` seconds (at least 3, at most `maxRuns`).
    static func median(budget: Double = 0.3, maxRuns: Int = 2_000, _ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        var samples: [Double] = []
        let start = clock.now
        while samples.count < 3 || (samples.count < maxRuns && seconds(clock.now - start) < budget) {
            let t0 = clock.now
            body()
            samples.append(seconds(clock.now - t0) * 1e9)
        }
        return middle(samples)
    }

    /// The median of `samples` (not empty).
    static func middle(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        return sorted[sorted.count / 2]
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    /// Peak resident set size of this process so far, in bytes (VmHWM).
    static func peakRSS() -> Int { statusField("VmHWM:") }

    /// Current resident set size, in bytes (VmRSS).
    static func currentRSS() -> Int { statusField("VmRSS:") }

    private static func statusField(_ name: String) -> Int {
        guard let file = fopen("/proc/self/status", "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix(name) {
                let digits = text.dropFirst(name.count).filter(\.isNumber)
                return (Int(digits) ?? 0) * 1024
            }
        }
        return 0
    }

    /// A duration in ns as a short human string.
    static func format(ns: Double) -> String {
        if ns >= 1e9 { return String(format3(ns / 1e9)) + " s" }
        if ns >= 1e6 { return String(format3(ns / 1e6)) + " ms" }
        if ns >= 1e3 { return String(format3(ns / 1e3)) + " µs" }
        return String(format3(ns)) + " ns"
    }

    static func format3(_ value: Double) -> String {
        let digits = value >= 100 ? 0 : value >= 10 ? 1 : 2
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        return digits == 0 ? String(Int(rounded)) : String(rounded)
    }

    static func megabytes(_ bytes: Int) -> String { format3(Double(bytes) / 1_048_576) + " MB" }

    static func pad(_ s: String, _ width: Int, right: Bool = true) -> String {
        let padding = String(repeating: " ", count: max(0, width - s.count))
        return right ? padding + s : s + padding
    }
}
