import ScrollSimUIKit
import Testing

/// The home-split seed screen (docs/scenarios.md "Shipped scenarios", 2): consult items cut into two sections around the
/// company row, written with the iOS 15 pattern of a provider that looks up the section
/// identifier in the data source (which must already hold the new data, B2.1).
@MainActor
final class HomeSplitViewController: UIViewController {
    enum Section: String, CaseIterable, Hashable, Sendable { case consult1, company, consult2, expert }

    var collectionView: UICollectionView!
    var dataSource: UICollectionViewDiffableDataSource<Section, HomeItem>!
    let feed: HomeFeed

    init(feed: HomeFeed) {
        self.feed = feed
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        let layout = UICollectionViewCompositionalLayout { [unowned self] index, _ in
            switch self.dataSource.sectionIdentifier(for: index)! {
            case .consult1, .consult2: return HomeViewController.consultSection()
            case .company: return HomeViewController.rowSection(width: 350, height: 200)
            case .expert: return HomeViewController.rowSection(width: 150, height: 150)
            }
        }
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        view.addSubview(collectionView)
        let consult = UICollectionView.CellRegistration<ConsultCell, HomeFeed.Consult> { cell, _, consult in
            cell.configure(consult)
        }
        let company = UICollectionView.CellRegistration<CompanyCell, HomeFeed.Company> { cell, _, company in
            cell.configure(company)
        }
        let expert = UICollectionView.CellRegistration<ExpertCell, HomeFeed.Expert> { cell, _, expert in cell.configure(expert) }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, indexPath, item in
            switch item {
            case .consult(_, let value): collectionView.dequeueConfiguredReusableCell(using: consult, for: indexPath, item: value)
            case .company(_, let value): collectionView.dequeueConfiguredReusableCell(using: company, for: indexPath, item: value)
            case .expert(_, let value): collectionView.dequeueConfiguredReusableCell(using: expert, for: indexPath, item: value)
            }
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, HomeItem>()
        snapshot.appendSections(Section.allCases)
        snapshot.appendItems(feed.consultList.prefix(2).map { .consult(UUID(), $0) }, toSection: .consult1)
        snapshot.appendItems(feed.companyInfoList.map { .company(UUID(), $0) }, toSection: .company)
        snapshot.appendItems(feed.consultList.dropFirst(2).map { .consult(UUID(), $0) }, toSection: .consult2)
        snapshot.appendItems(feed.expertList.map { .expert(UUID(), $0) }, toSection: .expert)
        dataSource.apply(snapshot, animatingDifferences: false)
    }
}

@MainActor
@Suite("Home split in UIKit code")
struct HomeSplitTests {
    @Test("the company row sits between the two consult sections (G1.6.3, G1.7.2, G1.9.3)")
    func frames() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        let controller = HomeSplitViewController(feed: try HomeFeed.load())
        try simulator.show(controller)
        let collectionView = controller.collectionView!
        #expect(
            collectionView.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame
                == CGRect(x: 2, y: 202, width: 386, height: 196))
        #expect(
            collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame
                == CGRect(x: 10, y: 410, width: 350, height: 200))
        #expect(
            collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 2))?.frame
                == CGRect(x: 2, y: 622, width: 386, height: 196))
        #expect(
            collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 3))?.frame
                == CGRect(x: 10, y: 830, width: 150, height: 150))
        #expect(collectionView.contentSize.height == 990)
        // Viewport y ∈ [−47, 797): consult1 2, company 2, consult2 1, expert none.
        #expect(simulator.counts.cellProvider == 5)
        #expect(simulator.counts.sectionProvider == 4)
    }

    @Test("appending to the company row re-runs the provider for all four sections (UIKit model 2.2, A1)")
    func append() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        let feed = try HomeFeed.load()
        let controller = HomeSplitViewController(feed: feed)
        try simulator.show(controller)
        var companies = controller.dataSource.snapshot(for: .company)
        companies.append(feed.companyInfoList.map { .company(UUID(), $0) })
        controller.dataSource.apply(companies, to: .company)
        #expect(simulator.counts.sectionProvider == 8)
        #expect(simulator.counts(forSection: HomeSplitViewController.Section.consult2).sectionProvider == 2)
        // The first apply inserted whole sections (their items come with them); the append inserts 5.
        #expect(simulator.counts.inserted == 5)
        #expect(simulator.counts.cellProvider == 5)
    }
}
