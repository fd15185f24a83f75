import Foundation
import ScrollSimUIKit
import ScrollSimXCTest
import XCTest

/// `measure(metrics:)` with count metrics, as a team's XCTest case writes it (docs/uikit-swift.md):
/// each iteration expands and collapses the workspace's "Add teammates" outline, which re-runs the
/// section provider for all three sections per apply (UIKit model 2.2, A1).
final class CountMetricXCTests: XCTestCase {
    /// The workspace screen, shown on a fresh simulator.
    static func shown() throws -> ScrollSimulator {
        try MainActor.assumeIsolated {
            let simulator = ScrollSimulator(device: .iPhone13)
            try simulator.show(WorkspaceViewController())
            return simulator
        }
    }

    func testOutlineToggleCounts() throws {
        let simulator = try Self.shown()
        // Against the baseline committed next to this file.
        measure(metrics: CountMetric.providerCalls(of: simulator)) {
            try simulator.tap(itemAt: IndexPath(item: 0, section: 2))
            try simulator.tap(itemAt: IndexPath(item: 0, section: 2))
        }
    }

    func testUnderItsBaselinePasses() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("count-baselines-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let baseline = directory.appendingPathComponent(CountMeasurement.baselineFileName(forTest: name) + ".json")
        try Data(#"{"sectionProvider": 100, "cellProvider": 100, "layoutPasses": 100}"#.utf8).write(to: baseline)
        let simulator = try Self.shown()
        // Each iteration's values are what it added: the same expand and collapse each time.
        nonisolated(unsafe) var seen: [Int] = []
        measure(metrics: CountMetric.providerCalls(of: simulator), iterations: 3, baselines: directory) {
            let before = simulator.counts.sectionProvider
            try simulator.tap(itemAt: IndexPath(item: 0, section: 2))
            try simulator.tap(itemAt: IndexPath(item: 0, section: 2))
            seen.append(simulator.counts.sectionProvider - before)
        }
        XCTAssertEqual(seen, [6, 6, 6])
    }
}
