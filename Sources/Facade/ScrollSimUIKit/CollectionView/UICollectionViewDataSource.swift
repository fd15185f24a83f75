import Foundation

import struct CollectionTypes.AnyIdentifier

/// What a collection view shows (UIKit's `UICollectionViewDataSource`): a diffable data source, or
/// a classic one of the app's own, asked for counts and cells by index path (CS1).
@preconcurrency @MainActor
public protocol UICollectionViewDataSource: AnyObject {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    func numberOfSections(in collectionView: UICollectionView) -> Int
    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView
    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    public func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        UICollectionReusableView(frame: .zero)
    }
    public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }
    public func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {}
}

extension UICollectionViewDiffableDataSource: UICollectionViewDataSource {
    /// The items of the section at `section` in the current snapshot.
    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        collectionView.numberOfItems(inSection: section)
    }

    /// The cell realised for `indexPath`, else the cell provider's (as UIKit's data source
    /// method does).
    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        if let cell = collectionView.cellForItem(at: indexPath) { return cell }
        guard let item = itemIdentifier(for: indexPath),
            let cell = collectionView.cellProvider?(indexPath, AnyIdentifier.lookup(item))
        else {
            return UICollectionViewCell(frame: .zero)
        }
        return cell
    }

    public func numberOfSections(in collectionView: UICollectionView) -> Int { collectionView.numberOfSections }
}
