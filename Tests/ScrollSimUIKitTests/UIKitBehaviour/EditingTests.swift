import ScrollSimUIKit
import Testing

/// A to-do list with swipe actions, delete controls and reordering, written as tutorials write
/// one.
@MainActor
final class TodoList: UIViewController {
    var items = (0..<20).map { "Task \($0)" }
    var flagged: Set<String> = []
    var collectionView: UICollectionView!
    var dataSource: UICollectionViewDiffableDataSource<Int, String>!
    var reorders: [CollectionDifference<String>] = []
    let reorderable: Bool

    init(reorderable: Bool = true) {
        self.reorderable = reorderable
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        configuration.trailingSwipeActionsConfigurationProvider = { [unowned self] indexPath in
            guard let item = self.dataSource.itemIdentifier(for: indexPath) else { return nil }
            let delete = UIContextualAction(style: .destructive, title: "Delete") { _, _, completion in
                self.items.removeAll { $0 == item }
                self.applySnapshot()
                completion(true)
            }
            let flag = UIContextualAction(style: .normal, title: "Flag") { _, _, completion in
                self.flagged.insert(item)
                completion(true)
            }
            return UISwipeActionsConfiguration(actions: [delete, flag])
        }
        let layout = UICollectionViewCompositionalLayout.list(using: configuration)
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        view.addSubview(collectionView)
        let cell = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = item
            cell.contentConfiguration = content
            cell.accessories = [.delete(), .reorder()]
        }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: item)
        }
        if reorderable {
            dataSource.reorderingHandlers.canReorderItem = { _ in true }
            dataSource.reorderingHandlers.didReorder = { [unowned self] transaction in
                self.reorders.append(transaction.difference)
                if let updated = self.items.applying(transaction.difference) { self.items = updated }
            }
        }
        applySnapshot()
    }

    func applySnapshot() {
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(items)
        dataSource.apply(snapshot, animatingDifferences: true)
    }
}

@MainActor
@Suite("Swipe actions, delete controls and reordering")
struct EditingTests {
    @Test("a trailing swipe reveals Delete and Flag; choosing Delete runs its handler, whose apply deletes one row")
    func swipeToDelete() throws {
        let list = TodoList()
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(list)
        let applies = simulator.counts.applies
        #expect(try simulator.swipe(itemAt: IndexPath(item: 2, section: 0)) == ["Delete", "Flag"])
        #expect(list.items.count == 20)  // revealing runs nothing
        try simulator.swipe(itemAt: IndexPath(item: 2, section: 0), choosing: 0)
        #expect(!list.items.contains("Task 2"))
        #expect(simulator.counts.applies == applies + 1)
        #expect(simulator.counts.deleted == 1)
        try simulator.swipe(itemAt: IndexPath(item: 0, section: 0), choosing: 1)
        #expect(list.flagged == ["Task 0"])
        #expect(throws: ScrollSimulatorError.noSwipeAction(IndexPath(item: 0, section: 0), 5)) {
            try simulator.swipe(itemAt: IndexPath(item: 0, section: 0), choosing: 5)
        }
    }

    @Test("a full swipe runs the first action; no leading provider is a clear error")
    func fullSwipe() throws {
        let list = TodoList()
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(list)
        #expect(try simulator.fullSwipe(itemAt: IndexPath(item: 0, section: 0)))
        #expect(list.items.first == "Task 1")
        #expect(throws: ScrollSimulatorError.noSwipeActions(IndexPath(item: 0, section: 0), .leading)) {
            try simulator.swipe(itemAt: IndexPath(item: 0, section: 0), edge: .leading)
        }
    }

    @Test("the delete control (editing) with no handler reveals the trailing actions, as in UIKit")
    func deleteControl() throws {
        let list = TodoList()
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(list)
        #expect(throws: ScrollSimulatorError.itemNotOnScreen(IndexPath(item: 1, section: 0))) {
            try simulator.tapDeleteAccessory(at: IndexPath(item: 1, section: 0))  // not editing: no control shown
        }
        list.collectionView.isEditing = true
        #expect(try simulator.tapDeleteAccessory(at: IndexPath(item: 1, section: 0)) == ["Delete", "Flag"])
    }

    @Test("reordering: the handlers get a transaction; the move is one apply with one move and no cell request (E2)")
    func reorder() throws {
        let list = TodoList()
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(list)
        list.collectionView.isEditing = true
        let cells = simulator.counts.cellProvider
        try simulator.reorder(itemAt: IndexPath(item: 0, section: 0), to: IndexPath(item: 3, section: 0))
        #expect(Array(list.items.prefix(5)) == ["Task 1", "Task 2", "Task 3", "Task 0", "Task 4"])
        #expect(list.dataSource.snapshot().itemIdentifiers == list.items)
        #expect(list.reorders.count == 1)
        #expect(simulator.counts.moved == 1)
        #expect(simulator.counts.cellProvider == cells)
        // Dropping past the end appends; past that is an error, not a crash.
        try simulator.reorder(itemAt: IndexPath(item: 0, section: 0), to: IndexPath(item: 19, section: 0))
        #expect(list.items.last == "Task 1")
        #expect(throws: ReorderError.destinationOutOfRange(IndexPath(item: 25, section: 0))) {
            try simulator.reorder(itemAt: IndexPath(item: 0, section: 0), to: IndexPath(item: 25, section: 0))
        }
    }

    @Test("without canReorderItem rows cannot move (UIKit enables reordering only with it)")
    func notReorderable() throws {
        let list = TodoList(reorderable: false)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(list)
        #expect(throws: ScrollSimulatorError.cannotReorder(IndexPath(item: 0, section: 0))) {
            try simulator.reorder(itemAt: IndexPath(item: 0, section: 0), to: IndexPath(item: 3, section: 0))
        }
    }
}
