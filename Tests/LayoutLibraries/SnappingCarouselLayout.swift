import UIKit

/// A horizontal carousel of equal cards that rests with one card in the middle of the view: the
/// content is inset by half the space left beside a card, and a fling comes to rest on a card.
open class SnappingCarouselLayout: UICollectionViewFlowLayout {
    public override init() {
        super.init()
        scrollDirection = .horizontal
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        scrollDirection = .horizontal
    }

    /// The distance from one card to the next.
    public var pitch: CGFloat { itemSize.width + minimumLineSpacing }

    private var sideInset: CGFloat {
        guard let collectionView = collectionView else { return 0 }
        return max(0, (collectionView.bounds.width - itemSize.width) / 2)
    }

    open override func prepare() {
        super.prepare()
        guard let collectionView = collectionView else { return }
        collectionView.decelerationRate = .fast
        let inset = sideInset
        if collectionView.contentInset.left != inset {
            collectionView.contentInset = UIEdgeInsets(top: 0, left: inset, bottom: 0, right: inset)
            collectionView.contentOffset = CGPoint(x: -inset, y: 0)
        }
    }

    /// The card in the middle of the view, if any.
    public var centeredPage: Int? {
        guard let collectionView = collectionView, pitch > 0, collectionView.numberOfSections > 0 else { return nil }
        let count = collectionView.numberOfItems(inSection: 0)
        guard count > 0 else { return nil }
        let page = Int(((collectionView.contentOffset.x + sideInset) / pitch).rounded())
        return min(max(page, 0), count - 1)
    }

    /// Scrolls so that card `page` is in the middle.
    public func scroll(toPage page: Int, animated: Bool) {
        collectionView?.setContentOffset(CGPoint(x: CGFloat(page) * pitch - sideInset, y: 0), animated: animated)
    }

    open override func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        guard let collectionView = collectionView, pitch > 0 else { return proposedContentOffset }
        let last = CGFloat(max(0, collectionView.numberOfItems(inSection: 0) - 1))
        let page = min(max(((proposedContentOffset.x + sideInset) / pitch).rounded(), 0), last)
        return CGPoint(x: page * pitch - sideInset, y: proposedContentOffset.y)
    }
}
