import CollectionView
import CompositionalLayout
import ScrollSimulation
import Testing

/// `animatingDifferences` reaches the apply: on iOS 13/14 (`uikit14`) a non-animated apply is
/// reloadData, on iOS 15+ (`uikit`) it diffs like an animated one (D3.2; 2.2 and 2.3 tables).
@Suite("animatingDifferences")
struct AnimatingDifferencesTests {
    /// home at rest on 390 × 844 with no safe area: 8 cells shown (5d), then 5 companies appended.
    static func append(policy: InvalidationPolicy, animated: Bool) throws -> Counts {
        let step = ScriptStep(
            at: 1, input: .app(.apply(.appendItems(section: "company", count: 5), animatingDifferences: animated)))
        let simulation = try ScenarioSimulation(spec: homeSpec(script: Script(steps: [step]), policy: policy))
        #expect(simulation.counts.total.cellProvider == 8)
        try simulation.advance(by: 2)
        return simulation.counts.total
    }

    @Test(
        "uikit14, not animated: reloadData — 3 more section-provider calls and all 8 visible cells requested again (D3.2, B1.2)")
    func uikit14NotAnimated() throws {
        let counts = try Self.append(policy: .uikit14, animated: false)
        #expect(counts.sectionProvider == 3 + 3)
        #expect(counts.cellProvider == 8 + 8)
        #expect(counts.inserted == 0, "a reloadData has no diff")
    }

    @Test(
        "uikit14 animated, and uikit either way: a diff of 5 inserts at x ≥ 1810, right of the row's window — 3 provider calls, no cell (5d)",
        arguments: [(InvalidationPolicy.uikit14, true), (.uikit, true), (.uikit, false)])
    func diffed(policy: InvalidationPolicy, animated: Bool) throws {
        let counts = try Self.append(policy: policy, animated: animated)
        #expect(counts.sectionProvider == 3 + 3)
        #expect(counts.cellProvider == 8)
        #expect(counts.inserted == 5)
    }

    @Test(
        "applySnapshotUsingReloadData reloads on any policy: 3 provider calls, 8 cells again (D3.2)",
        arguments: InvalidationPolicy.allCases)
    func reloadData(policy: InvalidationPolicy) throws {
        let step = ScriptStep(at: 1, input: .app(.applyUsingReloadData))
        let simulation = try ScenarioSimulation(spec: homeSpec(script: Script(steps: [step]), policy: policy))
        try simulation.advance(by: 2)
        #expect(simulation.counts.total.sectionProvider == 6)
        #expect(simulation.counts.total.cellProvider == 16)
        #expect(!simulation.warnings.contains { $0.hasPrefix("a non-animated apply is reloadData") }, "asked for, not a surprise")
    }

    @Test("the warning names a non-animated apply under uikit14 once it re-requests cells, not for the initial data")
    func warning() throws {
        let quiet = try ScenarioSimulation(spec: homeSpec(policy: .uikit14))
        #expect(quiet.warnings.isEmpty)
        let step = ScriptStep(
            at: 1, input: .app(.apply(.appendItems(section: "company", count: 5), animatingDifferences: false)))
        let loud = try ScenarioSimulation(spec: homeSpec(script: Script(steps: [step]), policy: .uikit14))
        try loud.advance(by: 2)
        #expect(loud.warnings.contains { $0.hasPrefix("a non-animated apply is reloadData under uikit14") })
    }
}
