import Foundation

extension UICollectionView {
    /// Replaces the layout: the collection view lays out again with it (its section provider runs
    /// for every section, UIKit model 2.2); nothing animates, so `completion` runs at once with
    /// `true`. Layouts other than the compositional layout are not modelled.
    public func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        guard let newLayout = layout as? UICollectionViewCompositionalLayout else {
            UIKitException.raise(
                "scrollsim lays out UICollectionViewCompositionalLayout only, not \(type(of: layout))",
                name: "NSInvalidArgumentException")
            return
        }
        replaceLayout(with: newLayout)
        completion?(true)
    }

    public func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
        setCollectionViewLayout(layout, animated: animated, completion: nil)
    }
}
