import CompositionalLayout
import Foundation
import Scenario
import ScenarioFiles
import Testing

/// The repository's shipped scenarios, found from this file's location.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let shippedCatalog = ScenarioCatalog.directory(repositoryRoot.appendingPathComponent("Config/scenarios").path)

@Suite("Shipped scenarios")
struct ShippedScenarioTests {
    static let names = ["home", "home-split", "shop-home", "modern", "workspace", "photos"]

    @Test("the five seed screens and the flow layout example ship, load and lay out", arguments: names)
    func loadsAndLaysOut(name: String) throws {
        #expect(shippedCatalog.names() == Self.names.sorted())
        let scenario = try shippedCatalog.load(name)
        #expect(scenario.name == name)
        let layout = try scenario.preparedLayout()
        // A flow layout has no section provider: the layout breaks its sections into lines itself.
        #expect(layout.statistics.totalSectionProviderCalls == (scenario.isFlowLayout ? 0 : scenario.sections.count))
        #expect(layout.contentSize.height > 0)
    }

    @Test("home reproduces UIKit model 5d: content 390 × 990, 3 provider calls, 8 cells in the first viewport")
    func home() throws {
        let scenario = try shippedCatalog.load("home")
        #expect(scenario.sections.map(\.id) == ["consult", "company", "expert"])
        #expect(scenario.initialItemCounts == [3, 5, 4])  // from the data file's lists
        let layout = try scenario.preparedLayout()
        #expect(layout.contentSize == Size(width: 390, height: 990))
        #expect(layout.visibleElements(in: Viewport(rect: Rect(x: 0, y: 0, width: 390, height: 844))).count == 8)
        #expect(layout.orthogonalContentLength(ofSection: 1) == 1810)
    }

    @Test("shop-home: the grid is 5e (header at x 15, cells 170 × 164) and the screen is the sum of its sections")
    func shopHome() throws {
        let layout = try shippedCatalog.load("shop-home").preparedLayout()
        let banner = 0.8 * 390
        #expect(layout.sectionFrame(1)?.minY == banner)
        #expect(layout.frame(for: ItemPath(item: 0, section: 1)) == Rect(x: 20, y: banner + 60, width: 170, height: 164))
        let list = 50 + 3 * 0.3 * 390
        #expect(layout.contentSize.height == banner + 600 + list)
    }

    @Test("workspace: a title with more than one child starts expanded, else collapsed (DESIGN, D5.3)")
    func workspace() throws {
        let scenario = try shippedCatalog.load("workspace")
        #expect(scenario.initialItemCounts == [5, 3, 1])
    }

    @Test("every shipped scenario runs 20 s on 375×667, 390×844 and 430×932, twice with identical event logs", arguments: names)
    func runsDeterministically(name: String) throws {
        let scenario = try shippedCatalog.load(name)
        let first = try scenario.run(RunPlan(scenario), seconds: 20, seed: 1)
        let second = try scenario.run(RunPlan(scenario), seconds: 20, seed: 1)
        #expect(first.count == 3)
        for (a, b) in zip(first, second) {
            #expect(a.simulation.log.records == b.simulation.log.records)
            #expect(a.simulation.counts.total == b.simulation.counts.total)
            // Frames run only while something moves; workspace only taps (its content fits the screen).
            #expect(a.simulation.counts.total.frames > 0 || name == "workspace")
            #expect(a.simulation.log.total > 10)
            #expect(
                scenario.isFlowLayout
                    ? a.simulation.counts.total.sizeForItem > 0
                    : a.simulation.counts.total.sectionProvider >= scenario.sections.count)
        }
    }

    @Test("home: the company row keeps getting pages while the user flings it (the seed app's displayedIndex rule)")
    func homeFeed() throws {
        let run = try shippedCatalog.load("home").run(seconds: 16)[0]
        let counts = run.simulation.counts
        #expect(counts.sections["company"]!.dataRequestsCompleted >= 2)
        #expect(counts.total.sectionProvider > 3 * counts.sections["company"]!.dataRequestsCompleted)
        #expect(run.simulation.warnings.contains { $0.contains("displayedIndex 4") })
    }

    @Test("workspace: tapping a title collapses and expands it; each toggle is a layout pass (D5.9)")
    func workspaceTaps() throws {
        let run = try shippedCatalog.load("workspace").run(seconds: 3)[0]
        let counts = run.simulation.counts
        // Taps at 0.5 (collapse channels), 1.5 (expand add), 2.5 (expand channels): three passes after the first.
        #expect(counts.total.layoutPasses == 4)
        #expect(counts.total.sectionProvider == 3 * 4)
        #expect(counts.sections["channels"]!.deleted == 4)
        #expect(counts.sections["channels"]!.inserted >= 4)
        #expect(counts.sections["add"]!.cellProvider == 2)
    }

    @Test("the same scenario on 375×667, 390×844 and 430×932 re-solves fractional sizes")
    func viewports() throws {
        let scenario = try shippedCatalog.load("modern")
        let viewports: [(Double, Double)] = [(375, 667), (390, 844), (430, 932)]
        for (width, height) in viewports {
            let layout = try scenario.preparedLayout(viewport: ScenarioViewport(width: width, height: height))
            let grid: Double = 5 * (0.3 * height)  // five rows of fractionalHeight 0.3 (5f)
            #expect(layout.contentSize.height == 203 + grid)  // 200-pt pages + interSectionSpacing 3
            #expect(layout.contentSize.width == width)
        }
    }
}

@Suite("Scenario errors name the JSON path")
struct ScenarioErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let json: String
        let message: String
        var testDescription: String { name }
    }

    /// A valid one-section scenario with `section` spliced in.
    static func scenario(
        section: String = #"{"id": "a", "items": {"count": 2}, "layout": \#(layout())}"#, extra: String = ""
    ) -> String {
        #"{"name": "t", \#(extra) "sections": [\#(section)]}"#
    }

    static func layout(width: String = #"{"fractionalWidth": 1}"#, group: String = "") -> String {
        #"{"group": {"axis": "horizontal", "layoutSize": {"widthDimension": \#(width), "heightDimension": {"absolute": 44}}, \#(group) "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"fractionalHeight": 1}}}]}}"#
    }

    static let cases: [Case] = [
        Case(name: "missing name", json: #"{"sections": []}"#, message: "name: required"),
        Case(name: "no sections", json: #"{"name": "t", "sections": []}"#, message: "sections: needs at least one section"),
        Case(
            name: "a required key misspelled", json: #"{"name": "t", "sectons": []}"#,
            message: "sections: required; found 'sectons' instead: did you mean 'sections'?"),
        Case(
            name: "unknown top-level key", json: scenario(extra: #""sectoins": 1,"#),
            message:
                "sectoins: unknown key (did you mean 'sections'? known keys here: configuration, data, decelerationRate, description, feeds, flowLayout, frameRate, invalidation, name, prefetch, script, sections, viewport)"
        ),
        Case(
            name: "wrong dimension kind (docs/scenarios.md's example)",
            json: scenario(section: #"{"id": "a", "items": {"count": 1}, "layout": \#(layout(width: #"{"fractional": 1}"#))}"#),
            message:
                "sections[0].layout.group.layoutSize.widthDimension: expected one of absolute, fractionalWidth, fractionalHeight, estimated, got fractional"
        ),
        Case(
            name: "negative dimension",
            json: scenario(section: #"{"id": "a", "items": {"count": 1}, "layout": \#(layout(width: #"{"absolute": -3}"#))}"#),
            message: "sections[0].layout.group.layoutSize.widthDimension.absolute: must be at least 0, got -3"),
        Case(
            name: "a string where a number belongs",
            json: scenario(section: #"{"id": "a", "items": {"count": "3"}, "layout": \#(layout())}"#),
            message: "sections[0].items.count: expected a whole number, got \"3\""),
        Case(
            name: "a fractional count", json: scenario(section: #"{"id": "a", "items": {"count": 2.5}, "layout": \#(layout())}"#),
            message: "sections[0].items.count: expected a whole number, got 2.5"),
        Case(
            name: "absurd item count", json: scenario(section: #"{"id": "a", "items": {"count": 1e12}, "layout": \#(layout())}"#),
            message: "sections[0].items.count: must be between 0 and 1000000000, got 1000000000000"),
        Case(
            name: "two item forms",
            json: scenario(section: #"{"id": "a", "items": {"count": 1, "ids": ["x"]}, "layout": \#(layout())}"#),
            message: "sections[0].items: expected exactly one of count, ids, source, outline; got count, ids"),
        Case(
            name: "unknown orthogonal behaviour",
            json: scenario(
                section:
                    #"{"id": "a", "items": {"count": 1}, "layout": {"group": \#(String(layout().dropFirst(10).dropLast())), "orthogonalScrollingBehavior": "sideways"}}"#
            ),
            message:
                "sections[0].layout.orthogonalScrollingBehavior: expected one of none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered, got \"sideways\""
        ),
        Case(
            name: "a decoration kind twice in one section (UIKit: each kind once)",
            json: scenario(
                section:
                    #"{"id": "a", "items": {"count": 1}, "layout": {"group": \#(String(layout().dropFirst(10).dropLast())), "decorationItems": [{"elementKind": "bg"}, {"elementKind": "bg"}]}}"#
            ),
            message:
                "sections[0].layout.decorationItems[1].elementKind: 'bg' is already a decoration item of this section: each kind once"
        ),
        Case(
            name: "an unknown decoration key",
            json: scenario(
                section:
                    #"{"id": "a", "items": {"count": 1}, "layout": {"group": \#(String(layout().dropFirst(10).dropLast())), "decorationItems": [{"elementKind": "bg", "inset": 5}]}}"#
            ),
            message:
                "sections[0].layout.decorationItems[0].inset: unknown key (known keys here: contentInsets, elementKind, zIndex)"
        ),
        Case(
            name: "duplicate section ids",
            json:
                #"{"name": "t", "sections": [{"id": "a", "items": {"count": 1}, "layout": \#(layout())}, {"id": "a", "items": {"count": 1}, "layout": \#(layout())}]}"#,
            message: "sections[1].id: duplicate section identifier \"a\""),
        Case(
            name: "layout and list together",
            json: scenario(section: #"{"id": "a", "items": {"count": 1}, "layout": \#(layout()), "list": {}}"#),
            message: "sections[0].list: a section has either \"layout\" or \"list\", not both"),
        Case(
            name: "count and repeatingCount together",
            json: scenario(
                section: #"{"id": "a", "items": {"count": 1}, "layout": \#(layout(group: #""count": 2, "repeatingCount": 2,"#))}"#
            ),
            message:
                "sections[0].layout.group.repeatingCount: use either count (iOS 13 subitem:count:) or repeatingCount (iOS 16), not both"
        ),
        Case(
            name: "zero-sized group that would never end",
            json: scenario(
                section:
                    #"{"id": "a", "items": {"count": 1000000000}, "layout": {"group": {"axis": "horizontal", "layoutSize": {"widthDimension": {"absolute": 0}, "heightDimension": {"absolute": 0}}, "subitems": [{"layoutSize": {"widthDimension": {"absolute": 0}, "heightDimension": {"absolute": 0}}}]}}}"#
            ),
            message:
                "sections[0].layout.group (section \"a\"): the subitems have zero length along the group's axis, so the group would repeat them forever"
        ),
        Case(
            name: "a data source without a data file",
            json: scenario(section: #"{"id": "a", "items": {"source": "list"}, "layout": \#(layout())}"#),
            message: "sections[0].items.source: \"list\" needs a data file (\"data\": { \"file\": … })"),
        Case(
            name: "invalid policy", json: scenario(extra: #""invalidation": "ios12","#),
            message: "invalidation: expected one of uikit, uikit14, targeted, got \"ios12\""),
        Case(
            name: "not JSON", json: "{\"name\": \n  \"t\",, }",
            message: "<inline>: not valid JSON: unexpected ',', expected a member name in quotes at line 2, column 7"),  // the second comma
        Case(name: "not an object", json: "[1, 2]", message: ": expected an object, got an array"),
        Case(
            name: "a badge anchored to an unknown edge",
            json: scenario(
                section:
                    #"{"id": "a", "items": {"count": 1}, "layout": {"group": {"axis": "horizontal", "layoutSize": {"widthDimension": {"absolute": 100}, "heightDimension": {"absolute": 100}}, "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"fractionalHeight": 1}}, "supplementaryItems": [{"elementKind": "badge", "layoutSize": {"widthDimension": {"absolute": 20}, "heightDimension": {"absolute": 20}}, "containerAnchor": {"edges": ["top", "right"]}}]}]}}}"#
            ),
            message:
                "sections[0].layout.group.subitems[0].supplementaryItems[0].containerAnchor.edges[1]: expected one of top, leading, bottom, trailing"
        ),
        Case(
            name: "animatingDifferences that is not a boolean",
            json: scenario(
                extra: #""script": [{"at": 1, "apply": {"appendItems": {"section": "a"}, "animatingDifferences": "no"}}],"#),
            message: "script[0].apply.animatingDifferences: expected a boolean, got \"no\""),
        Case(
            name: "a control character in the name",
            json: #"{"name": "t\u001b]0;x\u0007", "sections": [{"id": "a", "items": {"count": 2}, "layout": \#(layout())}]}"#,
            message: "name: contains the control character U+1B; names and identifiers must be printable"),
        Case(
            name: "a control character in a section identifier",
            json: scenario(section: #"{"id": "a\u009b", "items": {"count": 2}, "layout": \#(layout())}"#),
            message: "sections[0].id: contains the control character U+9B; names and identifiers must be printable"),
        Case(
            name: "a misspelled script step",
            json: scenario(extra: #""script": [{"at": 1, "flng": {"velocity": 2000}}],"#),
            message:
                "script[0]: expected exactly one of fling, drag, scrollTo, tap, apply, rotate (\"flng\": did you mean \"fling\"?)"
        ),
        Case(
            name: "a fling of a section that does not scroll sideways",
            json: scenario(extra: #""script": [{"at": 1, "fling": {"section": "a", "velocity": 2000}}],"#),
            message:
                "script[0].fling.section: section \"a\" does not scroll sideways (no orthogonalScrollingBehavior): only a row can be flung or dragged on its own; leave out \"section\" to move the page"
        ),
        Case(
            name: "applySnapshotUsingReloadData with animatingDifferences",
            json: scenario(
                extra: #""script": [{"at": 1, "apply": {"applySnapshotUsingReloadData": {}, "animatingDifferences": true}}],"#),
            message: "script[0].apply.animatingDifferences: applySnapshotUsingReloadData never animates"),
        Case(
            name: "two edits in one apply",
            json: scenario(
                extra: #""script": [{"at": 1, "apply": {"appendItems": {"section": "a"}, "deleteItems": {"section": "a"}}}],"#),
            message:
                "script[0].apply: expected one of appendItems, deleteItems, reloadItems, reconfigureItems, applySnapshotUsingReloadData"
        ),
    ]

    @Test("apply steps and feeds carry animatingDifferences (default true, UIKit's default argument)")
    func animatingDifferences() throws {
        let json = Self.scenario(
            extra: #"""
                "feeds": [{"section": "a", "trigger": {"itemsFromEnd": 1}, "animatingDifferences": false}],
                "script": [{"at": 1, "apply": {"appendItems": {"section": "a", "count": 2}, "animatingDifferences": false}},
                           {"at": 2, "apply": {"deleteItems": {"section": "a"}}},
                           {"at": 3, "apply": {"applySnapshotUsingReloadData": {}}}],
                """#)
        let scenario = try ScenarioLoader.parse(Data(json.utf8))
        #expect(scenario.feeds.map(\.animatingDifferences) == [false])
        #expect(
            scenario.script.steps.map(\.input) == [
                .app(.apply(.appendItems(section: "a", count: 2), animatingDifferences: false)),
                .app(.apply(.deleteItems(section: "a", count: 1), animatingDifferences: true)),
                .app(.applyUsingReloadData),
            ])
    }

    @Test("malformed scenario", arguments: cases)
    func malformed(_ c: Case) throws {
        do {
            let scenario = try ScenarioLoader.parse(Data(c.json.utf8))
            _ = try scenario.preparedLayout()
            Issue.record("\(c.name): expected an error")
        } catch {
            #expect(error.description == c.message)
        }
    }

    @Test("items can carry badges (item supplementary items): laid out on each cell and requested like headers")
    func badges() throws {
        let json = Self.scenario(
            section:
                #"{"id": "a", "items": {"count": 4}, "layout": {"group": {"axis": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 100}}, "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 0.5}, "heightDimension": {"fractionalHeight": 1}}, "supplementaryItems": [{"elementKind": "badge", "layoutSize": {"widthDimension": {"absolute": 20}, "heightDimension": {"absolute": 20}}, "containerAnchor": {"edges": ["top", "trailing"], "offset": {"x": 0.3, "y": -0.3}, "fractionalOffset": true}}]}]}}}"#
        )
        let scenario = try ScenarioLoader.parse(Data(json.utf8))
        let layout = try scenario.preparedLayout()
        let badges = layout.allElements().filter { $0.elementKind == "badge" }
        #expect(
            badges.map(\.frame) == [
                Rect(x: 181, y: -6, width: 20, height: 20), Rect(x: 376, y: -6, width: 20, height: 20),
                Rect(x: 181, y: 94, width: 20, height: 20), Rect(x: 376, y: 94, width: 20, height: 20),
            ])
        let counts = try #require(try scenario.run(seconds: 1).first).simulation.counts.total
        #expect(counts.supplementaryProvider == 4)
        #expect(counts.cellProvider == 4)
    }

    @Test("the valid base case of the table parses (so every row fails for its own reason)")
    func baseIsValid() throws {
        let scenario = try ScenarioLoader.parse(Data(Self.scenario().utf8))
        #expect(try scenario.preparedLayout().contentSize.height == 88)
    }

    @Test("a missing file and a directory are unreadable, not crashes")
    func unreadable() {
        #expect(throws: ScenarioError.unreadable(file: "/nonexistent.json", reason: "no such file")) {
            try ScenarioLoader.load(file: "/nonexistent.json")
        }
        #expect(throws: ScenarioError.unreadable(file: "/tmp", reason: "is a directory")) {
            try ScenarioLoader.load(file: "/tmp")
        }
    }
}

@Suite("inline data")
struct InlineDataTests {
    @Test("data given inline gives the same scenario as the data file; both or neither is an error")
    func inlineData() throws {
        let file = repositoryRoot.appendingPathComponent("Config/scenarios/home-split.json")
        var json = try JSONValue.parse(try Data(contentsOf: file)).get().objectValue!
        guard json["data"] != nil else { return }
        let dataFile = json["data"]!.objectValue!["file"]!.stringValue!
        let data = try JSONValue.parse(try Data(contentsOf: file.deletingLastPathComponent().appendingPathComponent(dataFile)))
            .get()
        json["data"] = .object(["inline": data])
        let inline = try ScenarioParser().parse(.object(json))
        let fromFile = try shippedCatalog.load("home-split")
        #expect(try inline.run(seconds: 10)[0].simulation.counts == fromFile.run(seconds: 10)[0].simulation.counts)
        json["data"] = .object(["inline": data, "file": .string(dataFile)])
        #expect(throws: ScenarioError.invalid(path: "data", message: "expected exactly one of file and inline")) {
            try ScenarioParser().parse(.object(json))
        }
    }
}
