import CompositionalLayout
import Foundation
import Scenario
import ScenarioFiles
import Testing

/// Flow layouts in the scenario format (`flowLayout`, a section's `flow`): what they lay out and
/// what they cost in `sizeForItem`, the count of the delegate's `sizeForItemAt` calls.
@Suite("Flow layout scenarios")
struct FlowScenarioTests {
    static func scenario(
        _ sections: String, flowLayout: String = #"{"itemSize": {"width": 96, "height": 96}}"#, extra: String = ""
    )
        -> String
    {
        #"{"name": "f", "flowLayout": \#(flowLayout), \#(extra) "sections": [\#(sections)]}"#
    }

    @Test("photos (shipped): album covers sized by the delegate, the grid by the layout's itemSize (FL1, FL2, FL4)")
    func photosLayout() throws {
        let scenario = try shippedCatalog.load("photos")
        #expect(scenario.isFlowLayout)
        let layout = try scenario.preparedLayout()
        // 44-pt header, 8-pt inset, three lines of 140 with 10 between, 8-pt inset: 500.
        #expect(layout.sectionFrame(0)?.size.height == 500)
        #expect(layout.frame(for: ItemPath(item: 1, section: 0)) == Rect(x: 262, y: 52, width: 120, height: 140))
        // The grid: four 96-pt items per 390-pt line, 2 apart, 15 lines of 60 items.
        #expect(layout.frame(for: ItemPath(item: 5, section: 1))?.minX == 98)
        let grid: Double = 44 + 15 * 96 + 14 * 2
        #expect(layout.sectionFrame(1)?.size.height == grid)
        #expect(layout.statistics.totalSectionProviderCalls == 0 && layout.statistics.totalSizeForItemCalls == 6)
    }

    @Test(
        "photos: every append asks the delegate for every album again; the rotation asks nothing (FL6, R41)")
    func photosCounts() throws {
        let scenario = try shippedCatalog.load("photos")
        let run = try #require(try scenario.run(seconds: 30).first)
        let counts = run.simulation.counts
        let appends = counts.total.dataRequestsCompleted
        #expect(appends >= 2)
        // The first pass, then one pass per page appended; the rotation at 6 s is a bounds change.
        #expect(counts.sections["albums"]!.sizeForItem == 6 * (1 + appends))
        #expect(counts.sections["photos"]!.sizeForItem == 0)
        #expect(counts.total.sizeForItem == counts.sections["albums"]!.sizeForItem)
        #expect(counts.total.sectionProvider == 0)
        #expect(run.simulation.appendCost.sizeForItemCalls == 6 * appends)
        let passes = run.simulation.log.records.filter { $0.kind == .layoutPass }.map(\.detail)
        #expect(passes.contains { $0.contains("reason=boundsSizeChange") && !$0.contains("sizeForItemAt") })
        #expect(passes.first?.hasSuffix("resolved=albums,photos sizeForItemAt=6") == true)
    }

    @Test("FL6 under the targeted policy: an append asks only the appended section's delegate sizes")
    func targeted() throws {
        let json = Self.scenario(
            #"{"id": "a", "items": {"count": 3}, "flow": {"sizeForItemAt": [{"width": 100, "height": 50}]}}, {"id": "b", "items": {"count": 4}, "flow": {"sizeForItemAt": [{"width": 50, "height": 50}, {"width": 60, "height": 50}]}}"#,
            extra: #""invalidation": "targeted", "script": [{"at": 1, "apply": {"appendItems": {"section": "b", "count": 2}}}],"#)
        let scenario = try ScenarioLoader.parse(Data(json.utf8))
        let counts = try #require(try scenario.run(seconds: 2).first).simulation.counts
        #expect(counts.sections["a"]!.sizeForItem == 3)
        #expect(counts.sections["b"]!.sizeForItem == 4 + 6)
    }

    @Test("a section without delegate answers takes the layout's properties; flowLayout's defaults are UIKit's")
    func defaults() throws {
        let scenario = try ScenarioLoader.parse(
            Data(Self.scenario(#"{"id": "a", "items": {"count": 8}}"#, flowLayout: "{}").utf8))
        let layout = try scenario.preparedLayout()
        // 50 × 50 items 10 apart: ⌊(390 + 10) / 60⌋ = 6 per line, lines 10 apart.
        #expect(layout.frame(for: ItemPath(item: 6, section: 0))?.minY == 60)
        #expect(layout.statistics.totalSizeForItemCalls == 0)
    }

    @Test("a horizontal flow with its section insets measured from the safe area")
    func horizontal() throws {
        let json = Self.scenario(
            #"{"id": "a", "items": {"count": 3}}"#,
            flowLayout:
                #"{"scrollDirection": "horizontal", "sectionInsetReference": "fromSafeArea", "itemSize": {"width": 100, "height": 100}}"#,
            extra: #""viewport": {"width": 390, "height": 320, "safeAreaInsets": {"top": 20}},"#)
        let scenario = try ScenarioLoader.parse(Data(json.utf8))
        #expect(scenario.configuration.scrollDirection == .horizontal)
        let layout = try scenario.preparedLayout()
        // A column is 300 tall below the 20-pt safe area: three 100-pt items, 10 apart, do not fit,
        // two do.
        #expect(layout.frame(for: ItemPath(item: 2, section: 0))?.minX == 110)
    }

    static let errors: [(String, String, String)] = [
        (
            "a flow section outside a flow layout",
            #"{"name": "f", "sections": [{"id": "a", "items": {"count": 1}, "flow": {}}]}"#,
            #"sections[0].flow: a "flow" section needs the scenario's "flowLayout""#
        ),
        (
            "a compositional layout in a flow layout",
            scenario(#"{"id": "a", "items": {"count": 1}, "layout": {}}"#),
            #"sections[0].layout: a flow layout's sections take "flow" (the delegate's answers), not "layout""#
        ),
        (
            "configuration and flowLayout", scenario(#"{"id": "a", "items": {"count": 1}}"#, extra: #""configuration": {},"#),
            #"configuration: a flow layout has no compositional configuration: its properties go in "flowLayout""#
        ),
        (
            "no sizes", scenario(#"{"id": "a", "items": {"count": 1}, "flow": {"sizeForItemAt": []}}"#),
            "sections[0].flow.sizeForItemAt: needs at least one size"
        ),
        (
            "an empty item",
            scenario(#"{"id": "a", "items": {"count": 1}, "flow": {"sizeForItemAt": [{"width": 0, "height": 5}]}}"#),
            "sections[0].flow.sizeForItemAt[0]: an item's width and height must be more than 0"
        ),
        (
            "a size without its height", scenario("", flowLayout: #"{"itemSize": {"width": 5}}"#),
            "flowLayout.itemSize.height: required"
        ),
        (
            "directional insets where UIKit's are left and right",
            scenario(#"{"id": "a", "items": {"count": 1}}"#, flowLayout: #"{"sectionInset": {"leading": 5}}"#),
            "flowLayout.sectionInset.leading: unknown key (known keys here: bottom, left, right, top)"
        ),
    ]

    @Test("malformed flow scenarios name the JSON path", arguments: errors.indices)
    func malformed(_ index: Int) {
        let (name, json, message) = Self.errors[index]
        do {
            _ = try ScenarioLoader.parse(Data(json.utf8))
            Issue.record("\(name): expected an error")
        } catch {
            #expect(error.description == message, "\(name)")
        }
    }
}
