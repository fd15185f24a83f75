import ScrollSimUIKit
import Testing

/// A photo grid paged the way apps wrote it before diffable data sources: an array, counts,
/// `cellForItemAt`, and `insertItems` when the last rows come on screen.
@MainActor
final class ClassicGridController: UICollectionViewController {
    var photos = Array(0..<60)
    /// Photos appended when an item this close to the end is about to show (0: no paging).
    var pageWhenWithin = 0

    init() { super.init(collectionViewLayout: ClassicGridController.gridLayout()) }
    required init?(coder: NSCoder) { nil }

    static func gridLayout() -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { _, _ in
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1 / 3), heightDimension: .fractionalHeight(1))
            )
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(130)),
                subitems: [item])
            return NSCollectionLayoutSection(group: group)
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Photo")
    }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { photos.count }
    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Photo", for: indexPath)
        cell.tag = photos[indexPath.item]
        return cell
    }
    override func collectionView(
        _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
        guard pageWhenWithin > 0, indexPath.item >= photos.count - pageWhenWithin else { return }
        let start = photos.count
        photos += (start..<start + 30).map { $0 }
        collectionView.insertItems(at: (start..<start + 30).map { IndexPath(item: $0, section: 0) })
    }
}

/// The same grid with a diffable data source, paged with a snapshot.
@MainActor
final class DiffableGridController: UICollectionViewController {
    var dataSource: UICollectionViewDiffableDataSource<Int, Int>!
    var photos = Array(0..<60)
    var pageWhenWithin = 0

    init() { super.init(collectionViewLayout: ClassicGridController.gridLayout()) }
    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Photo")
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, indexPath, photo in
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Photo", for: indexPath)
            cell.tag = photo
            return cell
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(photos)
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    override func collectionView(
        _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
        guard pageWhenWithin > 0, indexPath.item >= photos.count - pageWhenWithin else { return }
        let start = photos.count
        photos += (start..<start + 30).map { $0 }
        var snapshot = dataSource.snapshot()
        snapshot.appendItems(Array(start..<start + 30))
        dataSource.apply(snapshot)
    }
}

/// A classic data source with two sections and headers, for section edits.
@MainActor
final class ClassicSectionsController: UICollectionViewController {
    var sections: [[String]] = [["a", "b", "c"], ["d", "e"]]

    init() {
        super.init(
            collectionViewLayout: UICollectionViewCompositionalLayout { _, environment in
                var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
                configuration.headerMode = .supplementary
                return NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
            })
    }
    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "Row")
        collectionView.register(
            UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
            withReuseIdentifier: "Header")
    }

    override func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }
    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        sections[section].count
    }
    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Row", for: indexPath)
        var content = UIListContentConfiguration.cell()
        content.text = sections[indexPath.section][indexPath.item]
        (cell as? UICollectionViewListCell)?.contentConfiguration = content
        return cell
    }
    override func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "Header", for: indexPath)
    }
    override func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
    override func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
        let item = sections[sourceIndexPath.section].remove(at: sourceIndexPath.item)
        sections[destinationIndexPath.section].insert(item, at: destinationIndexPath.item)
    }
}

@MainActor
@Suite("UICollectionView with a classic data source: counts, edits, batch updates (CS1 to CS3)")
struct ClassicDataSourceTests {
    @Test("a classic grid costs what the same grid costs with a diffable data source, paging included (CS1, CS2)")
    func sameCountsAsDiffable() throws {
        let classic = ClassicGridController()
        let diffable = DiffableGridController()
        classic.pageWhenWithin = 6
        diffable.pageWhenWithin = 6
        var runs: [[(String, Int)]] = []
        for controller in [classic as UIViewController, diffable] {
            let simulator = ScrollSimulator(device: .iPhone13)
            try simulator.show(controller)
            try simulator.drag(by: 6000, duration: 3)
            try simulator.runUntilIdle()
            runs.append(simulator.counts.named)
        }
        #expect(classic.photos.count > 60)
        #expect(classic.photos.count == diffable.photos.count)
        let classicCounts = Dictionary(uniqueKeysWithValues: runs[0])
        let diffableCounts = Dictionary(uniqueKeysWithValues: runs[1])
        #expect(classicCounts == diffableCounts)
        // One apply for the first load, one per page, as the diffable twin applies snapshots.
        #expect(classicCounts["applies"] == 1 + (classic.photos.count - 60) / 30)
        #expect(classicCounts["inserted"] == classic.photos.count - 60)
        #expect(classic.collectionView.numberOfItems(inSection: 0) == classic.photos.count)
    }

    @Test("the first layout reads the counts; cells come from cellForItemAt, each visible one once (CS1)")
    func firstLayout() throws {
        let controller = ClassicGridController()
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let visible = controller.collectionView.indexPathsForVisibleItems
        #expect(!visible.isEmpty)
        #expect(simulator.counts.cellProvider >= visible.count)
        #expect(controller.collectionView.numberOfSections == 1)
        #expect(controller.collectionView.numberOfItems(inSection: 0) == 60)
        let first = try #require(controller.collectionView.cellForItem(at: IndexPath(item: 4, section: 0)))
        #expect(first.tag == 4)
    }

    @Test("batch updates: one apply for all their edits; reloadItems asks for the cell again (CS2)")
    func batchUpdates() throws {
        let controller = ClassicGridController()
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let view = try #require(controller.collectionView)
        let applies = simulator.counts.applies
        view.performBatchUpdates {
            controller.photos.remove(at: 0)
            controller.photos.insert(100, at: 2)
            view.deleteItems(at: [IndexPath(item: 0, section: 0)])
            view.insertItems(at: [IndexPath(item: 2, section: 0)])
        }
        #expect(simulator.counts.applies == applies + 1)
        #expect(simulator.counts.inserted == 1)
        #expect(simulator.counts.deleted == 1)
        #expect(view.cellForItem(at: IndexPath(item: 2, section: 0))?.tag == 100)
        #expect(view.cellForItem(at: IndexPath(item: 0, section: 0))?.tag == 1)

        let requests = simulator.counts.cellProvider
        controller.photos[1] = 200
        view.reloadItems(at: [IndexPath(item: 1, section: 0)])
        #expect(simulator.counts.cellProvider == requests + 1)
        #expect(view.cellForItem(at: IndexPath(item: 1, section: 0))?.tag == 200)
    }

    @Test("an insert the data source does not account for is UIKit's Invalid update crash (CS2)")
    func invalidUpdate() throws {
        let controller = ClassicGridController()
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let exception = uikitException {
            controller.photos += [60, 61]
            controller.collectionView.insertItems(at: [IndexPath(item: 60, section: 0)])
        }
        #expect(
            exception?.reason
                == "Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (62) must be equal to the number of items contained in that section before the update (60), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out)."
        )
        #expect(exception?.name == "NSInternalInconsistencyException")
    }

    @Test("section edits and a move across sections are checked section by section (CS2)")
    func sectionEdits() throws {
        let controller = ClassicSectionsController()
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let view = try #require(controller.collectionView)
        controller.sections.insert(["x"], at: 1)
        view.insertSections(IndexSet(integer: 1))
        #expect(view.numberOfSections == 3)
        #expect(view.numberOfItems(inSection: 1) == 1)

        controller.collectionView(view, moveItemAt: IndexPath(item: 0, section: 0), to: IndexPath(item: 0, section: 2))
        view.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 0, section: 2))
        #expect(view.numberOfItems(inSection: 0) == 2)
        #expect(view.numberOfItems(inSection: 2) == 3)
        #expect(simulator.counts.moved == 1)

        let exception = uikitException {
            view.deleteSections(IndexSet(integer: 1))
        }
        #expect(
            exception?.reason.hasPrefix(
                "Invalid update: invalid number of sections. The number of sections contained in the collection view after the update (3) must be equal to the number of sections contained in the collection view before the update (3), plus or minus the number of sections inserted or deleted (0 inserted, 1 deleted)."
            ) == true)
    }

    @Test("reloadData reads the counts again and requests every visible cell again (D3.2, CS1)")
    func reloadData() throws {
        let controller = ClassicGridController()
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let before = simulator.counts.cellProvider
        controller.photos = [7, 8, 9, 10, 11]
        controller.collectionView.reloadData()
        #expect(simulator.counts.cellProvider == before + 5)
        #expect(controller.collectionView.numberOfItems(inSection: 0) == 5)
        #expect(controller.collectionView.cellForItem(at: IndexPath(item: 4, section: 0))?.tag == 11)
    }

    @Test("performBatchUpdates(nil) re-lays the view out, classic or diffable (CS3 [B])")
    func emptyBatchUpdate() throws {
        for controller in [ClassicGridController() as UICollectionViewController, DiffableGridController()] {
            let simulator = ScrollSimulator(device: .iPhone13)
            try simulator.show(controller)
            let passes = simulator.counts.layoutPasses
            let sections = simulator.counts.sectionProvider
            controller.collectionView.performBatchUpdates(nil)
            try simulator.runUntilIdle()
            #expect(simulator.counts.layoutPasses == passes + 1)
            #expect(simulator.counts.sectionProvider == sections + 1)
            #expect(simulator.counts.applies == 1)
        }
    }

    @Test("a classic grid's data prefetching is counted as a diffable one's (CS1, PF1)")
    func prefetching() throws {
        final class Prefetcher: UICollectionViewDataSourcePrefetching {
            var asked: [IndexPath] = []
            func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
                asked += indexPaths
            }
        }
        var counts: [Int] = []
        var asked: [Int] = []
        for controller in [ClassicGridController() as UICollectionViewController, DiffableGridController()] {
            let prefetcher = Prefetcher()
            let simulator = ScrollSimulator(device: .iPhone13)
            try simulator.show(controller)
            controller.collectionView.prefetchDataSource = prefetcher
            try simulator.drag(by: 1500, duration: 1)
            try simulator.runUntilIdle()
            counts.append(simulator.counts.dataPrefetched)
            asked.append(prefetcher.asked.count)
        }
        #expect(counts[0] > 0)
        #expect(counts[0] == counts[1])
        #expect(asked[0] == asked[1])
    }

    @Test("an empty batch update on a table re-lays its rows out (CS3 [B])")
    func emptyTableBatch() throws {
        let controller = ClassicTableViewController(sections: [(nil, TableViewTests.rows(30))])
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let passes = simulator.counts.layoutPasses
        let applies = simulator.counts.applies
        controller.tableView.beginUpdates()
        controller.tableView.endUpdates()
        controller.tableView.layoutIfNeeded()
        #expect(simulator.counts.layoutPasses == passes + 1)
        #expect(simulator.counts.applies == applies)
    }

    @Test("item edits on a view fed by a diffable data source are UIKit's crash, not silent (CS2)")
    func editsOnDiffable() throws {
        let controller = DiffableGridController()
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let exception = uikitException {
            controller.collectionView.insertItems(at: [IndexPath(item: 0, section: 0)])
        }
        #expect(
            exception?.reason
                == "UICollectionView must be updated via the UICollectionViewDiffableDataSource APIs when acting as the UICollectionView's dataSource: please do not call mutation APIs directly on UICollectionView."
        )
    }

    @Test("a diffable data source made after the controller's classic one takes over; a classic one set later takes back (CS1)")
    func replacingTheDataSource() throws {
        let controller = DiffableGridController()
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        #expect(controller.collectionView.dataSource === controller.dataSource)
        #expect(controller.collectionView.numberOfItems(inSection: 0) == 60)

        let classic = ClassicGridController()
        classic.photos = [1, 2, 3]
        controller.collectionView.dataSource = classic
        controller.collectionView.layoutIfNeeded()
        #expect(controller.collectionView.dataSource === classic)
        #expect(controller.collectionView.numberOfItems(inSection: 0) == 3)
        #expect(controller.collectionView.cellForItem(at: IndexPath(item: 2, section: 0))?.tag == 3)
    }
}
