import CompositionalLayout
import Foundation
import Scenario
import ScenarioFiles
import Testing

/// Self-sizing cells in the scenario format (a section's `measuredSizes`): frames start at the
/// estimate and take each cell's measured size when it is requested, which invalidates the layout
/// (G1.10).
@Suite("Self-sizing scenarios")
struct SelfSizingScenarioTests {
    static func layout(height: String) -> String {
        let size = #"{"widthDimension": {"fractionalWidth": 1}, "heightDimension": \#(height)}"#
        return #"{"group": {"axis": "vertical", "layoutSize": \#(size), "subitems": [{"layoutSize": \#(size)}]}}"#
    }

    static func scenario(_ section: String, extra: String = "") throws -> Scenario {
        let json =
            #"{"name": "s", "viewport": {"width": 390, "height": 844}, \#(extra) "sections": [{"id": "rows", "items": {"count": 200}, \#(section)}]}"#
        return try ScenarioLoader.parse(Data(json.utf8))
    }

    @Test("G1.10.1: frames start at the estimate and take each requested cell's measured height; the sizes cycle")
    func frames() throws {
        let scenario = try Self.scenario(
            #""layout": \#(Self.layout(height: #"{"estimated": 44}"#)), "measuredSizes": [{"height": 60}, {"height": 100}]"#)
        let run = try #require(try scenario.run(seconds: 1).first)
        let layout = run.simulation.collectionView.layout
        #expect(layout.frame(for: ItemPath(item: 0, section: 0))?.size == Size(width: 390, height: 60))
        #expect(layout.frame(for: ItemPath(item: 1, section: 0))?.size == Size(width: 390, height: 100))
        #expect(layout.frame(for: ItemPath(item: 2, section: 0))?.minY == 160)
        // Items far below the screen were never requested: still at the estimate.
        #expect(layout.frame(for: ItemPath(item: 150, section: 0))?.size.height == 44)
    }

    @Test(
        "G1.10.3: measuring costs layout passes and, with selfSizingRequeriesProvider, section-provider calls; without measuredSizes nothing does"
    )
    func counts() throws {
        let estimated = #""layout": \#(Self.layout(height: #"{"estimated": 44}"#))"#
        let measured = try Self.scenario(estimated + #", "measuredSizes": [{"height": 60}]"#)
        let kept = try Self.scenario(estimated)
        let withSizes = try #require(try measured.run(seconds: 1).first).simulation.counts.total
        let without = try #require(try kept.run(seconds: 1).first).simulation.counts.total
        #expect(without.layoutPasses == 1 && without.sectionProvider == 1)
        let warnings = try #require(try measured.run(seconds: 1).first).simulation.warnings
        #expect(warnings.filter { $0.contains("G1.10.3") }.count == 1, "\(warnings)")
        #expect(withSizes.layoutPasses > without.layoutPasses)
        #expect(withSizes.sectionProvider == withSizes.layoutPasses)
        // When a pass re-uses the section, measuring still costs passes but no provider calls.
        let cheap = try Self.scenario(
            estimated + #", "measuredSizes": [{"height": 60}]"#,
            extra: #""configuration": {"selfSizingRequeriesProvider": false},"#)
        let cheapCounts = try #require(try cheap.run(seconds: 1).first).simulation.counts.total
        #expect(cheapCounts.layoutPasses == withSizes.layoutPasses)
        #expect(cheapCounts.sectionProvider == 1)
    }

    @Test("list sections are self-sizing: their rows take the measured heights")
    func list() throws {
        let scenario = try Self.scenario(#""list": {"appearance": "plain"}, "measuredSizes": [{"height": 63.5}]"#)
        let layout = try #require(try scenario.run(seconds: 1).first).simulation.collectionView.layout
        #expect(layout.frame(for: ItemPath(item: 1, section: 0))?.minY == 63.5)
    }

    @Test(
        "malformed measuredSizes name the JSON path",
        arguments: [
            (
                #""layout": \#(layout(height: #"{"absolute": 44}"#)), "measuredSizes": [{"height": 60}]"#,
                "sections[0].measuredSizes: the section's items have no estimated dimension"
            ),
            (
                #""layout": \#(layout(height: #"{"estimated": 44}"#)), "measuredSizes": []"#,
                "sections[0].measuredSizes: must not be empty"
            ),
            (
                #""layout": \#(layout(height: #"{"estimated": 44}"#)), "measuredSizes": [{}]"#,
                #"sections[0].measuredSizes[0]: give "width", "height" or both"#
            ),
            (
                #""layout": \#(layout(height: #"{"estimated": 44}"#)), "measuredSizes": [{"height": -1}]"#,
                "sections[0].measuredSizes[0].height"
            ),
            (
                #""layout": \#(layout(height: #"{"estimated": 44}"#)), "measuredSizes": [{"depth": 1}]"#,
                "sections[0].measuredSizes[0]"
            ),
        ])
    func errors(section: String, message: String) throws {
        do {
            _ = try Self.scenario(section)
            Issue.record("parsed: \(section)")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
    }

    @Test("a flow section takes sizes from sizeForItemAt, not measuredSizes")
    func flow() throws {
        let json =
            #"{"name": "f", "flowLayout": {"itemSize": {"width": 96, "height": 96}}, "sections": [{"id": "a", "items": {"count": 3}, "measuredSizes": [{"height": 60}]}]}"#
        do {
            _ = try ScenarioLoader.parse(Data(json.utf8))
            Issue.record("parsed")
        } catch {
            #expect("\(error)".contains("sections[0].measuredSizes: a flow section"), "\(error)")
        }
    }
}
