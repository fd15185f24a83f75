import CompositionalLayout
import DiffableDataSource
import Foundation

extension UICollectionView {
    /// Before the main content offset moves to `offset` (a frame of a scroll, a programmatic
    /// scroll): a layout of the app's own is asked whether the new bounds invalidate it. Returns
    /// the context to invalidate with once the offset has moved (CL3).
    func boundsChangeInvalidation(toMain offset: Double) -> UICollectionViewLayoutInvalidationContext? {
        guard let bridge = currentLayout.customBridge else { return nil }
        let range = engine.contentOffsetRange
        let clamped = min(max(offset, range.lowerBound), range.upperBound)
        guard clamped != engine.contentOffset else { return nil }
        let origin = mainAxis == .vertical ? CGPoint(x: 0, y: clamped) : CGPoint(x: clamped, y: 0)
        return bridge.invalidationForBoundsChange(to: CGRect(origin: origin, size: frame.size))
    }

    /// The offset has moved: the layout invalidates itself as it said it would, and the view lays
    /// out again at once, so the frame shows the layout's new attributes.
    func invalidate(afterBoundsChange context: UICollectionViewLayoutInvalidationContext?) {
        guard let context else { return }
        currentLayout.invalidateLayout(with: context)
        layoutIfNeeded()
    }

    /// The app's index path of a supplementary the engine numbers `path` (a layout of the app's
    /// own numbers its supplementaries itself, CL2).
    func appSupplementaryPath(kind: String, engine path: IndexPath) -> IndexPath {
        currentLayout.customBridge?.appIndexPath(ofSupplementary: kind, at: path) ?? path
    }

    /// Tells a layout of the app's own about an applied update, in UIKit's terms (CL4).
    func tellLayout(_ update: ApplyUpdate) {
        guard let bridge = currentLayout.customBridge else { return }
        if !update.isEmpty { bridge.dataDidChange() }
        // A reload tells the layout nothing item by item, an empty batch is no update, and the data
        // a view reads before it is first shown is no update either.
        guard engine.isDisplayed, let changes = update.changeset, !changes.isEmpty else { return }
        bridge.didApply(Self.updateItems(update))
    }

    /// An update's changes as `UICollectionViewUpdateItem`s: deletes, inserts, moves and reloads,
    /// sections first (a section's items have item `NSNotFound`, as in UIKit).
    static func updateItems(_ update: ApplyUpdate) -> [UICollectionViewUpdateItem] {
        guard let changes = update.changeset else { return [] }
        func section(_ s: Int) -> IndexPath { IndexPath(item: NSNotFound, section: s) }
        var items: [UICollectionViewUpdateItem] = []
        items += changes.sectionDeletes.map { UICollectionViewUpdateItem(before: section($0), after: nil, action: .delete) }
        items += changes.sectionInserts.map { UICollectionViewUpdateItem(before: nil, after: section($0), action: .insert) }
        items += changes.sectionMoves.map {
            UICollectionViewUpdateItem(before: section($0.from), after: section($0.to), action: .move)
        }
        items += changes.sectionReloads.map {
            UICollectionViewUpdateItem(before: section($0.from), after: section($0.to), action: .reload)
        }
        items += changes.itemDeletes.map { UICollectionViewUpdateItem(before: IndexPath($0), after: nil, action: .delete) }
        items += changes.itemInserts.map { UICollectionViewUpdateItem(before: nil, after: IndexPath($0), action: .insert) }
        items += changes.itemMoves.map {
            UICollectionViewUpdateItem(before: IndexPath($0.from), after: IndexPath($0.to), action: .move)
        }
        items += changes.itemReloads.map {
            UICollectionViewUpdateItem(before: IndexPath($0.from), after: IndexPath($0.to), action: .reload)
        }
        return items
    }
}
