import UIKit
import Testing

/// Shows `controller` inside a navigation controller on an iPhone 13, as the sample app pushes
/// each screen: content rests under the 47-pt status bar and the 44-pt bar (UIKit model N1), at
/// offset −91, and fills the 844-pt screen, so the first viewport is [−91, 753).
@MainActor
func showInNavigation(_ controller: UIViewController, device: ScrollSimulator.Device = .iPhone13) throws -> ScrollSimulator {
    let navigation = UINavigationController(rootViewController: controller)
    let simulator = ScrollSimulator(device: device)
    try simulator.show(navigation)
    return simulator
}

/// The collection view's cells on screen, by index path.
@MainActor
func visible(_ collectionView: UICollectionView) -> [IndexPath] { collectionView.indexPathsForVisibleItems.sorted() }

/// The frame of the item at `item` in `section`.
@MainActor
func frame(_ collectionView: UICollectionView, _ item: Int, _ section: Int = 0) -> CGRect? {
    collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
}

/// Whether two lengths agree to a thousandth of a point (fractions like 0.4 × 844 are not exact
/// in binary).
func close(_ a: CGFloat?, _ b: CGFloat) -> Bool {
    guard let a else { return false }
    return abs(a - b) < 0.001
}

func close(_ a: CGRect?, _ b: CGRect) -> Bool {
    guard let a else { return false }
    return close(a.minX, b.minX) && close(a.minY, b.minY) && close(a.width, b.width) && close(a.height, b.height)
}
