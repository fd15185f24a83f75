import ScrollSimUIKit
import Testing

/// A list screen that logs its life cycle, the way tutorials write one: a collection view filling
/// the view, a navigation title, a bar button.
@MainActor
final class LoggingListViewController: UIViewController {
    let name: String
    let rows: Int
    var log: [String]
    var collectionView: UICollectionView!
    var dataSource: UICollectionViewDiffableDataSource<Int, Int>!
    var largeTitleDisplayMode: UINavigationItem.LargeTitleDisplayMode = .automatic

    init(name: String, rows: Int = 40, log: [String] = []) {
        self.name = name
        self.rows = rows
        self.log = log
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        record("viewDidLoad")
        navigationItem.title = name
        navigationItem.largeTitleDisplayMode = largeTitleDisplayMode
        navigationItem.rightBarButtonItem = editButtonItem
        let configuration = UICollectionLayoutListConfiguration(appearance: .plain)
        collectionView = UICollectionView(
            frame: view.bounds, collectionViewLayout: UICollectionViewCompositionalLayout.list(using: configuration))
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(collectionView)
        let cell = UICollectionView.CellRegistration<UICollectionViewListCell, Int> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = "Row \(item)"
            cell.contentConfiguration = content
        }
        dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) {
            collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<rows))
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        record("viewWillAppear")
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        record("viewDidAppear")
    }
    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        record("viewWillDisappear")
    }
    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        record("viewDidDisappear")
    }

    func record(_ event: String) { Journal.shared.entries.append("\(name).\(event)") }
}

/// The order in which controllers heard of their life cycle.
@MainActor
final class Journal {
    static let shared = Journal()
    var entries: [String] = []
}

@MainActor
@Suite("Navigation: bars, push and pop, search, bar buttons")
struct NavigationTests {
    @Test("a standard bar rests content at −(47 + 44); a large title at −(47 + 96) (N1, N2 [B])")
    func barInsets() throws {
        for (large, expected) in [(false, CGFloat(-91)), (true, CGFloat(-143))] {
            let list = LoggingListViewController(name: "List")
            let navigation = UINavigationController(rootViewController: list)
            navigation.navigationBar.prefersLargeTitles = large
            let simulator = ScrollSimulator(device: .iPhone13)
            try simulator.show(navigation)
            #expect(list.collectionView.contentOffset.y == expected)
            #expect(simulator.visibleViewController === list)
            // A 44-pt plain list row (D5.10): the viewport [offset, offset + 844) holds rows
            // 0 … ceil((844 + offset) / 44) − 1 on screen; with prefetching off nothing else.
            #expect(list.collectionView.indexPathsForVisibleItems.count == Int(((844 + expected) / 44).rounded(.up)))
        }
    }

    @Test("push then pop: UIKit's appearance order, and each screen's content where its bar puts it (N2, N3)")
    func pushAndPop() throws {
        Journal.shared.entries = []
        let list = LoggingListViewController(name: "A")
        let navigation = UINavigationController(rootViewController: list)
        navigation.navigationBar.prefersLargeTitles = true
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(navigation)
        #expect(Journal.shared.entries == ["A.viewDidLoad", "A.viewWillAppear", "A.viewDidAppear"])
        #expect(list.navigationController === navigation)

        Journal.shared.entries = []
        let detail = LoggingListViewController(name: "B", rows: 5)
        detail.largeTitleDisplayMode = .never
        list.navigationController?.pushViewController(detail, animated: true)
        #expect(
            Journal.shared.entries == [
                "B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear", "A.viewDidDisappear", "B.viewDidAppear",
            ])
        #expect(simulator.visibleViewController === detail)
        #expect(simulator.collectionView === detail.collectionView)
        #expect(detail.collectionView.contentOffset.y == -91)  // .never: the standard bar only
        #expect(simulator.counts(forSection: 0).cellProvider >= 5)

        Journal.shared.entries = []
        try simulator.tapBackButton()
        #expect(Journal.shared.entries == ["B.viewWillDisappear", "A.viewWillAppear", "B.viewDidDisappear", "A.viewDidAppear"])
        #expect(simulator.collectionView === list.collectionView)
        #expect(navigation.viewControllers.count == 1)
        #expect(throws: ScrollSimulatorError.nothingToPop) { try simulator.tapBackButton() }
    }

    @Test("automatic large-title mode follows the controller below; .always shows one anywhere (N2)")
    func largeTitleModes() throws {
        let root = LoggingListViewController(name: "R")
        root.largeTitleDisplayMode = .never
        let navigation = UINavigationController(rootViewController: root)
        navigation.navigationBar.prefersLargeTitles = true
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(navigation)
        #expect(root.collectionView.contentOffset.y == -91)
        let automatic = LoggingListViewController(name: "Auto")
        navigation.pushViewController(automatic, animated: false)
        #expect(automatic.collectionView.contentOffset.y == -91)  // inherits .never from R
        let always = LoggingListViewController(name: "Always")
        always.largeTitleDisplayMode = .always
        navigation.pushViewController(always, animated: false)
        #expect(always.collectionView.contentOffset.y == -143)
    }

    @Test("the edit button toggles editing; a UIAction bar button runs; a target–action one is a clear error")
    func barButtons() throws {
        let list = LoggingListViewController(name: "E")
        let navigation = UINavigationController(rootViewController: list)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(navigation)
        let edit = try #require(list.navigationItem.rightBarButtonItem)
        #expect(edit.title == "Edit")
        try simulator.tap(edit)
        #expect(list.isEditing)
        #expect(edit.title == "Done")
        try simulator.tap(edit)
        #expect(!list.isEditing)

        var added = 0
        let add = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { _ in added += 1 })
        list.navigationItem.leftBarButtonItem = add
        try simulator.tap(add)
        #expect(added == 1)
        let legacy = UIBarButtonItem(title: "Sort", style: .plain, target: list, action: Selector("sort"))
        #expect(throws: ScrollSimulatorError.barButtonCannotRun("Sort")) { try simulator.tap(legacy) }
    }

    @Test("present and dismiss: the presented screen shows, then the presenter again (N3)")
    func presentAndDismiss() throws {
        Journal.shared.entries = []
        let list = LoggingListViewController(name: "P")
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(list)
        #expect(list.collectionView.contentOffset.y == -47)  // no navigation bar
        let sheet = LoggingListViewController(name: "S", rows: 3)
        let wrapped = UINavigationController(rootViewController: sheet)
        Journal.shared.entries = []
        list.present(wrapped, animated: true)
        #expect(simulator.visibleViewController === sheet)
        #expect(
            Journal.shared.entries == [
                "S.viewDidLoad", "P.viewWillDisappear", "S.viewWillAppear", "P.viewDidDisappear", "S.viewDidAppear",
            ])
        #expect(sheet.collectionView.contentOffset.y == -91)
        sheet.dismiss(animated: true)
        #expect(simulator.visibleViewController === list)
        #expect(list.presentedViewController == nil)
    }

    @Test("rotation tells the controller (viewWillTransition, traitCollectionDidChange) and its views see the new traits")
    func rotation() throws {
        final class Rotating: UICollectionViewController {
            var sizes: [CGSize] = []
            var previous: [UIUserInterfaceSizeClass] = []
            override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
                super.viewWillTransition(to: size, with: coordinator)
                coordinator.animate(alongsideTransition: { _ in self.sizes.append(size) }, completion: nil)
            }
            override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
                previous.append(previousTraitCollection?.verticalSizeClass ?? .unspecified)
            }
        }
        let controller = Rotating(
            collectionViewLayout: UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain)))
        let simulator = ScrollSimulator(device: .iPhone13)
        let data = UICollectionViewDiffableDataSource<Int, Int>(collectionView: controller.collectionView) { _, _, _ in nil }
        try simulator.show(controller)
        #expect(controller.traitCollection.verticalSizeClass == .regular)
        #expect(controller.view.traitCollection.displayScale == 3)
        try simulator.rotate()
        #expect(controller.sizes == [CGSize(width: 844, height: 390)])
        #expect(controller.previous == [.regular])
        #expect(controller.traitCollection.verticalSizeClass == .compact)
        withExtendedLifetime(data) {}
    }
}

@MainActor
@Suite("Search: typing drives the app's filtering")
struct SearchTests {
    /// Apple's "Mountains Search"-style screen: a search controller in the navigation item whose
    /// results updater filters and applies a snapshot per keystroke.
    final class MountainsViewController: UIViewController, UISearchResultsUpdating, UISearchBarDelegate {
        let names = ["Aconcagua", "Annapurna", "Denali", "Elbrus", "Everest", "K2", "Kilimanjaro", "Lhotse", "Makalu", "Vinson"]
        var collectionView: UICollectionView!
        var dataSource: UICollectionViewDiffableDataSource<Int, String>!
        var delegateTexts: [String] = []
        let searchController = UISearchController(searchResultsController: nil)

        override func viewDidLoad() {
            super.viewDidLoad()
            navigationItem.title = "Mountains"
            searchController.searchResultsUpdater = self
            searchController.searchBar.delegate = self
            searchController.obscuresBackgroundDuringPresentation = false
            navigationItem.searchController = searchController
            navigationItem.hidesSearchBarWhenScrolling = false
            collectionView = UICollectionView(
                frame: view.bounds,
                collectionViewLayout: UICollectionViewCompositionalLayout.list(using: .init(appearance: .insetGrouped)))
            view.addSubview(collectionView)
            let cell = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, name in
                var content = cell.defaultContentConfiguration()
                content.text = name
                cell.contentConfiguration = content
            }
            dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, indexPath, name in
                collectionView.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: name)
            }
            performQuery(with: nil)
        }

        func performQuery(with filter: String?) {
            let shown = names.filter { filter == nil || filter!.isEmpty || $0.lowercased().contains(filter!.lowercased()) }
            var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
            snapshot.appendSections([0])
            snapshot.appendItems(shown)
            dataSource.apply(snapshot, animatingDifferences: true)
        }

        func updateSearchResults(for searchController: UISearchController) { performQuery(with: searchController.searchBar.text) }
        func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) { delegateTexts.append(searchText) }
    }

    @Test("each keystroke: delegate, updater, one apply; the search bar adds 52 pt under the bar (N1 [B])")
    func typing() throws {
        let mountains = MountainsViewController()
        let navigation = UINavigationController(rootViewController: mountains)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(navigation)
        #expect(mountains.collectionView.contentOffset.y == CGFloat(-(47 + 44 + 52)))
        let appliesBefore = simulator.counts.applies
        try simulator.type("ka")
        #expect(mountains.delegateTexts == ["k", "ka"])
        #expect(mountains.searchController.isActive)
        // Focus runs the updater once (isActive), then one apply per keystroke.
        #expect(simulator.counts.applies - appliesBefore == 3)
        #expect(mountains.dataSource.snapshot().itemIdentifiers == ["Makalu"])
        try simulator.deleteBackward()
        #expect(mountains.dataSource.snapshot().itemIdentifiers == ["K2", "Kilimanjaro", "Makalu"])
        try simulator.cancelSearch()
        #expect(mountains.dataSource.snapshot().numberOfItems == 10)
        #expect(!mountains.searchController.isActive)
    }

    @Test("no search bar on screen is a clear error")
    func noSearchBar() throws {
        let list = LoggingListViewController(name: "N")
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(list)
        #expect(throws: ScrollSimulatorError.noSearchBar("LoggingListViewController")) { try simulator.type("x") }
    }
}
