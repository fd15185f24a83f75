import CollectionTypes
import CollectionView
import CompositionalLayout
import DiffableDataSource
import Testing

/// Cell prefetching as modelled (PF1 to PF6) on the home screen with 100 consult rows of 200 pt
/// (section 0 spans 0 to 20,000) in a 390 × 844 viewport: half a viewport ahead is 422 pt.
@Suite("Prefetching")
struct PrefetchTests {
    static func view(_ prefetch: PrefetchPolicy = .uikit) throws -> CV { try home(prefetch: prefetch, consult: 100) }

    static func consultCells(_ view: CV) -> [Int] {
        view.liveCellsByIndexPath.map(\.0).filter { $0.section == 0 }.map(\.item)
    }

    @Test("nothing is prepared ahead at first display: rows 0 to 4 of [0, 844) only (PF2)")
    func firstDisplay() throws {
        let view = try Self.view()
        #expect(Self.consultCells(view) == [0, 1, 2, 3, 4])
        #expect(view.counts.total.prefetched == 0)
        #expect(!view.hasPendingPrefetch)
    }

    @Test(
        "after a 10-pt scroll down, rows 5 and 6 (y 1000 and 1200) lie in [854, 1276) ahead: row 5 is prepared now, row 6 the next frame (PF3, PF4)"
    )
    func aheadOnePerPass() throws {
        let view = try Self.view()
        try view.setContentOffset(10)
        #expect(Self.consultCells(view) == [0, 1, 2, 3, 4, 5])
        #expect(view.counts.total.prefetched == 1)
        #expect(view.hasPendingPrefetch)
        try view.setOffsets(main: nil, rows: [])  // a frame in which nothing moves
        #expect(Self.consultCells(view) == [0, 1, 2, 3, 4, 5, 6])
        #expect(view.counts.total.prefetched == 2)
        #expect(!view.hasPendingPrefetch)
        #expect(view.indexPathsForVisibleItems.filter { $0.section == 0 }.map(\.item) == [0, 1, 2, 3, 4])
        let reasons = try #require(view.counts.sections["consult"])
        #expect(reasons.cellProvider == 7)
    }

    @Test(
        "turning back reuses what is still prepared: down to 400 then back to 0 costs 8 cell-provider calls with prefetching, 9 without (PF5, PF6)"
    )
    func reversal() throws {
        func run(_ policy: PrefetchPolicy) throws -> CV {
            let view = try Self.view(policy)
            for offset in [10.0, 10, 400] {
                try view.setOffsets(main: offset, rows: [])
            }
            try view.setContentOffset(0)
            return view
        }
        // With prefetching: rows 5, 6 prepared at 10; at 400 row 7 (y 1400) is prepared in
        // [1244, 1666) and rows 0 and 1 stay within 422 above [400, 1244); back at 0 rows 0 to 4
        // are all live, and row 7 leaves [−422, 1266) without having been shown.
        let prefetching = try run(.uikit)
        #expect(prefetching.counts.sections["consult"]?.cellProvider == 8)
        #expect(prefetching.counts.total.prefetched == 3)
        #expect(prefetching.counts.total.prefetchedNeverShown == 1)
        #expect(Self.consultCells(prefetching) == [0, 1, 2, 3, 4, 5, 6])
        // Without: rows 5, 6 on screen at 400 (2 calls), rows 0, 1 left and are asked for again at 0.
        let visibleOnly = try run(.disabled)
        #expect(visibleOnly.counts.sections["consult"]?.cellProvider == 9)
        #expect(visibleOnly.counts.total.prefetched == 0)
        #expect(Self.consultCells(visibleOnly) == [0, 1, 2, 3, 4])
    }

    @Test(
        "an orthogonal row prepares ahead along its own axis: the company row at offset 600 shows items 1 and 2 in [600, 990); item 3 (x 1090) is within 195 ahead (PF3)"
    )
    func orthogonalRow() throws {
        let view = try home(prefetch: .uikit)
        try view.setOrthogonalOffset(600, section: "company")
        let company = view.liveCellsByIndexPath.map(\.0).filter { $0.section == 1 }.map(\.item)
        #expect(company == [1, 2, 3])
        #expect(view.counts.sections["company"]?.prefetched == 1)
        // The seed app's fixed index 4 (x 1450) is requested once 1450 < offset + 390 + 195.
        try view.setOrthogonalOffset(865, section: "company")
        #expect(view.cell(at: ItemPath(item: 4, section: 1)) == nil)
        try view.setOrthogonalOffset(866, section: "company")
        #expect(view.cell(at: ItemPath(item: 4, section: 1)) != nil)
    }

    @Test("events: a prepared cell is displayed (willDisplay) only when it comes into view, and hidden when it leaves")
    func displayEvents() throws {
        let view = try Self.view()
        var log: [String] = []
        view.eventHandler = { event in
            switch event {
            case .cellRequested(_, let path, _, _, _, let reason) where path.section == 0:
                log.append("request \(path.item) \(reason)")
            case .cellDisplayed(_, let path, _) where path.section == 0: log.append("display \(path.item)")
            case .cellHidden(_, let path, _) where path.section == 0: log.append("hide \(path.item)")
            default: break
            }
        }
        try view.setContentOffset(10)
        try view.setContentOffset(200)
        #expect(log == ["request 5 prefetched", "hide 0", "display 5", "request 6 prefetched"])
    }

    @Test("a prefetch data source hears of the rows ahead, nearest first, and of those abandoned when the user turns back")
    func dataPrefetching() throws {
        let view = try Self.view()
        view.reportsDataPrefetching = true
        var announced: [[Int]] = []
        var cancelled: [[Int]] = []
        view.eventHandler = { event in
            if case .prefetchItems(let paths) = event { announced.append(paths.map(\.item)) }
            if case .cancelPrefetching(let paths) = event { cancelled.append(paths.map(\.item)) }
        }
        try view.setContentOffset(10)  // ahead [854, 1276): rows 5 and 6 announced, then row 5's cell requested
        #expect(announced == [[5, 6]])
        // Turning back: the region ahead is now above the viewport; row 6, announced but never
        // requested, is cancelled.
        try view.setContentOffset(0)
        #expect(cancelled == [[6]])
        #expect(view.cell(at: ItemPath(item: 6, section: 0)) == nil)
        #expect(view.counts.total.dataPrefetched == 2)
        #expect(view.counts.total.dataPrefetchCancelled == 1)
    }
}
