import ScrollSimUIKit

/// Where the home screen gets more companies: the network in the app, the simulator's virtual
/// clock in tests.
@MainActor
protocol CompanyPager {
    func fetchNextPage(completion: @escaping @MainActor ([HomeFeed.Company]) -> Void)
}

/// The seed home screen as the iOS app wrote it (docs/scenarios.md "Shipped scenarios", 1): a compositional layout with a
/// section provider, a diffable data source whose cell provider asks for the next page of
/// companies when the cell at index `companyCount - 1` (a fixed index) is requested, and a section
/// snapshot apply for each page.
final class HomeViewController: UIViewController {
    var collectionView: UICollectionView!
    var dataSource: UICollectionViewDiffableDataSource<HomeSection, HomeItem>!
    let feed: HomeFeed
    let pager: CompanyPager?
    /// The seed app's trigger: the number of companies in the first page, never updated.
    private(set) var companyCount = 0
    private(set) var isLoading = false
    private(set) var pagesLoaded = 0

    init(feed: HomeFeed, pager: CompanyPager?) {
        self.feed = feed
        self.pager = pager
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: createLayout())
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.backgroundColor = .systemBackground
        collectionView.register(ConsultCell.self, forCellWithReuseIdentifier: ConsultCell.reuseIdentifier)
        collectionView.register(CompanyCell.self, forCellWithReuseIdentifier: CompanyCell.reuseIdentifier)
        collectionView.register(ExpertCell.self, forCellWithReuseIdentifier: ExpertCell.reuseIdentifier)
        view.addSubview(collectionView)
        configureDataSource()
        applyInitialData()
    }

    func createLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { sectionIndex, _ in
            switch HomeSection(rawValue: sectionIndex)! {
            case .consult: return Self.consultSection()
            case .company: return Self.rowSection(width: 350, height: 200)
            case .expert: return Self.rowSection(width: 150, height: 150)
            }
        }
    }

    static func consultSection() -> NSCollectionLayoutSection {
        let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1))
        let item = NSCollectionLayoutItem(layoutSize: itemSize)
        item.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
        let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(200))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitem: item, count: 1)
        return NSCollectionLayoutSection(group: group)
    }

    static func rowSection(width: CGFloat, height: CGFloat) -> NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(width), heightDimension: .absolute(height)),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 10
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        section.orthogonalScrollingBehavior = .continuousGroupLeadingBoundary
        return section
    }

    func configureDataSource() {
        dataSource = UICollectionViewDiffableDataSource<HomeSection, HomeItem>(collectionView: collectionView) {
            [weak self] collectionView, indexPath, item in
            switch item {
            case .consult(_, let consult):
                let cell =
                    collectionView.dequeueReusableCell(withReuseIdentifier: ConsultCell.reuseIdentifier, for: indexPath)
                    as! ConsultCell
                cell.configure(consult)
                return cell
            case .company(_, let company):
                let cell =
                    collectionView.dequeueReusableCell(withReuseIdentifier: CompanyCell.reuseIdentifier, for: indexPath)
                    as! CompanyCell
                cell.configure(company)
                if let self, indexPath.item == self.companyCount - 1 {
                    self.loadMoreCompanies()
                }
                return cell
            case .expert(_, let expert):
                let cell =
                    collectionView.dequeueReusableCell(withReuseIdentifier: ExpertCell.reuseIdentifier, for: indexPath)
                    as! ExpertCell
                cell.configure(expert)
                return cell
            }
        }
    }

    func applyInitialData() {
        var snapshot = NSDiffableDataSourceSnapshot<HomeSection, HomeItem>()
        snapshot.appendSections(HomeSection.allCases)
        snapshot.appendItems(feed.consultList.map { .consult(UUID(), $0) }, toSection: .consult)
        snapshot.appendItems(feed.companyInfoList.map { .company(UUID(), $0) }, toSection: .company)
        snapshot.appendItems(feed.expertList.map { .expert(UUID(), $0) }, toSection: .expert)
        companyCount = feed.companyInfoList.count
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    func loadMoreCompanies() {
        guard !isLoading, let pager else { return }
        isLoading = true
        pager.fetchNextPage { [weak self] page in
            guard let self else { return }
            self.isLoading = false
            self.pagesLoaded += 1
            var companies = self.dataSource.snapshot(for: .company)
            companies.append(page.map { .company(UUID(), $0) })
            self.dataSource.apply(companies, to: .company)
        }
    }
}

/// Pages of the same five companies (the seed app re-appended its data), answered after `latency`
/// seconds of virtual time.
@MainActor
final class SimulatedCompanyPager: CompanyPager {
    let simulator: ScrollSimulator
    let page: [HomeFeed.Company]
    let latency: TimeInterval

    init(simulator: ScrollSimulator, page: [HomeFeed.Company], latency: TimeInterval = 0.3) {
        self.simulator = simulator
        self.page = page
        self.latency = latency
    }

    func fetchNextPage(completion: @escaping @MainActor ([HomeFeed.Company]) -> Void) {
        let page = self.page
        simulator.dataRequest(section: HomeSection.company, latency: latency) { completion(page) }
    }
}
