import ScrollSimUIKit
import Testing

/// The seed home screen written as an iOS app (HomeViewController), run headless: UIKit model 5a to
/// 5d frames and counts.
@MainActor
@Suite("Home screen in UIKit code")
struct HomeScreenTests {
    /// The view controller in a 390 × 844 collection view with no safe area, laid out once.
    func loadedWithoutSafeArea() throws -> HomeViewController {
        let controller = HomeViewController(feed: try HomeFeed.load(), pager: nil)
        controller.loadViewIfNeeded()
        controller.collectionView.frame = CGRect(x: 0, y: 0, width: 390, height: 844)
        try UIKitException.catching { controller.collectionView.layoutIfNeeded() }
        return controller
    }

    @Test("5a to 5d: cell frames of the three sections stacked (UIKit model 5a, 5b, 5c, 5d)")
    func frames() throws {
        let collectionView = try loadedWithoutSafeArea().collectionView!
        let expected: [(IndexPath, CGRect)] = [
            (IndexPath(item: 0, section: 0), CGRect(x: 2, y: 2, width: 386, height: 196)),
            (IndexPath(item: 1, section: 0), CGRect(x: 2, y: 202, width: 386, height: 196)),
            (IndexPath(item: 2, section: 0), CGRect(x: 2, y: 402, width: 386, height: 196)),
            (IndexPath(item: 0, section: 1), CGRect(x: 10, y: 610, width: 350, height: 200)),
            (IndexPath(item: 1, section: 1), CGRect(x: 370, y: 610, width: 350, height: 200)),
            (IndexPath(item: 4, section: 1), CGRect(x: 1450, y: 610, width: 350, height: 200)),
            (IndexPath(item: 0, section: 2), CGRect(x: 10, y: 830, width: 150, height: 150)),
            (IndexPath(item: 3, section: 2), CGRect(x: 490, y: 830, width: 150, height: 150)),
        ]
        for (indexPath, frame) in expected {
            #expect(collectionView.layoutAttributesForItem(at: indexPath)?.frame == frame, "\(indexPath)")
        }
        #expect(collectionView.collectionViewLayout.collectionViewContentSize == CGSize(width: 390, height: 990))
        #expect(collectionView.contentSize == CGSize(width: 390, height: 990))
    }

    @Test("5d: first display with no safe area: 3 section-provider calls, 8 cells (UIKit model 5d)")
    func firstDisplayWithoutSafeArea() throws {
        let collectionView = try loadedWithoutSafeArea().collectionView!
        #expect(
            collectionView.indexPathsForVisibleItems.map { [$0.section, $0.item] } == [
                [0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [2, 0], [2, 1], [2, 2],
            ])
        let cells = collectionView.visibleCells
        #expect(cells.count == 8)
        #expect((cells[0] as? ConsultCell)?.title == "Ask a pharmacist")
        #expect((cells[3] as? CompanyCell)?.name == "Northwind Health")
    }

    @Test("5d: on an iPhone 13 (adjusted inset 47) expert is below the fold: 5 cells, 3 provider calls")
    func firstDisplayOnIPhone13() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        let controller = HomeViewController(feed: try HomeFeed.load(), pager: nil)
        try simulator.show(controller)
        #expect(controller.collectionView.contentOffset == CGPoint(x: 0, y: -47))
        let counts = simulator.counts
        #expect(counts.sectionProvider == 3)
        #expect(counts.layoutPasses == 1)
        #expect(counts.cellProvider == 5)
        #expect(counts.cellsCreated == 5)
        #expect(simulator.counts(forSection: HomeSection.company).cellProvider == 2)
        #expect(simulator.counts(forSection: HomeSection.expert).cellProvider == 0)
    }

    @Test(
        "5b, 5d: scrolling the company row to its end asks for a page from the cell provider; the append re-runs the provider for all 3 sections and requests no cell"
    )
    func companyRowAppend() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        let feed = try HomeFeed.load()
        let pager = SimulatedCompanyPager(simulator: simulator, page: feed.companyInfoList, latency: 0.3)
        let controller = HomeViewController(feed: feed, pager: pager)
        try simulator.show(controller)
        let collectionView = controller.collectionView!

        // A flick of 2 pt/ms projects 999 pt and rests on boundary b3 = 1080 (5b, P2.3).
        try simulator.fling(section: 1, velocity: 2000)
        try simulator.advance(by: 3)
        #expect(collectionView.orthogonalContentOffset(inSection: 1) == 1080)
        // Items 2, 3, 4 entered the row; requesting cell 4 (companyCount - 1) asked for a page.
        let company = simulator.counts(forSection: HomeSection.company)
        #expect(company.cellProvider == 5)
        #expect(company.dataRequests == 1)
        #expect(company.dataRequestsCompleted == 1)
        #expect(company.inserted == 5)
        #expect(controller.pagesLoaded == 1)
        #expect(collectionView.numberOfItems(inSection: 1) == 10)

        let counts = simulator.counts
        #expect(counts.layoutPasses == 2)
        #expect(counts.sectionProvider == 6, "the append re-ran the provider for every section (A1)")
        #expect(counts.cellProvider == 8, "inserted items 5 to 9 start at x = 1810, right of the row's window [1080, 1470]")
        let lastPass = try #require(simulator.events(.layoutPass).last)
        #expect(lastPass.detail == "pass=2 reason=invalidateLayout sections=consult,company,expert")
        #expect(lastPass.cause == "response company")
        // The two pitfalls the seed app hit, in plain words.
        #expect(simulator.warnings.count == 2)
        #expect(
            simulator.warnings.contains { $0.hasPrefix("a data request for 'company' was made from inside the cell provider") })
        #expect(
            simulator.warnings.contains {
                $0.hasPrefix("an apply that changed 1 section(s) re-ran the section provider for all 3")
            })

        // The row is now C = 3610 long (5b): its end moved to 3220.
        try simulator.fling(section: 1, velocity: 20_000)
        try simulator.runUntilIdle()
        #expect(collectionView.orthogonalContentOffset(inSection: 1) == 3220)
        #expect(simulator.counts(forSection: HomeSection.company).dataRequests == 1, "cell 4 was not requested again")
    }

    @Test("The seed app's fixed-index trigger fires again only when cell 4 is requested again")
    func fixedIndexTriggerRefires() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        let feed = try HomeFeed.load()
        let controller = HomeViewController(
            feed: feed, pager: SimulatedCompanyPager(simulator: simulator, page: feed.companyInfoList, latency: 0.3))
        try simulator.show(controller)
        try simulator.fling(section: 1, velocity: 2000)
        try simulator.runUntilIdle()
        #expect(simulator.counts.dataRequests == 1)
        // Back to the start (cell 4 leaves the row and is recycled), then forward again.
        try simulator.fling(section: 1, velocity: -5000)
        try simulator.runUntilIdle()
        #expect(controller.collectionView.orthogonalContentOffset(inSection: 1) == 0)
        try simulator.fling(section: 1, velocity: 2000)
        try simulator.runUntilIdle()
        #expect(simulator.counts.dataRequests == 2)
        #expect(controller.collectionView.numberOfItems(inSection: 1) == 15)
        #expect(simulator.counts.sectionProvider == 9)
    }
}
