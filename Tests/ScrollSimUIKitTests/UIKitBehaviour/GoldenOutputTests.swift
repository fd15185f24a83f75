import Foundation
import ScrollSimUIKit
import TestSupport
import Testing

/// Seed screens written as iOS apps, driven through a fixed sequence of gestures, with the whole
/// event log and the counts compared with recordings (this folder): changes to the simulator or the
/// engine that must not change behaviour are proven not to, byte for byte. Re-record deliberately
/// with `SCROLLSIM_RECORD_GOLDEN=1`.
@MainActor
@Suite("ScrollSimUIKit golden outputs")
struct UIKitGoldenOutputTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden")

    static func transcript(_ simulator: ScrollSimulator) -> String {
        var lines = ["time \(simulator.time)"]
        lines.append("total " + simulator.counts.named.map { "\($0.0)=\($0.1)" }.joined(separator: " "))
        for warning in simulator.warnings { lines.append("warning \(warning)") }
        for record in simulator.events {
            lines.append(
                "\(record.sequence) \(record.time) \(record.kind.rawValue) \(record.section ?? "-") \(record.item.map(String.init) ?? "-") \(record.detail) | \(record.cause)"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func check(_ simulator: ScrollSimulator, _ name: String) {
        let mismatch = GoldenFile.mismatch(Self.transcript(simulator), name: name, directory: Self.directory)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test("home: flings of the page and the company row, appends from the pager, a drag and a rotation")
    func home() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        let feed = try HomeFeed.load()
        let controller = HomeViewController(
            feed: feed, pager: SimulatedCompanyPager(simulator: simulator, page: feed.companyInfoList, latency: 0.3))
        try simulator.show(controller)
        try simulator.fling(section: 1, velocity: 2000)
        try simulator.advance(by: 2)
        try simulator.fling(velocity: 1500)
        try simulator.drag(section: 1, by: -420, duration: 0.2)
        try simulator.advance(by: 1.5)
        try simulator.fling(section: 1, velocity: -5000)
        try simulator.runUntilIdle()
        try simulator.fling(section: 1, velocity: 6000)
        try simulator.advance(by: 4)
        try simulator.drag(by: -300)
        try simulator.rotate()
        try simulator.advance(by: 1)
        try simulator.fling(section: 2, velocity: 3000)
        try simulator.runUntilIdle()
        check(simulator, "home.txt")
    }

    @Test("shop home: banner paging both ways and the page scrolled to the end")
    func shopHome() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(ShopHomeViewController())
        try simulator.fling(section: 0, velocity: 300)
        try simulator.advance(by: 1)
        try simulator.fling(section: 0, velocity: 9000)
        try simulator.advance(by: 1)
        try simulator.fling(velocity: 4000)
        try simulator.runUntilIdle()
        try simulator.fling(velocity: -8000)
        try simulator.runUntilIdle()
        check(simulator, "shop-home.txt")
    }

    @Test("workspace: disclosure taps collapse and expand outline sections")
    func workspace() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        let controller = WorkspaceViewController()
        try simulator.show(controller)
        try simulator.tap(itemAt: IndexPath(item: 0, section: 0))
        try simulator.advance(by: 0.5)
        try simulator.tap(itemAt: IndexPath(item: 0, section: 1))
        try simulator.advance(by: 0.5)
        try simulator.tap(itemAt: IndexPath(item: 0, section: 0))
        try simulator.runUntilIdle()
        check(simulator, "workspace.txt")
    }
}
