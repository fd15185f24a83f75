import ScrollSimUIKit

/// A screen with one sideways row that loads its next page when one of its last three cells is
/// requested, the way production apps write it; `style` says how the load waits for its 300 ms
/// response. Every style appends the same page at the same virtual time, so every style's counts
/// must equal those of the load made synchronous by hand (`byHand`).
final class PagingRowController: UIViewController {
    enum Style: String, CaseIterable, Sendable {
        /// The reference: the test schedules the response on the simulator itself.
        case byHand
        case dispatchAsyncAfter
        case globalQueueThenMain
        case taskSleep
        case mainActorTaskAsyncApply
        case detachedTaskThenMainActorRun
        case timer
        case runLoopPerformAfterSleep
        /// `URLSession.dataTask` whose completion hops to the main queue (the simulator's network
        /// answers in 0.3 s).
        case urlSessionCompletion
        /// `try await URLSession.shared.data(from:)` in a main-actor task.
        case urlSessionAsync
    }

    let style: Style
    weak var simulator: ScrollSimulator?
    var collectionView: UICollectionView!
    var dataSource: UICollectionViewDiffableDataSource<Int, Int>!
    private(set) var isLoading = false
    private(set) var pagesLoaded = 0
    let pageLimit: Int

    init(style: Style, simulator: ScrollSimulator, pageLimit: Int = 4) {
        self.style = style
        self.simulator = simulator
        self.pageLimit = pageLimit
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: Self.layout())
        view.addSubview(collectionView)
        let registration = UICollectionView.CellRegistration<UICollectionViewCell, Int> { _, _, _ in }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) {
            [weak self] collectionView, indexPath, item in
            if let self, indexPath.item >= collectionView.numberOfItems(inSection: 0) - 3 { self.loadNextPage() }
            return collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<8))
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    static func layout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { _, _ in
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(150), heightDimension: .absolute(150)),
                subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.interGroupSpacing = 10
            section.orthogonalScrollingBehavior = .continuous
            return section
        }
    }

    func loadNextPage() {
        guard !isLoading, pagesLoaded < pageLimit else { return }
        isLoading = true
        switch style {
        case .byHand:
            simulator?.schedule(after: 0.3) { self.append() }
        case .dispatchAsyncAfter:
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { self.append() }
        case .globalQueueThenMain:
            DispatchQueue.global(qos: .userInitiated).async {
                DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) { self.append() }
            }
        case .taskSleep:
            Task {
                try await Task.sleep(nanoseconds: 300_000_000)
                self.append()
            }
        case .mainActorTaskAsyncApply:
            Task { @MainActor in
                try await Task.sleep(for: .milliseconds(300))
                await self.dataSource.apply(self.nextSnapshot(), animatingDifferences: true)
                self.finishPage()
            }
        case .detachedTaskThenMainActorRun:
            Task.detached {
                try await Task.sleep(for: .seconds(0.3))
                await MainActor.run { self.append() }
            }
        case .timer:
            Timer.scheduledTimer(withTimeInterval: 0.3, repeats: false) { _ in self.append() }
        case .urlSessionCompletion:
            let url = URL(string: "https://api.example.com/items?after=\(dataSource.snapshot().numberOfItems)")!
            URLSession.shared.dataTask(with: url) { data, _, error in
                guard let data, error == nil, let page = try? JSONDecoder().decode([Int].self, from: data) else { return }
                DispatchQueue.main.async { self.append(count: page.count) }
            }.resume()
        case .urlSessionAsync:
            Task {
                let url = URL(string: "https://api.example.com/items?after=\(dataSource.snapshot().numberOfItems)")!
                let (data, _) = try await URLSession.shared.data(from: url)
                self.append(count: try JSONDecoder().decode([Int].self, from: data).count)
            }
        case .runLoopPerformAfterSleep:
            Task {
                try await Task.sleep(for: .milliseconds(300))
                RunLoop.main.perform { self.append() }
            }
        }
    }

    func nextSnapshot(count: Int = 8) -> NSDiffableDataSourceSnapshot<Int, Int> {
        var snapshot = dataSource.snapshot()
        let start = snapshot.numberOfItems
        snapshot.appendItems(Array(start..<start + count))
        return snapshot
    }

    func append(count: Int = 8) {
        dataSource.apply(nextSnapshot(count: count), animatingDifferences: true)
        finishPage()
    }

    private func finishPage() {
        pagesLoaded += 1
        isLoading = false
    }
}
