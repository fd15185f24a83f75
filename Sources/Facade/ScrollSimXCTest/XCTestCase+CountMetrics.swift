import Foundation
import JSONModel
import ScrollSimUIKit
import XCTest

/// `measure(metrics:)` for counts. swift-corelibs-xctest (XCTest on Linux) has neither `XCTMetric`
/// nor `measure(metrics:)`, so this gives the same shape: the block runs `iterations` times, each
/// metric records how much its count grew during each run, XCTest-style lines report them, and
/// the averages are held to a baseline file as Xcode holds timings to its baselines.
extension XCTestCase {
    /// Runs `block` `iterations` times (XCTest's default is 5) and reports each metric per
    /// iteration. The averages are compared with `__CountBaselines__/TEST.json` next to `file` (or
    /// in `baselines`): an average over its baseline by more than `tolerance` times the baseline
    /// fails the test with the counts that grew; one under it passes and says so. The first run
    /// records the baseline and fails once, saying so (review the file and commit it);
    /// `SCROLLSIM_RECORD_COUNTS=1` records again, as for count snapshots. Call it on the main
    /// thread, as XCTest runs test methods (inside `MainActor.assumeIsolated`, docs/uikit-swift.md).
    public func measure(
        metrics: [CountMetric], iterations: Int = 5, tolerance: Double = 0, baselines: URL? = nil,
        file: StaticString = #filePath, line: UInt = #line, block: @MainActor () throws -> Void
    ) {
        let testName = name
        MainActor.assumeIsolated {
            CountMetricRun.measure(
                testName, metrics: metrics, iterations: iterations, tolerance: tolerance, baselines: baselines, file: file,
                line: line, block: block)
        }
    }
}

/// One `measure(metrics:)` call, on the main actor where the simulator lives.
@MainActor
enum CountMetricRun {
    static func measure(
        _ name: String, metrics: [CountMetric], iterations: Int, tolerance: Double, baselines: URL?, file: StaticString,
        line: UInt, block: @MainActor () throws -> Void
    ) {
        guard !metrics.isEmpty, iterations > 0 else {
            XCTFail("measure(metrics:) needs at least one metric and one iteration", file: file, line: line)
            return
        }
        var values = [[Int]](repeating: [], count: metrics.count)
        for _ in 0..<iterations {
            let before = metrics.map(\.current)
            do {
                try block()
            } catch {
                XCTFail("the measured block threw: \(error)", file: file, line: line)
                return
            }
            for (index, metric) in metrics.enumerated() { values[index].append(metric.current - before[index]) }
        }
        let measurement = CountMeasurement(values: zip(Self.uniqueNames(metrics), values).map { ($0, $1) })
        let directory =
            baselines
            ?? URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("__CountBaselines__")
        let url = directory.appendingPathComponent(CountMeasurement.baselineFileName(forTest: name) + ".json")
        let recording = ProcessInfo.processInfo.environment["SCROLLSIM_RECORD_COUNTS"] == "1"
        let baseline: [String: Double]
        do {
            baseline = recording ? [:] : try CountBaselineFile.read(url)
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return
        }
        for report in measurement.report(baseline: baseline) { print("Test Case '\(name)' measured \(report)") }
        let comparisons = measurement.compared(with: baseline, tolerance: tolerance)
        if comparisons.contains(where: { $0.baseline == nil }) {
            do {
                try CountBaselineFile.write(measurement, merging: baseline, to: url)
            } catch {
                XCTFail("cannot record the baseline \(url.path): \(error)", file: file, line: line)
                return
            }
            XCTFail(
                "recorded the counts' baseline in \(url.path): review it and commit it; later runs compare with it",
                file: file, line: line)
            return
        }
        let regressions = comparisons.filter(\.isRegression)
        if !regressions.isEmpty {
            let lines = regressions.map {
                "\($0.name): average \(CountMeasurement.fixed($0.average)) > baseline \(CountMeasurement.fixed($0.baseline ?? 0))"
                    + ($0.allowed > 0 ? " + \(CountMeasurement.fixed($0.allowed)) allowed" : "")
            }
            XCTFail(
                "counts over their baseline in \(url.path) (SCROLLSIM_RECORD_COUNTS=1 records it again):\n"
                    + lines.joined(separator: "\n"), file: file, line: line)
        }
        for better in comparisons where better.isImprovement {
            print(
                "Test Case '\(name)' \(better.name): average \(CountMeasurement.fixed(better.average)) is under the baseline "
                    + "\(CountMeasurement.fixed(better.baseline ?? 0)); SCROLLSIM_RECORD_COUNTS=1 records the better one")
        }
    }

    /// The metrics' names, a repeated one numbered (`cellProvider`, `cellProvider 2`) so each
    /// keeps its own baseline.
    nonisolated static func uniqueNames(_ metrics: [CountMetric]) -> [String] {
        var seen: [String: Int] = [:]
        return metrics.map { metric in
            seen[metric.name, default: 0] += 1
            let times = seen[metric.name]!
            return times == 1 ? metric.name : "\(metric.name) \(times)"
        }
    }
}
