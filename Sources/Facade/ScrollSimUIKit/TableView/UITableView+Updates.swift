import Foundation

extension UITableView {
    // MARK: Reloading and batch updates (T6)

    /// Reads every count again and requests every visible row again (as `reloadData` does on a
    /// collection view, D3.2).
    public func reloadData() { rows?.reloadData() }

    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) { edit(.insertItems(indexPaths)) }
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) { edit(.deleteItems(indexPaths)) }
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) { edit(.reloadItems(indexPaths)) }
    public func reconfigureRows(at indexPaths: [IndexPath]) { edit(.reconfigureItems(indexPaths)) }
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) { edit(.moveItem(indexPath, newIndexPath)) }
    public func insertSections(_ sections: IndexSet, with animation: RowAnimation) { edit(.insertSections(sections)) }
    public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) { edit(.deleteSections(sections)) }
    public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) { edit(.reloadSections(sections)) }
    public func moveSection(_ section: Int, toSection newSection: Int) { edit(.moveSection(section, newSection)) }

    /// Runs `updates` as one update: their row and section edits become one diff (one apply). An
    /// update without edits re-lays the rows out, as the re-measuring idiom expects (CS3).
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginUpdates()
        updates?()
        endUpdates()
        completion?(true)
    }

    public func beginUpdates() { batch.begin() }

    public func endUpdates() {
        guard let edits = batch.end() else { return }
        if edits.isEmpty {
            rows?.loadIfNeeded()
            invalidateRows()
        } else {
            rows?.perform(edits)
        }
    }

    private func edit(_ edit: ClassicEdit) {
        if !batch.collect(edit) { rows?.perform([edit]) }
    }

    // MARK: Reading

    public var numberOfSections: Int {
        rows?.loadIfNeeded()
        return backingCollectionView.numberOfSections
    }

    public func numberOfRows(inSection section: Int) -> Int {
        rows?.loadIfNeeded()
        return backingCollectionView.numberOfItems(inSection: section)
    }

    /// The rows whose cells are on screen, in order (prefetched ones excluded).
    public var indexPathsForVisibleRows: [IndexPath]? { backingCollectionView.indexPathsForVisibleItems.sorted() }

    public var visibleCells: [UITableViewCell] {
        (indexPathsForVisibleRows ?? []).compactMap { cellForRow(at: $0) }
    }

    /// The live cell of a row (visible or prepared), if any.
    public func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        backingCollectionView.cellForItem(at: indexPath) as? UITableViewCell
    }

    public func indexPath(for cell: UITableViewCell) -> IndexPath? { backingCollectionView.indexPath(for: cell) }

    /// A row's frame in content coordinates (its estimate until its cell is measured, G1.10.1).
    public func rectForRow(at indexPath: IndexPath) -> CGRect {
        backingCollectionView.layoutAttributesForItem(at: indexPath)?.frame ?? .zero
    }

    /// A section's frame: its header, rows and footer.
    public func rect(forSection section: Int) -> CGRect {
        backingCollectionView.prepareLayout()
        return backingCollectionView.compositional.core.sectionFrame(section).map(CGRect.init) ?? .zero
    }

    public func rectForHeader(inSection section: Int) -> CGRect {
        backingCollectionView.layoutAttributesForSupplementaryElement(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: section))?.frame ?? .zero
    }

    public func rectForFooter(inSection section: Int) -> CGRect {
        backingCollectionView.layoutAttributesForSupplementaryElement(
            ofKind: UICollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: section))?.frame ?? .zero
    }

    public func headerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        backingCollectionView.supplementaryView(
            forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: section))
            as? UITableViewHeaderFooterView
    }

    public func footerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        backingCollectionView.supplementaryView(
            forElementKind: UICollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: section))
            as? UITableViewHeaderFooterView
    }

    // MARK: Selection and scrolling

    public var indexPathForSelectedRow: IndexPath? { backingCollectionView.indexPathsForSelectedItems?.first }
    public var indexPathsForSelectedRows: [IndexPath]? { backingCollectionView.indexPathsForSelectedItems }

    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        backingCollectionView.selectItem(at: indexPath, animated: animated, scrollPosition: [])
        if let indexPath, scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        backingCollectionView.deselectItem(at: indexPath, animated: animated)
    }

    public func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        let position: UICollectionView.ScrollPosition =
            switch scrollPosition {
            case .none, .top: .top
            case .middle: .centeredVertically
            case .bottom: .bottom
            }
        backingCollectionView.scrollToItem(at: indexPath, at: position, animated: animated)
    }
}
