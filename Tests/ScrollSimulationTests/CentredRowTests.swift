import CollectionView
import CompositionalLayout
import ScrollSimulation
import Testing

/// A `groupPagingCentered` row rests with group 0 centred before it is scrolled, and every snap
/// point, the first and the last included, centres a group (P2.5, A10 [B]).
@Suite("groupPagingCentered row")
struct CentredRowTests {
    /// home with its company row centred: 350-pt groups, spacing 10, insets 10, on a 390-pt row.
    static func simulation() throws -> ScenarioSimulation {
        try ScenarioSimulation(spec: homeSpec(companyBehavior: .groupPagingCentered))
    }

    /// The centre of group k (x = 10 + 360k, 350 wide) minus the centre of the row's viewport.
    static func restingOffset(group k: Int) -> Double { 10 + 360 * Double(k) + 175 - 195 }

    @Test(
        "at rest, before any scroll: offset 10 + 175 − 195 = −10, group 0 centred; cells 0 and 1 meet the row's window [−10, 380)"
    )
    func atRest() throws {
        let simulation = try Self.simulation()
        #expect(simulation.collectionView.orthogonalOffsets["company"] == Self.restingOffset(group: 0))
        #expect(Self.restingOffset(group: 0) == -10)
        let company = simulation.collectionView.indexPathsForVisibleItems.filter { $0.section == 1 }.map(\.item)
        #expect(company == [0, 1])
    }

    @Test("one group per flick whatever the speed, each centred: −10, 350, 710, 1070, 1430; the last (group 4) centred too")
    func snapPoints() throws {
        let simulation = try Self.simulation()
        for k in 1...4 {
            try simulation.perform(.gesture(.fling(section: "company", velocity: k == 2 ? 9000 : 900)))
            try simulation.advance(by: 3)
            #expect(simulation.collectionView.orthogonalOffsets["company"] == Self.restingOffset(group: k), "group \(k)")
        }
        // The row cannot go past its last group: another flick stays there.
        try simulation.perform(.gesture(.fling(section: "company", velocity: 3000)))
        try simulation.advance(by: 3)
        #expect(simulation.collectionView.orthogonalOffsets["company"] == Self.restingOffset(group: 4))
        // And back to group 3 with a flick the other way.
        try simulation.perform(.gesture(.fling(section: "company", velocity: -3000)))
        try simulation.advance(by: 3)
        #expect(simulation.collectionView.orthogonalOffsets["company"] == Self.restingOffset(group: 3))
    }
}
