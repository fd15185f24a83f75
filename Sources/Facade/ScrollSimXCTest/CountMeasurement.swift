/// The values one `measure(metrics:)` call recorded, and their verdict against a baseline: pure,
/// so the comparison is tested without running XCTest.
public struct CountMeasurement: Sendable, Equatable {
    /// Each metric's values, one per iteration, by count name in the order measured.
    public var values: [(name: String, values: [Int])]

    public init(values: [(name: String, values: [Int])]) {
        self.values = values
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.values.map(\.name) == b.values.map(\.name) && a.values.map(\.values) == b.values.map(\.values)
    }

    /// Each count's average over the iterations.
    public var averages: [(name: String, average: Double)] {
        values.map { ($0.name, $0.values.isEmpty ? 0 : Double($0.values.reduce(0, +)) / Double($0.values.count)) }
    }

    /// A count's relative standard deviation in percent (XCTest prints it; counts that vary from
    /// iteration to iteration mean the block does not repeat the same work).
    static func relativeDeviation(_ values: [Int]) -> Double {
        guard values.count > 1 else { return 0 }
        let mean = Double(values.reduce(0, +)) / Double(values.count)
        guard mean != 0 else { return 0 }
        let variance = values.reduce(0) { $0 + (Double($1) - mean) * (Double($1) - mean) } / Double(values.count - 1)
        return variance.squareRoot() / mean * 100
    }

    /// One count's comparison with its baseline.
    public struct Comparison: Sendable, Equatable {
        public var name: String
        public var average: Double
        /// nil: the baseline has no value for this count (recorded on the next `record`).
        public var baseline: Double?
        /// The most the average may exceed the baseline by.
        public var allowed: Double

        /// Over the baseline by more than allowed: the test fails.
        public var isRegression: Bool { baseline.map { average > $0 + allowed } ?? false }
        /// Under the baseline: the test passes and says so, so a better baseline gets recorded.
        public var isImprovement: Bool { baseline.map { average < $0 } ?? false }
    }

    /// Each count against `baseline` (count name → average), allowing an increase of `tolerance`
    /// times the baseline (0: counts are deterministic, any increase is a regression).
    public func compared(with baseline: [String: Double], tolerance: Double = 0) -> [Comparison] {
        averages.map { name, average in
            let recorded = baseline[name]
            return Comparison(name: name, average: average, baseline: recorded, allowed: (recorded ?? 0) * tolerance)
        }
    }

    /// XCTest's report line for each count: `[sectionProvider, calls] average: 3.000, relative
    /// standard deviation: 0.000%, values: [3, 3, 3, 3, 3]` and the baseline when there is one.
    public func report(baseline: [String: Double] = [:]) -> [String] {
        zip(values, averages).map { measured, averaged in
            let (name, values, average) = (measured.name, measured.values, averaged.average)
            var line =
                "[\(name), calls] average: \(Self.fixed(average)), relative standard deviation: "
                + "\(Self.fixed(Self.relativeDeviation(values)))%, values: [\(values.map(String.init).joined(separator: ", "))]"
            if let recorded = baseline[name] { line += ", baseline: \(Self.fixed(recorded))" }
            return line
        }
    }

    /// The file a test's baseline is kept in, without `.json`: its name (`-[FeedTests testScroll]`
    /// or `FeedTests.testScroll`) with every character a file name should not hold made `_`, and
    /// none at either end (a name starting with `-` reads as an option in a shell).
    public static func baselineFileName(forTest testName: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        let mapped = testName.map { allowed.contains($0) ? $0 : "_" }
        let trimmed = mapped.drop { $0 == "_" || $0 == "-" }.reversed().drop { $0 == "_" || $0 == "-" }
        return String(trimmed.reversed())
    }

    /// Three decimals, as XCTest prints its measurements.
    static func fixed(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let sign = thousandths < 0 ? "-" : ""
        let magnitude = abs(thousandths)
        let fraction = String(magnitude % 1000)
        return "\(sign)\(magnitude / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
