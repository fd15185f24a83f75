import CollectionTypes
import CompositionalLayout
import Foundation

extension UICollectionView {
    /// Scrolls to `contentOffset` (`setContentOffset(_:animated:)`); animated, a simulator runs the
    /// motion frame by frame (cells are realised along the way), else it jumps.
    func scroll(toContentOffset contentOffset: CGPoint, animated: Bool) {
        let target = mainAxis == .vertical ? contentOffset.y : contentOffset.x
        if animated, let offsetAnimator {
            offsetAnimator(target)
        } else {
            setMainOffset(target)
        }
    }

    /// Scrolls so the item is at `scrollPosition`; for an item of an orthogonal section its row
    /// scrolls too (the item's group comes to rest at the section's leading inset, as the
    /// simulation's scrollTo does).
    public func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        layoutIfNeeded()
        guard !UIKitException.isPending else { return }
        guard let frame = engine.layout.frame(for: indexPath.core),
            let sectionFrame = engine.layout.sectionFrame(indexPath.section)
        else {
            UIKitException.raise(
                "Attempted to scroll the collection view to an out-of-bounds item (\(indexPath.item)) when there are only \(numberOfItems(inSection: indexPath.section)) items in section \(indexPath.section).",
                name: "NSInvalidArgumentException")
            return
        }
        let main = mainAxis
        let viewport = Double(main == .vertical ? bounds.height : bounds.width)
        let start = safeArea.core.start(along: main)
        let end = safeArea.core.end(along: main)
        let orthogonal = engine.layout.orthogonalContentLength(ofSection: indexPath.section) != nil
        // In an orthogonal section the row moves across; along the main axis the row is the target.
        let along =
            orthogonal
            ? Rect(x: frame.minX, y: sectionFrame.minY, width: frame.size.width, height: sectionFrame.size.height) : frame
        let minEdge = along.min(along: main)
        let maxEdge = along.max(along: main)
        let target: Double
        if scrollPosition.contains(.centeredVertically) && main == .vertical
            || scrollPosition.contains(.centeredHorizontally) && main == .horizontal
        {
            target = (minEdge + maxEdge) / 2 - viewport / 2
        } else if scrollPosition.contains(.bottom) && main == .vertical || scrollPosition.contains(.right) && main == .horizontal
        {
            target = maxEdge - viewport + end
        } else {
            target = minEdge - start
        }
        if orthogonal, let section = engine.dataSource.snapshot().sectionIdentifiers.dropFirst(indexPath.section).first,
            let description = engine.layout.sectionDescription(indexPath.section)
        {
            let row = frame.min(along: main.other) - description.contentInsets.start(along: main.other)
            perform { engine in try engine.setOrthogonalOffset(row, section: section) }
        }
        setContentOffset(main == .vertical ? CGPoint(x: 0, y: target) : CGPoint(x: target, y: 0), animated: animated)
    }

    var mainAxis: Axis { engine.layout.configuration.scrollDirection }

    func setMainOffset(_ offset: CGFloat) {
        let before = engine.contentOffset
        let invalidation = boundsChangeInvalidation(toMain: Double(offset))
        perform { engine in try engine.setContentOffset(Double(offset)) }
        guard engine.contentOffset != before else { return }
        invalidate(afterBoundsChange: invalidation)
        delegate?.scrollViewDidScroll(self)
    }

    /// The offset of an orthogonal section's row (a scrollsim extension: UIKit keeps these inner
    /// scroll views private). Nil for a section that does not scroll orthogonally.
    public func orthogonalContentOffset(inSection section: Int) -> CGFloat? {
        let ids = engine.dataSource.snapshot().sectionIdentifiers
        guard ids.indices.contains(section), let offset = engine.rowOffset(of: ids[section]) else { return nil }
        return CGFloat(offset)
    }

    /// Scrolls an orthogonal section's row without animation (a scrollsim extension).
    public func setOrthogonalContentOffset(_ offset: CGFloat, inSection section: Int) {
        let ids = engine.dataSource.snapshot().sectionIdentifiers
        guard ids.indices.contains(section) else { return }
        perform { engine in try engine.setOrthogonalOffset(Double(offset), section: ids[section]) }
    }

    // MARK: Cells on screen

    /// Index paths of the cells in the visible rectangle (prefetched cells excluded).
    public var indexPathsForVisibleItems: [IndexPath] { engine.indexPathsForVisibleItems.map(IndexPath.init) }

    /// The cells in the visible rectangle, in index-path order.
    public var visibleCells: [UICollectionViewCell] {
        engine.indexPathsForVisibleItems.compactMap { engine.cell(at: $0).flatMap { cellObjects[$0.id] } }
    }

    /// The live cell at `indexPath` (visible or prefetched), if any.
    public func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        engine.cell(at: indexPath.core).flatMap { cellObjects[$0.id] }
    }

    /// The item whose frame holds `point` (in the collection view's content coordinates), shown
    /// or not; nil over a gap, a header or outside the content. Frames in orthogonal rows are
    /// their unscrolled ones (UIKit model U3).
    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        layoutIfNeeded()
        return engine.layout.elements(in: CGRect(origin: point, size: CGSize(width: 1, height: 1)).core)
            .filter { $0.category == .cell && CGRect($0.frame).contains(point) }
            .min { $0.indexPath < $1.indexPath }.map { IndexPath($0.indexPath) }
    }

    /// Where a live cell is shown.
    public func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        guard let handle = handles[ObjectIdentifier(cell)] else { return nil }
        return engine.liveCellsByIndexPath.first { $0.1 == handle }.map { IndexPath($0.0) }
    }

    /// The supplementary view shown for `elementKind` at `indexPath`, if any.
    public func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        displayedSupplementaries[SupplementaryKey(kind: elementKind, indexPath: indexPath)]
    }

    /// The supplementary views of `elementKind` on screen.
    public func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
        displayedSupplementaries.filter { $0.key.kind == elementKind }.sorted { $0.key.indexPath < $1.key.indexPath }.map(\.value)
    }

    // MARK: Selection

    /// Selects an item (stored; its live cell's `isSelected` follows). No delegate call, as in
    /// UIKit; a simulated tap calls the delegate.
    public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            indexPathsForSelectedItems = []
            return
        }
        if allowsMultipleSelection {
            if !(indexPathsForSelectedItems ?? []).contains(indexPath) { indexPathsForSelectedItems?.append(indexPath) }
        } else {
            for path in indexPathsForSelectedItems ?? [] { cellForItem(at: path)?.isSelected = false }
            indexPathsForSelectedItems = [indexPath]
        }
        cellForItem(at: indexPath)?.isSelected = true
    }

    /// Deselects an item.
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        indexPathsForSelectedItems?.removeAll { $0 == indexPath }
        cellForItem(at: indexPath)?.isSelected = false
    }
}
