import CollectionView
import CompositionalLayout
import Foundation

import struct CollectionTypes.AnyIdentifier

extension UICollectionView {
    /// Handles an engine event: delegate callbacks, supplementary pools, visible-items handlers;
    /// then the simulator's observer sees it.
    func handle(_ event: CollectionViewEvent<AnyIdentifier, AnyIdentifier>) {
        switch event {
        case .cellDisplayed(_, let path, let handle):
            if let cell = cellObjects[handle.id] {
                delegate?.collectionView(self, willDisplay: cell, forItemAt: IndexPath(path))
            }
        case .cellHidden(_, let path, let handle):
            if let cell = cellObjects[handle.id] {
                delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: IndexPath(path))
            }
        case .prefetchItems(let paths):
            prefetchDataSource?.collectionView(self, prefetchItemsAt: paths.map(IndexPath.init))
        case .cancelPrefetching(let paths):
            prefetchDataSource?.collectionView(self, cancelPrefetchingForItemsAt: paths.map(IndexPath.init))
        case .cellRequested, .cellEnded:
            break
        case .supplementaryEnded(let kind, let path, _):
            let key = SupplementaryKey(kind: kind, indexPath: appSupplementaryPath(kind: kind, engine: IndexPath(path)))
            if let view = displayedSupplementaries.removeValue(forKey: key), let pool = view.reuseIdentifier {
                supplementaryPools[pool, default: []].append(view)
            }
        case .decorationShown(_, let kind, let path, let reused):
            showDecoration(kind: kind, at: IndexPath(path), reused: reused)
        case .decorationEnded(let kind, let path):
            if let view = displayedDecorations.removeValue(forKey: SupplementaryKey(kind: kind, indexPath: IndexPath(path))) {
                decorationPools[kind, default: []].append(view)
            }
        case .layoutPass:
            // The provider just ran: which sections now have a visible-items handler.
            let ids = engine.dataSource.snapshot().sectionIdentifiers
            engine.sectionsWithVisibleItemsHandler = Set(
                compositional.descriptions.sectionsWithHandlers(count: ids.count).map { ids[$0] })
        case .visibleItemsInvalidated(let section, let offset):
            runVisibleItemsHandler(section: section, orthogonalOffset: offset)
        case .applied(let update):
            tellLayout(update)
        case .supplementaryRequested:
            break
        }
        eventObserver?(event)
    }

    /// The layout shows a decoration view: one from the kind's pool (`prepareForReuse` runs) or a
    /// new one of the registered class; an unregistered kind is UIKit's crash (G1.13.5).
    private func showDecoration(kind: String, at indexPath: IndexPath, reused: Bool) {
        guard !UIKitException.isPending else { return }
        let view: UICollectionReusableView
        if reused, let pooled = decorationPools[kind]?.popLast() {
            view = pooled
            view.prepareForReuse()
        } else if let viewClass = collectionViewLayout.decorationClasses[kind] {
            view = viewClass.init(scrollsimReuse: ())
            view.reuseIdentifier = kind
        } else {
            UIKitException.raise(
                "could not dequeue a view of kind: \(kind) with identifier \(kind) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
            )
            return
        }
        if let frame = engine.layout.decoration(ofKind: kind, at: indexPath.core)?.frame { view.frame = CGRect(frame) }
        displayedDecorations[SupplementaryKey(kind: kind, indexPath: indexPath)] = view
    }

    private func runVisibleItemsHandler(section: AnyIdentifier, orthogonalOffset: Double) {
        guard let index = engine.sectionIndex(of: section), let handler = compositional.descriptions.handler(forSection: index)
        else { return }
        let items: [any NSCollectionLayoutVisibleItem] = engine.indexPathsForVisibleItems.filter { $0.section == index }
            .compactMap {
                path in
                guard let frame = engine.layout.frame(for: path) else { return nil }
                return VisibleItem(frame: CGRect(frame), indexPath: IndexPath(path), category: .cell, kind: nil)
            }
        let orthogonal = engine.isOrthogonal(section)
        let main = engine.layout.configuration.scrollDirection
        let offset: CGPoint =
            orthogonal
            ? (main == .vertical ? CGPoint(x: orthogonalOffset, y: 0) : CGPoint(x: 0, y: orthogonalOffset))
            : contentOffset
        guard let environment = engine.layout.context.map({ engine.layout.environment(for: $0) }) else { return }
        handler(items, offset, LayoutEnvironmentObject(environment))
    }
}
