import CompositionalLayout
import Foundation

/// Layout-wide settings (UIKit's `UICollectionViewCompositionalLayoutConfiguration`).
///
/// As in UIKit the layout copies it: a configuration that is created but never passed to a layout,
/// or changed after it was passed, has no effect; assigning it to `layout.configuration`
/// invalidates the layout and re-runs the section provider for every section (UIKit model 2.2, R9).
@preconcurrency @MainActor
public final class UICollectionViewCompositionalLayoutConfiguration {
    public var scrollDirection: UICollectionView.ScrollDirection = .vertical
    /// The gap between consecutive sections (G1.7.1).
    public var interSectionSpacing: CGFloat = 0
    /// Layout-wide headers and footers (G1.7.4).
    public var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    public var contentInsetsReference: UIContentInsetsReference = .safeArea

    public init() {}

    /// A copy, as UIKit's `NSCopying` property makes.
    func copy() -> UICollectionViewCompositionalLayoutConfiguration {
        let copy = UICollectionViewCompositionalLayoutConfiguration()
        copy.scrollDirection = scrollDirection
        copy.interSectionSpacing = interSectionSpacing
        copy.boundarySupplementaryItems = boundarySupplementaryItems
        copy.contentInsetsReference = contentInsetsReference
        return copy
    }

    var core: LayoutConfiguration {
        LayoutConfiguration(
            scrollDirection: scrollDirection == .vertical ? .vertical : .horizontal,
            interSectionSpacing: Double(interSectionSpacing), boundarySupplementaryItems: boundarySupplementaryItems.map(\.core),
            contentInsetsReference: contentInsetsReference.core)
    }
}
