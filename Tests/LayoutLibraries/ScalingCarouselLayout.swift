import UIKit

/// A horizontal carousel whose middle card is full size and whose neighbours shrink and fade with
/// their distance from the middle; cards are centred vertically and the first rests in the middle.
open class ScalingCarouselLayout: UICollectionViewFlowLayout {
    /// A neighbour's scale and opacity, a whole card away from the middle.
    public var neighbourScale: CGFloat = 0.6
    public var neighbourAlpha: CGFloat = 0.6
    /// The gap between the middle card and a shrunken neighbour.
    public var visibleSpacing: CGFloat = 40

    public override init() {
        super.init()
        scrollDirection = .horizontal
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        scrollDirection = .horizontal
    }

    open override func prepare() {
        super.prepare()
        guard let collectionView = collectionView else { return }
        collectionView.decelerationRate = .fast
        let horizontal = (collectionView.bounds.width - itemSize.width) / 2
        let vertical = (collectionView.bounds.height - itemSize.height) / 2
        sectionInset = UIEdgeInsets(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
        // A shrunken neighbour gives back half its lost width on each side.
        minimumLineSpacing = visibleSpacing - itemSize.width * (1 - neighbourScale) / 2
    }

    /// Every scrolled frame changes the scales.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let collectionView = collectionView, let attributes = super.layoutAttributesForElements(in: rect) else { return nil }
        let middle = collectionView.contentOffset.x + collectionView.bounds.width / 2
        let pitch = itemSize.width + minimumLineSpacing
        return attributes.map { original in
            let card = original.copy() as! UICollectionViewLayoutAttributes
            let distance = pitch > 0 ? min(abs(card.center.x - middle) / pitch, 1) : 0
            let scale = 1 - distance * (1 - neighbourScale)
            card.alpha = 1 - distance * (1 - neighbourAlpha)
            card.transform3D = CATransform3DMakeScale(scale, scale, 1)
            card.zIndex = Int((card.alpha * 10).rounded())
            return card
        }
    }

    open override func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        let pitch = itemSize.width + minimumLineSpacing
        guard pitch > 0 else { return proposedContentOffset }
        return CGPoint(x: (proposedContentOffset.x / pitch).rounded() * pitch, y: proposedContentOffset.y)
    }
}
