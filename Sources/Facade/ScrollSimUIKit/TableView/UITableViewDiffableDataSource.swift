import Foundation

/// A table view's data source fed by snapshots (UIKit's `UITableViewDiffableDataSource`): the
/// same diffing and counting as `UICollectionViewDiffableDataSource` (UIKit model 2.2, 2.3, D3),
/// with the table's cells. Subclass it to give section titles, editing and moving, as on iOS.
@preconcurrency @MainActor
open class UITableViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    UITableViewDataSource, DiffableTableRows
{
    public typealias CellProvider = @MainActor (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?
    public typealias Snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    private let backing: UICollectionViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>
    private unowned let tableView: UITableView
    private let cellProvider: CellProvider
    /// Stored: nothing animates.
    open var defaultRowAnimation: UITableView.RowAnimation = .automatic
    lazy var rowSource: any TableRowSource = DiffableRowSource(self)

    /// Becomes the table view's data source.
    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        backing = UICollectionViewDiffableDataSource(collectionView: tableView.backingCollectionView) {
            [unowned tableView] _, indexPath, item in
            tableView.provideRow(at: indexPath) { cellProvider(tableView, indexPath, item) }
        }
        backing.supplementaryViewProvider = { [unowned tableView] _, kind, indexPath in
            tableView.provideHeaderFooter(kind: kind, at: indexPath)
        }
        tableView.dataSource = self
        tableView.backingCollectionView.reorderer = { [unowned self] from, to in self.move(from: from, to: to) }
    }

    // MARK: Applying and reading

    open func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        backing.apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
    }

    open func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
        backing.applySnapshotUsingReloadData(snapshot, completion: completion)
    }

    open func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true) async {
        backing.apply(snapshot, animatingDifferences: animatingDifferences, completion: nil)
    }

    open func snapshot() -> Snapshot { backing.snapshot() }
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { backing.itemIdentifier(for: indexPath) }
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { backing.indexPath(for: itemIdentifier) }
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? { backing.sectionIdentifier(for: index) }
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { backing.index(for: sectionIdentifier) }

    // MARK: UITableViewDataSource (override in a subclass, as on iOS)

    open func numberOfSections(in tableView: UITableView) -> Int { snapshot().numberOfSections }

    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        guard let id = sectionIdentifier(for: section) else { return 0 }
        return snapshot().numberOfItems(inSection: id)
    }

    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        guard let item = itemIdentifier(for: indexPath), let cell = cellProvider(tableView, indexPath, item) else {
            return UITableViewCell(style: .default, reuseIdentifier: nil)
        }
        return cell
    }

    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    /// No rows are editable unless a subclass says so (UIKit's diffable default).
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }
    open func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {}
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    /// The row moved: the data source's snapshot follows (call super when overriding).
    open func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        guard let item = itemIdentifier(for: sourceIndexPath) else { return }
        var snapshot = snapshot()
        snapshot.deleteItems([item])
        guard let section = sectionIdentifier(for: destinationIndexPath.section) ?? snapshot.sectionIdentifiers.last else {
            return
        }
        let remaining = snapshot.itemIdentifiers(inSection: section)
        if destinationIndexPath.item < remaining.count {
            snapshot.insertItems([item], beforeItem: remaining[destinationIndexPath.item])
        } else {
            snapshot.appendItems([item], toSection: section)
        }
        apply(snapshot, animatingDifferences: false)
    }

    /// A simulated drag (E2): allowed when `canMoveRowAt` says so.
    private func move(from: IndexPath, to: IndexPath) -> Bool {
        guard tableView(tableView, canMoveRowAt: from) else { return false }
        tableView(tableView, moveRowAt: from, to: to)
        return true
    }

    /// The table's row source for a diffable data source: applies are the app's, so loading and
    /// classic edits have nothing to do; `reloadData` requests every visible row again.
    final class DiffableRowSource: TableRowSource {
        unowned let owner: UITableViewDiffableDataSource

        init(_ owner: UITableViewDiffableDataSource) { self.owner = owner }

        func loadIfNeeded() {}
        func reloadData() { owner.applySnapshotUsingReloadData(owner.snapshot()) }
        func perform(_ edits: [ClassicEdit]) {
            UIKitException.raise(
                "UITableView must be updated via the UITableViewDiffableDataSource APIs when acting as the UITableView's dataSource: please do not call mutation APIs directly on UITableView."
            )
        }
    }
}
