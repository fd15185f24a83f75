import Foundation

/// A classic data source's rows (`numberOfRowsInSection`, `cellForRowAt`) as a snapshot the
/// backing collection view can diff: each row and section gets an identity when the table learns
/// of it, so `insertRows`, `deleteRows`, `moveRow` and `reloadRows` become the same diffs a
/// diffable data source would apply (UIKit model T6).
@MainActor
final class ClassicTableRows: TableRowSource {
    private unowned let table: UITableView
    private weak var dataSource: (any UITableViewDataSource)?
    private let backing: UICollectionViewDiffableDataSource<Int, Int>
    private var sections: [Int] = []
    private var rows: [[Int]] = []
    private var nextID = 0
    private var loaded = false

    init(table: UITableView, dataSource: any UITableViewDataSource) {
        self.table = table
        self.dataSource = dataSource
        backing = UICollectionViewDiffableDataSource(collectionView: table.backingCollectionView) {
            [unowned table] _, indexPath, _ in
            table.provideRow(at: indexPath) { table.dataSource?.tableView(table, cellForRowAt: indexPath) }
        }
        backing.supplementaryViewProvider = { [unowned table] _, kind, indexPath in
            table.provideHeaderFooter(kind: kind, at: indexPath)
        }
        // A simulated drag (E2, T5): allowed where `canMoveRowAt` says so; the data source moves
        // its data and the table's rows follow.
        table.backingCollectionView.reorderer = { [unowned self, unowned table] from, to in
            guard let dataSource = self.dataSource, dataSource.tableView(table, canMoveRowAt: from) else { return false }
            dataSource.tableView(table, moveRowAt: from, to: to)
            self.perform([.moveRow(from, to)])
            return true
        }
    }

    func loadIfNeeded() {
        guard !loaded else { return }
        loaded = true
        readCounts()
        backing.apply(snapshot(), animatingDifferences: false)
    }

    func reloadData() {
        guard loaded else {
            loadIfNeeded()
            return
        }
        readCounts()
        backing.applySnapshotUsingReloadData(snapshot())
    }

    func perform(_ edits: [TableEdit]) {
        guard loaded else {
            // The table was never laid out: its first layout reads the counts anyway.
            return
        }
        let before = rows.map(\.count)
        var reloaded: [Int] = []
        var reconfigured: [Int] = []
        var inserted = [Int: Int]()
        var deleted = [Int: Int]()
        // UIKit's order: deletions against the old indexes (descending), then insertions against
        // the new ones (ascending); reloads name old rows.
        for edit in edits {
            switch edit {
            case .reloadRows(let paths): reloaded += paths.compactMap(id(at:))
            case .reconfigureRows(let paths): reconfigured += paths.compactMap(id(at:))
            default: break
            }
        }
        for edit in edits {
            switch edit {
            case .deleteRows(let paths):
                for path in paths.sorted(by: >)
                where rows.indices.contains(path.section) && rows[path.section].indices.contains(path.item) {
                    rows[path.section].remove(at: path.item)
                    deleted[path.section, default: 0] += 1
                }
            case .deleteSections(let set):
                for index in set.sorted(by: >) where sections.indices.contains(index) {
                    sections.remove(at: index)
                    rows.remove(at: index)
                }
            default: break
            }
        }
        for edit in edits {
            switch edit {
            case .insertSections(let set):
                for index in set.sorted() where index <= sections.count {
                    sections.insert(fresh(), at: index)
                    rows.insert([], at: index)
                    let count = dataSource?.tableView(table, numberOfRowsInSection: index) ?? 0
                    rows[index] = (0..<count).map { _ in fresh() }
                }
            case .insertRows(let paths):
                for path in paths.sorted() where rows.indices.contains(path.section) && path.item <= rows[path.section].count {
                    rows[path.section].insert(fresh(), at: path.item)
                    inserted[path.section, default: 0] += 1
                }
            case .moveRow(let from, let to):
                guard rows.indices.contains(from.section), rows[from.section].indices.contains(from.item),
                    rows.indices.contains(to.section)
                else { continue }
                let id = rows[from.section].remove(at: from.item)
                rows[to.section].insert(id, at: min(to.item, rows[to.section].count))
            case .moveSection(let from, let to):
                guard sections.indices.contains(from), to < sections.count else { continue }
                sections.insert(sections.remove(at: from), at: to)
                rows.insert(rows.remove(at: from), at: to)
            case .reloadSections(let set):
                for index in set where rows.indices.contains(index) {
                    let count = dataSource?.tableView(table, numberOfRowsInSection: index) ?? 0
                    rows[index] = (0..<count).map { _ in fresh() }
                }
            default: break
            }
        }
        guard checkCounts(before: before, inserted: inserted, deleted: deleted) else { return }
        var snapshot = snapshot()
        let live = Set(snapshot.itemIdentifiers)
        snapshot.reloadItems(reloaded.filter(live.contains))
        snapshot.reconfigureItems(reconfigured.filter(live.contains))
        backing.apply(snapshot, animatingDifferences: true)
    }

    /// UIKit's check after an update: each section must hold what the data source now says.
    private func checkCounts(before: [Int], inserted: [Int: Int], deleted: [Int: Int]) -> Bool {
        let sectionCount = dataSource.map { $0.numberOfSections(in: table) } ?? 0
        guard sectionCount == sections.count else {
            UIKitException.raise(
                "Invalid update: invalid number of sections. The number of sections contained in the table view after the update (\(sectionCount)) must be equal to the number of sections contained in the table view before the update (\(before.count)), plus or minus the number of sections inserted or deleted."
            )
            return false
        }
        for section in 0..<sectionCount {
            let expected = dataSource?.tableView(table, numberOfRowsInSection: section) ?? 0
            guard rows[section].count == expected else {
                let old = section < before.count ? before[section] : 0
                UIKitException.raise(
                    "Invalid update: invalid number of rows in section \(section). The number of rows contained in an existing section after the update (\(expected)) must be equal to the number of rows contained in that section before the update (\(old)), plus or minus the number of rows inserted or deleted from that section (\(inserted[section] ?? 0) inserted, \(deleted[section] ?? 0) deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."
                )
                return false
            }
        }
        return true
    }

    private func readCounts() {
        let count = dataSource.map { $0.numberOfSections(in: table) } ?? 0
        sections = (0..<count).map { _ in fresh() }
        rows = (0..<count).map { section in
            (0..<(dataSource?.tableView(table, numberOfRowsInSection: section) ?? 0)).map { _ in fresh() }
        }
    }

    private func snapshot() -> NSDiffableDataSourceSnapshot<Int, Int> {
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections(sections)
        for (section, ids) in zip(sections, rows) { snapshot.appendItems(ids, toSection: section) }
        return snapshot
    }

    private func id(at path: IndexPath) -> Int? {
        rows.indices.contains(path.section) && rows[path.section].indices.contains(path.item)
            ? rows[path.section][path.item] : nil
    }

    private func fresh() -> Int {
        nextID += 1
        return nextID
    }
}
