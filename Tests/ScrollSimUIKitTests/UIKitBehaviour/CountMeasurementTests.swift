import ScrollSimXCTest
import Testing

/// The comparison behind `measure(metrics:)`: averages over iterations held to a baseline.
@Suite("count measurements and their baselines")
struct CountMeasurementTests {
    let measurement = CountMeasurement(values: [("sectionProvider", [6, 6, 6, 6, 6]), ("cellProvider", [2, 3, 2, 3, 2])])

    @Test("averages per count, in the order measured")
    func averages() {
        #expect(measurement.averages.map(\.name) == ["sectionProvider", "cellProvider"])
        #expect(measurement.averages.map(\.average) == [6, 2.4])
    }

    @Test("over the baseline is a regression; within the tolerance or under it is not; under it is an improvement")
    func comparisons() {
        let exact = measurement.compared(with: ["sectionProvider": 6, "cellProvider": 2.4])
        #expect(exact.allSatisfy { !$0.isRegression && !$0.isImprovement })
        let worse = measurement.compared(with: ["sectionProvider": 5, "cellProvider": 2.4])
        #expect(worse.map(\.isRegression) == [true, false])
        let tolerated = measurement.compared(with: ["sectionProvider": 5, "cellProvider": 2.4], tolerance: 0.2)
        #expect(tolerated.map(\.isRegression) == [false, false] && tolerated[0].allowed == 1)
        let better = measurement.compared(with: ["sectionProvider": 9, "cellProvider": 3])
        #expect(better.map(\.isImprovement) == [true, true] && better.allSatisfy { !$0.isRegression })
        let missing = measurement.compared(with: ["sectionProvider": 6])
        #expect(missing[1].baseline == nil && !missing[1].isRegression)
    }

    @Test("reports as XCTest prints a metric: average, relative standard deviation, values, baseline")
    func report() {
        let lines = measurement.report(baseline: ["sectionProvider": 6])
        #expect(
            lines == [
                "[sectionProvider, calls] average: 6.000, relative standard deviation: 0.000%, values: [6, 6, 6, 6, 6], baseline: 6.000",
                "[cellProvider, calls] average: 2.400, relative standard deviation: 22.822%, values: [2, 3, 2, 3, 2]",
            ])
    }

    @Test("a test's baseline file is named for it: XCTest's names made file names, the committed one's name kept")
    func baselineFileNames() {
        #expect(CountMeasurement.baselineFileName(forTest: "-[FeedTests testScroll]") == "FeedTests_testScroll")
        #expect(CountMeasurement.baselineFileName(forTest: "FeedTests.testScroll") == "FeedTests.testScroll")
        #expect(
            CountMeasurement.baselineFileName(forTest: "CountMetricXCTests.testOutlineToggleCounts")
                == "CountMetricXCTests.testOutlineToggleCounts")
        #expect(CountMeasurement.baselineFileName(forTest: "__") == "")
    }
}
