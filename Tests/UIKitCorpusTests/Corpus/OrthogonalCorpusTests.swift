import UIKit
import Testing

/// Sideways rows from Apple's sample and its conference screen, run as written.
@MainActor
@Suite("Corpus: orthogonal sections")
struct OrthogonalCorpusTests {
    /// 0.85 × 390: the container group's width in both samples' rows.
    static let group = 331.5
    /// 0.4 × 844: its height.
    static let height = 0.4 * 844

    @Test("Orthogonal sections: 11 cells at rest; scrolling a row asks for cells, never the provider (G1.9, B1.4)")
    func orthogonal() throws {
        let screen = OrthogonalScrollingViewController()
        let simulator = try showInNavigation(screen)
        let collectionView = try #require(screen.collectionView)
        // Group 1 starts at 331.5: its leading item (341.5) shows in the 390-pt row, its trailing
        // column (563.55) does not — four cells in rows 0 and 1. Row 2 starts at 675.2: its
        // second trailing slot (854) is below 753 — three cells.
        #expect(simulator.counts.cellProvider == 11)
        #expect(close(frame(collectionView, 3, 0)?.minX, Self.group + 10))
        let passes = simulator.counts.layoutPasses
        try simulator.fling(section: 0, velocity: 1500)
        try simulator.runUntilIdle()
        // continuous: 1.5 pt/ms travels 499.5 × 1.5 = 749.25 and stops there (P1.2, P2.2).
        #expect(abs((collectionView.orthogonalContentOffset(inSection: 0) ?? 0) - 749.25) < 1)
        #expect(simulator.counts(forSectionAt: 0).cellProvider > 4)
        #expect(simulator.counts.sectionProvider == 5)
        #expect(simulator.counts.layoutPasses == passes)
    }

    @Test("Each orthogonal behaviour: where a 0.5 pt/ms flick of each row comes to rest (P2.1 to P2.5)")
    func behaviours() throws {
        let screen = OrthogonalScrollBehaviorViewController()
        let simulator = try showInNavigation(screen)
        let collectionView = try #require(screen.collectionView)
        // The centred row starts with group 0 centred: (390 − 331.5) / 2 before 0 (A10).
        #expect(close(collectionView.orthogonalContentOffset(inSection: 4), -(390 - Self.group) / 2))
        var rests: [Int: CGFloat] = [:]
        for section in 0..<5 {
            // Bring the row on screen, then flick it: 0.5 pt/ms, above the 0.2 paging threshold.
            let sectionTop = CGFloat(section) * (44 + Self.height + 20)
            collectionView.setContentOffset(CGPoint(x: 0, y: sectionTop - 91), animated: false)
            try simulator.fling(section: section, velocity: 500)
            try simulator.runUntilIdle()
            rests[section] = collectionView.orthogonalContentOffset(inSection: section)
        }
        // continuous: free deceleration, 499.5 × 0.5 = 249.75 (P2.2).
        #expect(abs((rests[0] ?? 0) - 249.75) < 1)
        // continuousGroupLeadingBoundary: the projected 249.75 moves on to the next group's edge.
        #expect(close(rests[1], Self.group))
        // paging: one page, the collection view's width.
        #expect(close(rests[2], 390))
        // groupPaging: one group.
        #expect(close(rests[3], Self.group))
        // groupPagingCentered: group 1 centred: 331.5 + 165.75 − 195.
        #expect(close(rests[4], Self.group + Self.group / 2 - 195))
        // .none is not a row: its six groups stack down the page.
        #expect(collectionView.orthogonalContentOffset(inSection: 5) == nil)
        #expect(simulator.counts.sectionProvider == 6)
    }

    @Test("Conference videos: titled rows 0.85 wide and 0.4 of the width high; rotation re-runs the provider and the rows grow to 0.9")
    func conference() throws {
        let screen = ConferenceVideoSessionsViewController()
        let simulator = try showInNavigation(screen)
        let collectionView = try #require(screen.collectionView)
        #expect(simulator.counts.sectionProvider == 5)
        // The title is 44 (an estimate its view keeps); the first video sits under it, 20 in.
        #expect(close(frame(collectionView, 0, 0), CGRect(x: 20, y: 44, width: 0.85 * 350, height: 0.4 * 350)))
        // Second section: after 44 + 140 and 20 between sections.
        #expect(close(frame(collectionView, 0, 1)?.minY, 44 + 140 + 20 + 44))
        // Rows 0…3 start at 0, 204, 408, 612 and meet 753; each shows its first video and the
        // start of its second (20 + 297.5 + 20 = 337.5 < 390): eight cells, four titles.
        #expect(simulator.counts.cellProvider == 8)
        #expect(simulator.counts.supplementaryProvider == 4)
        try simulator.rotate()
        // Landscape: 750 of content (notch insets) — wider than 500, so two groups per screen;
        // compact height, so 0.9 of the width high (the sample's own rule).
        #expect(simulator.counts.sectionProvider == 10)
        #expect(close(frame(collectionView, 0, 0)?.width, 0.425 * 710))
        #expect(close(frame(collectionView, 0, 0)?.height, 0.9 * 710))
    }
}
