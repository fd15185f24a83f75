import Foundation
@testable import ScrollSimUIKit
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Budgets and count snapshots for a Swift screen: what `scrollsimctl profile --budget` and the
/// golden outputs give scenarios, from a ScrollSimulator run.
@MainActor
@Suite("Swift screens: budgets and count snapshots")
struct CountBudgetTests {
    /// A 20-item and a 400-item section in a flow layout (a classic data source: its sections are
    /// named by index), flung down once.
    static func run() throws -> (ScrollSimulator, FlowGridController) {
        let controller = FlowGridController(
            sections: [Array(repeating: .zero, count: 20), Array(repeating: .zero, count: 400)])
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        try simulator.fling(velocity: 2500)
        try simulator.runUntilIdle()
        return (simulator, controller)
    }

    @Test("a budget passes within its limits, names each count over one, and cannot pass by naming what the run lacks")
    func budgets() throws {
        let (simulator, _) = try Self.run()
        let cells = simulator.counts.cellProvider
        #expect(cells > 20)
        try simulator.checkBudget(CountBudget(total: ["cellProvider": cells], sections: ["0": ["cellProvider": 20]]))
        let tight = CountBudget(total: ["cellProvider": cells - 1, "sectionProvider": 0])
        #expect(throws: CountBudgetExceeded.self) { try simulator.checkBudget(tight) }
        #expect(try simulator.budgetViolations(tight) == ["cellProvider \(cells) > \(cells - 1) (total)"])
        // Names the run does not have are errors, never a pass.
        #expect(throws: CountBudgetError.self) { try simulator.checkBudget(CountBudget(sections: ["7": ["cellProvider": 0]])) }
        #expect(throws: CountBudgetError.self) { try simulator.checkBudget(CountBudget(total: ["cellProviders": 1_000])) }
        var otherPolicy = CountBudget(total: ["cellProvider": 1_000])
        otherPolicy.policies = ["uikit14"]
        #expect(throws: CountBudgetError.self) { try simulator.checkBudget(otherPolicy) }
    }

    @Test("the CLI's budget file reads the same in Swift")
    func budgetFile() throws {
        let (simulator, _) = try Self.run()
        let directory = try Scratch.directory("swift-budget")
        defer { Scratch.remove(directory) }
        let file = directory.appendingPathComponent("budget.json")
        try
            #"{"description": "grid", "policies": ["uikit"], "viewports": [{"width": 390, "height": 844}], "total": {"cellProvider": 1}}"#
            .write(to: file, atomically: true, encoding: .utf8)
        #expect {
            try CountBudget(contentsOf: directory.appendingPathComponent("missing.json"))
        } throws: { error in
            "\(error)".hasSuffix("missing.json: no such budget file")
        }
        let budget = try CountBudget(contentsOf: file)
        let violations = try simulator.budgetViolations(budget)
        #expect(violations.count == 1 && violations[0].hasPrefix("cellProvider "), "\(violations)")
        // Read strictly: a boolean is not a count, a size needs both sides, bad JSON says where.
        for (text, message) in [
            (#"{"total": {"cellProvider": true}}"#, "total.cellProvider: expected a whole number ≥ 0"),
            (#"{"viewports": [{"width": 390}]}"#, #"viewports[0]: expected {"width": W, "height": H}"#),
            (#"{"total": {"cellProvider": 1,}}"#, "line 1, column"),
        ] {
            try text.write(to: file, atomically: true, encoding: .utf8)
            #expect(throws: CountBudgetError.self) { try CountBudget(contentsOf: file) }
            do {
                _ = try CountBudget(contentsOf: file)
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }

    @Test("a count snapshot records once (and says so), then matches, then fails with a table of what changed")
    func countSnapshots() throws {
        let directory = try Scratch.directory("count-snapshots")
        defer { Scratch.remove(directory) }
        let (first, _) = try Self.run()
        #expect {
            try first.assertCountsMatchSnapshot("grid", in: directory)
        } throws: { error in
            (error as? CountSnapshotError)?.description.hasPrefix("recorded the counts in ") == true
        }
        let recorded = try String(contentsOf: directory.appendingPathComponent("grid.json"), encoding: .utf8)
        #expect(recorded.contains("\"section 0\"") && recorded.contains("\"total\""))
        let (same, _) = try Self.run()
        try same.assertCountsMatchSnapshot("grid", in: directory)
        // A recording made before a count existed (here `reconfigured`, zero on this screen)
        // still matches; a recorded count that is gone now is a change.
        let older = recorded.replacingOccurrences(of: #""reconfigured" : 0,"#, with: "")
        #expect(older != recorded)
        try older.write(to: directory.appendingPathComponent("grid.json"), atomically: true, encoding: .utf8)
        try same.assertCountsMatchSnapshot("grid", in: directory)
        let removed = recorded.replacingOccurrences(of: #""reconfigured" : 0,"#, with: #""reconfigured" : 0, "gone" : 1,"#)
        try removed.write(to: directory.appendingPathComponent("grid.json"), atomically: true, encoding: .utf8)
        #expect {
            try same.assertCountsMatchSnapshot("grid", in: directory)
        } throws: { error in
            (error as? CountSnapshotError)?.description.split(separator: "\n").contains { $0.contains("gone") } == true
        }
        try recorded.write(to: directory.appendingPathComponent("grid.json"), atomically: true, encoding: .utf8)
        // The same screen flung further asks for more cells: the table names each change.
        let (further, _) = try Self.run()
        try further.fling(velocity: 4000)
        try further.runUntilIdle()
        #expect {
            try further.assertCountsMatchSnapshot("grid", in: directory)
        } throws: { error in
            let text = (error as? CountSnapshotError)?.description ?? ""
            let lines = text.split(separator: "\n")
            return text.contains("counts differ from") && lines.dropFirst().first?.hasPrefix("scope") == true
                && lines.contains { $0.hasPrefix("total") && $0.contains("cellProvider") && $0.contains("+") }
        }
    }

    @Test("tolerances let a count move by so much, by name or by scope and name, and fail it beyond")
    func tolerances() {
        let recorded = ["total": ["cellProvider": 40, "layoutPasses": 3], "section feed": ["prefetched": 10]]
        let now = ["total": ["cellProvider": 42, "layoutPasses": 3], "section feed": ["prefetched": 14]]
        #expect(ScrollSimulator.changes(from: recorded, to: now).count == 2)
        let within = ScrollSimulator.changes(from: recorded, to: now, tolerances: ["cellProvider": 2, "section feed.prefetched": 4])
        #expect(within.isEmpty)
        let beyond = ScrollSimulator.changes(from: recorded, to: now, tolerances: ["cellProvider": 1, "prefetched": 4])
        #expect(beyond.map(\.count) == ["cellProvider"])
    }
}

@MainActor
@Suite("Swift screens: the policies compared")
struct PolicyComparisonTests {
    @Test(
        "the same diffable screen under each policy: uikit re-queries every section per apply, targeted only the changed one, uikit14 reloads on a non-animated apply (UIKit model 2.2, A1, D3.2)"
    )
    func comparePolicies() throws {
        let runs = try ScrollSimulator.comparePolicies { simulator in
            let controller = ThreeSectionFeed()
            try simulator.show(controller)
            controller.appendPage(animated: false)
            try simulator.runUntilIdle()
        }
        #expect(runs.map(\.policy) == [.uikit, .uikit14, .targeted])
        let calls = runs.map(\.counts.sectionProvider)
        // First display: 3 calls; the apply: 3 more (uikit, uikit14) or 1 (targeted).
        #expect(calls == [6, 6, 4], "\(calls)")
        // uikit14's reload requests the visible cells again.
        #expect(runs[1].counts.cellProvider > runs[0].counts.cellProvider)
        #expect(UICollectionView.invalidationPolicy == .uikit)
    }
}

/// Three list sections on a diffable data source; `appendPage` adds five items to the middle one.
@MainActor
final class ThreeSectionFeed: UIViewController {
    var collectionView: UICollectionView!
    var dataSource: UICollectionViewDiffableDataSource<String, Int>!
    private var nextItem = 100

    override func viewDidLoad() {
        super.viewDidLoad()
        let layout = UICollectionViewCompositionalLayout { _, _ in
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.vertical(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
                subitems: [item])
            return NSCollectionLayoutSection(group: group)
        }
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        view.addSubview(collectionView)
        let registration = UICollectionView.CellRegistration<UICollectionViewCell, Int> { _, _, _ in }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { view, path, item in
            view.dequeueConfiguredReusableCell(using: registration, for: path, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["top", "feed", "bottom"])
        snapshot.appendItems(Array(0..<3), toSection: "top")
        snapshot.appendItems(Array(10..<15), toSection: "feed")
        snapshot.appendItems(Array(20..<23), toSection: "bottom")
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    func appendPage(animated: Bool) {
        var snapshot = dataSource.snapshot()
        snapshot.appendItems(Array(nextItem..<nextItem + 5), toSection: "feed")
        nextItem += 5
        dataSource.apply(snapshot, animatingDifferences: animated)
    }
}

@MainActor
@Suite("Swift screens: the run as a Chrome trace")
struct SwiftTraceTests {
    @Test(
        "chromeTrace() gives scrollsimctl trace's format: a track per section, a slice per provider call, the counts as counters")
    func chromeTrace() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        let controller = ThreeSectionFeed()
        try simulator.show(controller)
        controller.appendPage(animated: true)
        try simulator.fling(velocity: 2000)
        try simulator.runUntilIdle()
        let text = simulator.chromeTrace(title: "feed")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let events = try #require(object["traceEvents"] as? [[String: Any]])
        let threads = Set(
            events.filter { $0["name"] as? String == "thread_name" }.compactMap {
                ($0["args"] as? [String: Any])?["name"] as? String
            })
        #expect(threads.isSuperset(of: ["section top", "section feed", "section bottom", "layout passes"]), "\(threads)")
        let cellSlices = events.filter { $0["ph"] as? String == "X" && $0["name"] as? String == "cell provider" }.count
        #expect(cellSlices == simulator.counts.cellProvider)
        let providerSlices = events.filter { $0["ph"] as? String == "X" && $0["name"] as? String == "section provider" }.count
        #expect(providerSlices == simulator.counts.sectionProvider)
        #expect((object["otherData"] as? [String: Any])?["source"] as? String == "ScrollSimulator.chromeTrace")
    }
}

@MainActor
@Suite("Swift screens: the picture")
struct SwiftPictureTests {
    @Test(
        "svg() draws the shown screen as scrollsim render draws a scenario: well-formed SVG with each section and a cell per item"
    )
    func picture() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        #expect(simulator.svg() == nil)
        let controller = ThreeSectionFeed()
        try simulator.show(controller)
        try simulator.fling(velocity: 1000)
        try simulator.runUntilIdle()
        let svg = try #require(simulator.svg(title: "feed"))
        #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
        // XMLParser is Foundation's: the picture parses as XML.
        #expect(XMLParser(data: Data(svg.utf8)).parse())
        for section in ["top", "feed", "bottom"] { #expect(svg.contains(">\(section)<"), "\(section)") }
        #expect(svg.contains("feed at "))
        // The time reads to the millisecond, never as a sum of sixtieths (13.899999999999851).
        let time = try #require(svg.firstMatch(of: /feed at ([0-9.]+) s/)?.output.1)
        #expect(time.split(separator: ".").last.map { $0.count <= 3 } ?? true, "\(time)")
        // Each item of the three sections is drawn (its title names it).
        #expect(svg.components(separatedBy: "<title>feed item ").count - 1 == 5)
        // Cropped to the viewport, as render --crop viewport: a picture no taller than the full one.
        let cropped = try #require(simulator.svg(title: "feed", crop: .viewport))
        func height(_ svg: String) -> Double { svg.firstMatch(of: /height="([0-9.]+)"/).flatMap { Double($0.output.1) } ?? 0 }
        #expect(XMLParser(data: Data(cropped.utf8)).parse())
        #expect(height(cropped) > 0 && height(cropped) <= height(svg))
    }

    @Test("a budget naming a section the screen lacks suggests the nearest one it has")
    func sectionTypo() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(ThreeSectionFeed())
        #expect {
            try simulator.checkBudget(CountBudget(sections: ["fede": ["cellProvider": 10]]))
        } throws: { error in
            "\(error)" == #"section "fede" is not on screen (did you mean "feed"? sections: bottom, feed, top)"#
        }
    }
}
