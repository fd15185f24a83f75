import Foundation

/// One edit of a classic data source's view (UIKit's `insertItems`/`insertRows` and friends).
enum ClassicEdit {
    case insertItems([IndexPath]), deleteItems([IndexPath]), reloadItems([IndexPath]), reconfigureItems([IndexPath])
    case moveItem(IndexPath, IndexPath)
    case insertSections(IndexSet), deleteSections(IndexSet), reloadSections(IndexSet), moveSection(Int, Int)
}

/// The edits made between `beginUpdates` and `endUpdates`, or inside `performBatchUpdates`: one
/// update when the outermost batch ends (T6).
struct ClassicBatch {
    private var depth = 0
    private var edits: [ClassicEdit] = []

    mutating func begin() {
        depth += 1
        if depth == 1 { edits = [] }
    }

    /// The batch's edits when the outermost batch ends; nil while one is still open (or none was).
    mutating func end() -> [ClassicEdit]? {
        guard depth > 0 else { return nil }
        depth -= 1
        guard depth == 0 else { return nil }
        defer { edits = [] }
        return edits
    }

    /// Keeps `edit` for the open batch; false when none is open (the edit is an update of its own).
    mutating func collect(_ edit: ClassicEdit) -> Bool {
        guard depth > 0 else { return false }
        edits.append(edit)
        return true
    }
}

/// What a classic data source answers (`numberOfSections`, `numberOfItemsInSection` or
/// `numberOfRowsInSection`, moves), and how UIKit names its items in messages.
@MainActor
struct ClassicQueries {
    var numberOfSections: () -> Int
    var numberOfItems: (Int) -> Int
    var canMove: (IndexPath) -> Bool
    var move: (IndexPath, IndexPath) -> Void
    /// `rows` and `table view`, or `items` and `collection view`.
    var items: String
    var view: String
}

/// A classic data source's items as a snapshot the collection view can diff (UIKit model T6):
/// each item and section gets an identity when the view learns of it, so `insertItems`,
/// `deleteItems`, `moveItem` and `reloadItems` (a table's `…Rows`) become the diffs a diffable data
/// source would apply, and are counted the same way. After each update the counts are checked
/// against what the data source now says, with UIKit's "Invalid update" exception when they do not
/// add up.
@MainActor
final class ClassicItems: TableRowSource {
    private let queries: ClassicQueries
    private weak var collectionView: UICollectionView?
    private let backing: UICollectionViewDiffableDataSource<Int, Int>
    private var sections: [Int] = []
    private var items: [[Int]] = []
    private var nextID = 0
    private var loaded = false

    /// Bridges `queries` onto `collectionView` (a table's backing view, or the collection view
    /// itself); `cell` and `supplementary` answer the engine's requests.
    init(
        collectionView: UICollectionView, queries: ClassicQueries,
        cell: @escaping @MainActor (IndexPath) -> UICollectionViewCell?,
        supplementary: @escaping @MainActor (String, IndexPath) -> UICollectionReusableView?
    ) {
        self.queries = queries
        self.collectionView = collectionView
        backing = UICollectionViewDiffableDataSource(collectionView: collectionView) { _, indexPath, _ in cell(indexPath) }
        backing.supplementaryViewProvider = { _, kind, indexPath in supplementary(kind, indexPath) }
        // A simulated drag (E2, T5): allowed where the data source says so; it moves its data and
        // the items follow.
        collectionView.reorderer = { [weak self] from, to in
            guard let self, self.queries.canMove(from) else { return false }
            self.queries.move(from, to)
            self.perform([.moveItem(from, to)])
            return true
        }
    }

    func loadIfNeeded() {
        guard !loaded else { return }
        loaded = true
        readCounts()
        // A view that showed another data source's items starts over (new identities would
        // otherwise diff against the old ones).
        if collectionView?.engine.dataSource.snapshot().numberOfSections ?? 0 > 0 {
            backing.applySnapshotUsingReloadData(snapshot())
        } else {
            backing.apply(snapshot(), animatingDifferences: false)
        }
    }

    func reloadData() {
        guard loaded else {
            loadIfNeeded()
            return
        }
        readCounts()
        backing.applySnapshotUsingReloadData(snapshot())
    }

    func perform(_ edits: [ClassicEdit]) {
        guard loaded else {
            // The view was never laid out: its first layout reads the counts anyway.
            return
        }
        let before = items.map(\.count)
        let sectionsBefore = sections.count
        var reloaded: [Int] = []
        var reconfigured: [Int] = []
        var inserted = [Int: Int]()
        var deleted = [Int: Int]()
        var movedIn = [Int: Int]()
        var movedOut = [Int: Int]()
        var sectionsInserted = 0
        var sectionsDeleted = 0
        // UIKit's order: deletions against the old indexes (descending), then insertions against
        // the new ones (ascending); reloads name old items.
        for edit in edits {
            switch edit {
            case .reloadItems(let paths): reloaded += paths.compactMap(id(at:))
            case .reconfigureItems(let paths): reconfigured += paths.compactMap(id(at:))
            default: break
            }
        }
        for edit in edits {
            switch edit {
            case .deleteItems(let paths):
                for path in paths.sorted(by: >)
                where items.indices.contains(path.section) && items[path.section].indices.contains(path.item) {
                    items[path.section].remove(at: path.item)
                    deleted[path.section, default: 0] += 1
                }
            case .deleteSections(let set):
                for index in set.sorted(by: >) where sections.indices.contains(index) {
                    sections.remove(at: index)
                    items.remove(at: index)
                    sectionsDeleted += 1
                }
            default: break
            }
        }
        for edit in edits {
            switch edit {
            case .insertSections(let set):
                for index in set.sorted() where index <= sections.count {
                    sections.insert(fresh(), at: index)
                    items.insert((0..<queries.numberOfItems(index)).map { _ in fresh() }, at: index)
                    sectionsInserted += 1
                }
            case .insertItems(let paths):
                for path in paths.sorted() where items.indices.contains(path.section) && path.item <= items[path.section].count {
                    items[path.section].insert(fresh(), at: path.item)
                    inserted[path.section, default: 0] += 1
                }
            case .moveItem(let from, let to):
                guard items.indices.contains(from.section), items[from.section].indices.contains(from.item),
                    items.indices.contains(to.section)
                else { continue }
                let id = items[from.section].remove(at: from.item)
                items[to.section].insert(id, at: min(to.item, items[to.section].count))
                if from.section != to.section {
                    movedOut[from.section, default: 0] += 1
                    movedIn[to.section, default: 0] += 1
                }
            case .moveSection(let from, let to):
                guard sections.indices.contains(from), to < sections.count else { continue }
                sections.insert(sections.remove(at: from), at: to)
                items.insert(items.remove(at: from), at: to)
            case .reloadSections(let set):
                for index in set where items.indices.contains(index) {
                    items[index] = (0..<queries.numberOfItems(index)).map { _ in fresh() }
                }
            default: break
            }
        }
        let counts = UpdateCounts(
            sectionsBefore: sectionsBefore, sectionsInserted: sectionsInserted, sectionsDeleted: sectionsDeleted, before: before,
            inserted: inserted, deleted: deleted, movedIn: movedIn, movedOut: movedOut)
        guard check(counts) else { return }
        var snapshot = snapshot()
        let live = Set(snapshot.itemIdentifiers)
        snapshot.reloadItems(reloaded.filter(live.contains))
        snapshot.reconfigureItems(reconfigured.filter(live.contains))
        backing.apply(snapshot, animatingDifferences: true)
    }

    /// What an update did to each section, for the message when the counts do not add up.
    private struct UpdateCounts {
        var sectionsBefore, sectionsInserted, sectionsDeleted: Int
        var before: [Int]
        var inserted, deleted, movedIn, movedOut: [Int: Int]
    }

    /// UIKit's check after an update: the view must hold the sections and the items the data
    /// source now says.
    private func check(_ counts: UpdateCounts) -> Bool {
        let sectionCount = queries.numberOfSections()
        guard sectionCount == sections.count else {
            UIKitException.raise(
                "Invalid update: invalid number of sections. The number of sections contained in the \(queries.view) after the update (\(sectionCount)) must be equal to the number of sections contained in the \(queries.view) before the update (\(counts.sectionsBefore)), plus or minus the number of sections inserted or deleted (\(counts.sectionsInserted) inserted, \(counts.sectionsDeleted) deleted)."
            )
            return false
        }
        let noun = queries.items
        for section in 0..<sectionCount {
            let expected = queries.numberOfItems(section)
            guard items[section].count == expected else {
                let old = section < counts.before.count ? counts.before[section] : 0
                UIKitException.raise(
                    "Invalid update: invalid number of \(noun) in section \(section). The number of \(noun) contained in an existing section after the update (\(expected)) must be equal to the number of \(noun) contained in that section before the update (\(old)), plus or minus the number of \(noun) inserted or deleted from that section (\(counts.inserted[section] ?? 0) inserted, \(counts.deleted[section] ?? 0) deleted) and plus or minus the number of \(noun) moved into or out of that section (\(counts.movedIn[section] ?? 0) moved in, \(counts.movedOut[section] ?? 0) moved out)."
                )
                return false
            }
        }
        return true
    }

    private func readCounts() {
        let count = queries.numberOfSections()
        sections = (0..<count).map { _ in fresh() }
        items = (0..<count).map { section in (0..<queries.numberOfItems(section)).map { _ in fresh() } }
    }

    private func snapshot() -> NSDiffableDataSourceSnapshot<Int, Int> {
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections(sections)
        for (section, ids) in zip(sections, items) { snapshot.appendItems(ids, toSection: section) }
        return snapshot
    }

    private func id(at path: IndexPath) -> Int? {
        items.indices.contains(path.section) && items[path.section].indices.contains(path.item)
            ? items[path.section][path.item] : nil
    }

    private func fresh() -> Int {
        nextID += 1
        return nextID
    }
}
