import UIKit
import Testing

/// Grids and sections from Apple's "Implementing Modern Collection Views" sample, run as written.
@MainActor
@Suite("Corpus: grids and sections")
struct GridCorpusTests {
    @Test("Grid: 78-pt squares five to a row; the first screen asks for 10 rows (50 cells), no section provider (fixed section)")
    func grid() throws {
        let screen = GridViewController()
        let simulator = try showInNavigation(screen)
        let collectionView = try #require(screen.collectionView)
        // Items are 0.2 of 390 = 78 wide; the group is 0.2 of the width = 78 high (G1.2).
        #expect(frame(collectionView, 7) == CGRect(x: 156, y: 78, width: 78, height: 78))
        #expect(collectionView.contentOffset.y == CGFloat(-91))
        // Rows start at 78k; those below 753 are k = 0…9.
        #expect(visible(collectionView).count == 50)
        #expect(simulator.counts.cellProvider == 50)
        // A layout made from one section has no provider to call; one pass laid it out.
        #expect(simulator.counts.sectionProvider == 0)
        #expect(simulator.counts.layoutPasses == 1)
        // 94 items make 19 rows: content 1482 high; a hard flick ends at 1482 − 844 + 34 = 672.
        try simulator.fling(velocity: 8000)
        try simulator.runUntilIdle()
        #expect(close(collectionView.contentOffset.y, 672))
        #expect(collectionView.contentSize.height == CGFloat(1482))
        // Every item was shown on the way, so every one was asked for at least once, and
        // scrolling never re-ran the layout's provider (B1.4). Cells stay prepared within half a
        // screen (422) of the viewport (PF5): at rest [250, 1938) keeps rows 3…18, so only rows
        // 0…2 (15 cells) went back to the pool — after the flick had created every other cell.
        #expect(simulator.counts.cellProvider >= 94)
        #expect(simulator.counts.cellsEnded == 15)
        #expect(simulator.counts.layoutPasses == 1)
        #expect(visible(collectionView).first == IndexPath(item: 40, section: 0))  // row 8 reaches past 672
    }

    @Test("Inset items grid: each cell is its 78-pt slot less 5 on every side (G1.3.1)")
    func insetGrid() throws {
        let screen = InsetItemsGridViewController()
        let simulator = try showInNavigation(screen)
        #expect(frame(screen.collectionView, 0) == CGRect(x: 5, y: 5, width: 68, height: 68))
        #expect(frame(screen.collectionView, 6) == CGRect(x: 83, y: 83, width: 68, height: 68))
        #expect(simulator.counts.cellProvider == 50)
    }

    @Test("Two columns: count 2 with 10 between makes 180-pt slots inside 10-pt insets; 14 rows on screen (G1.5.1)")
    func twoColumns() throws {
        let screen = TwoColumnViewController()
        let simulator = try showInNavigation(screen)
        // Content 370 wide; (370 − 10) / 2 = 180 per slot; row k at 10 + 54k.
        #expect(frame(screen.collectionView, 0) == CGRect(x: 10, y: 10, width: 180, height: 44))
        #expect(frame(screen.collectionView, 1) == CGRect(x: 200, y: 10, width: 180, height: 44))
        #expect(frame(screen.collectionView, 3) == CGRect(x: 200, y: 64, width: 180, height: 44))
        // 10 + 54k < 753 for k = 0…13.
        #expect(simulator.counts.cellProvider == 28)
    }

    @Test("Distinct sections: 1, 5 and 3 columns from one provider; three provider calls; 26 cells at rest")
    func distinctSections() throws {
        let screen = DistinctSectionsViewController()
        let simulator = try showInNavigation(screen)
        let collectionView = try #require(screen.collectionView)
        #expect(simulator.counts.sectionProvider == 3)
        // List: 20 insets, 44-pt rows, 2-pt item insets: 20 + 440 + 20 = 480 high.
        #expect(frame(collectionView, 0, 0) == CGRect(x: 22, y: 22, width: 346, height: 40))
        // Grid of 5 from 480: 70-pt rows (0.2 of the 350-pt content box) of 70-pt slots.
        #expect(frame(collectionView, 6, 1) == CGRect(x: 92, y: 480 + 20 + 70 + 2, width: 66, height: 66))
        // Grid of 3 from 480 + 180 = 660: slots 350 / 3 wide.
        #expect(close(frame(collectionView, 1, 2), CGRect(x: 20 + 350.0 / 3 + 2, y: 682, width: 350.0 / 3 - 4, height: 66)))
        // Rest [−91, 753): all 10 list rows, all 10 of the grid of 5, two rows of the grid of 3.
        #expect(simulator.counts.cellProvider == 26)
        #expect(simulator.counts(forSectionAt: 2).cellProvider == 6)
    }

    @Test("Adaptive sections: rotating re-runs the provider (2.2) and keeps 1/5/3 columns at 750 pt; an iPad is wide: 2/10/6")
    func adaptiveSections() throws {
        let screen = AdaptiveSectionsViewController()
        let simulator = try showInNavigation(screen)
        #expect(simulator.counts.sectionProvider == 3)
        #expect(frame(screen.collectionView, 0, 0)?.width == 346)
        try simulator.rotate()
        // Landscape: 844 wide less the 47-pt notch insets on both sides: 750 (not above 800).
        #expect(simulator.counts.sectionProvider == 6)
        #expect(frame(screen.collectionView, 0, 0) == CGRect(x: 47 + 22, y: 22, width: 750 - 44, height: 40))

        let wide = AdaptiveSectionsViewController()
        _ = try showInNavigation(wide, device: .iPad)
        // 820 − 40 = 780 of content: two list columns of 390, ten of 78, six of 130.
        #expect(frame(wide.collectionView, 1, 0) == CGRect(x: 20 + 390 + 2, y: 22, width: 386, height: 40))
        #expect(frame(wide.collectionView, 9, 1)?.width == 74)
        #expect(frame(wide.collectionView, 5, 2)?.minX == CGFloat(20 + 5 * 130 + 2))
    }
}
