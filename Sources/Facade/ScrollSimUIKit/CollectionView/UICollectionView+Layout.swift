import Foundation

extension UICollectionView {
    /// Replaces the layout: the collection view lays out again with it (its section provider, or
    /// a flow layout's delegate, runs for every section, UIKit model 2.2, FL6); nothing animates,
    /// so `completion` runs at once with `true`.
    public func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        replaceLayout(with: layout)
        completion?(true)
    }

    public func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
        setCollectionViewLayout(layout, animated: animated, completion: nil)
    }
}
