import CompositionalLayout
import Foundation

/// Turns the backing collection view's callbacks into the table's: selection, display, scrolling
/// and prefetching reach the table's delegate and prefetch data source with the table's names.
@MainActor
final class TableViewBridge: UICollectionViewDelegate, UICollectionViewDataSourcePrefetching {
    weak var table: UITableView?

    /// The header-footer class the table uses for titled sections.
    static let defaultHeaderFooterIdentifier = "UITableViewHeaderFooterView"

    /// A layout for a section while the table is gone (never shown).
    static func emptySection(_ environment: any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {
        NSCollectionLayoutSection.list(using: .init(appearance: .plain), layoutEnvironment: environment)
    }

    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        guard let table else { return true }
        if table.isEditing && !table.allowsSelectionDuringEditing { return false }
        // A touch first highlights the row; a row that refuses the highlight is not selected.
        guard table.delegate?.tableView(table, shouldHighlightRowAt: indexPath) ?? true else { return false }
        table.delegate?.tableView(table, didHighlightRowAt: indexPath)
        table.delegate?.tableView(table, didUnhighlightRowAt: indexPath)
        return table.delegate?.tableView(table, willSelectRowAt: indexPath) != nil
    }

    func collectionView(
        _ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath, point: CGPoint
    ) -> UIContextMenuConfiguration? {
        guard let table else { return nil }
        return table.delegate?.tableView(table, contextMenuConfigurationForRowAt: indexPath, point: point)
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        guard let table else { return }
        table.delegate?.tableView(table, didSelectRowAt: indexPath)
    }

    func collectionView(
        _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
        guard let table, let row = cell as? UITableViewCell else { return }
        table.delegate?.tableView(table, willDisplay: row, forRowAt: indexPath)
    }

    func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
        guard let table, let row = cell as? UITableViewCell else { return }
        table.delegate?.tableView(table, didEndDisplaying: row, forRowAt: indexPath)
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        guard let table else { return }
        table.delegate?.scrollViewDidScroll(table)
    }

    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        guard let table else { return }
        table.delegate?.scrollViewDidEndDecelerating(table)
    }

    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
        guard let table else { return }
        table.delegate?.scrollViewWillBeginDragging(table)
    }

    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        guard let table else { return }
        table.delegate?.scrollViewDidEndDragging(table, willDecelerate: decelerate)
    }

    func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        guard let table else { return }
        table.prefetchDataSource?.tableView(table, prefetchRowsAt: indexPaths)
    }

    func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
        guard let table else { return }
        table.prefetchDataSource?.tableView(table, cancelPrefetchingForRowsAt: indexPaths)
    }
}

/// Where a table's rows come from: its classic data source's counts, or a diffable data source.
@MainActor
protocol TableRowSource: AnyObject {
    /// Reads the data source for the first time if it was never read (the table's first layout).
    func loadIfNeeded()
    /// Reads every count again and requests every visible row again (`reloadData`).
    func reloadData()
    /// Applies row and section edits, checking them against the data source's new counts.
    func perform(_ edits: [ClassicEdit])
}

/// A diffable data source that serves a table (`UITableViewDiffableDataSource`).
@MainActor
protocol DiffableTableRows: AnyObject {
    var rowSource: any TableRowSource { get }
}
