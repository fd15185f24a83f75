import UIKit

/// What a masonry layout asks its delegate.
public protocol MasonryLayoutDelegate: AnyObject {
    /// How many columns the section's items share.
    func masonryLayout(_ layout: MasonryLayout, numberOfColumnsInSection section: Int) -> Int
    /// The item's natural size: it is shown at its column's width, keeping this aspect ratio.
    func masonryLayout(_ layout: MasonryLayout, naturalSizeForItemAt indexPath: IndexPath) -> CGSize
}

/// A waterfall ("masonry") layout: each section's items fill columns of equal width, each item
/// going to the column that is shortest so far, under an optional header.
open class MasonryLayout: UICollectionViewLayout {
    public weak var delegate: MasonryLayoutDelegate?
    public var sectionInset: UIEdgeInsets = .zero
    public var columnSpacing: CGFloat = 0
    public var rowSpacing: CGFloat = 0
    public var headerHeight: CGFloat = 0

    private var itemAttributes: [[UICollectionViewLayoutAttributes]] = []
    private var headerAttributes: [UICollectionViewLayoutAttributes] = []
    private var contentHeight: CGFloat = 0
    private var preparedWidth: CGFloat = 0

    open override func prepare() {
        super.prepare()
        itemAttributes = []
        headerAttributes = []
        contentHeight = 0
        guard let collectionView = collectionView, let delegate = delegate else { return }
        let width = collectionView.bounds.width
        preparedWidth = width
        var y: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            if headerHeight > 0 {
                let header = UICollectionViewLayoutAttributes(
                    forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, with: IndexPath(item: 0, section: section))
                header.frame = CGRect(x: 0, y: y, width: width, height: headerHeight)
                headerAttributes.append(header)
                y += headerHeight
            }
            y += sectionInset.top
            let columnCount = max(1, delegate.masonryLayout(self, numberOfColumnsInSection: section))
            let usable = width - sectionInset.left - sectionInset.right - CGFloat(columnCount - 1) * columnSpacing
            let columnWidth = (usable / CGFloat(columnCount)).rounded(.down)
            var bottoms = [CGFloat](repeating: y, count: columnCount)
            var attributesOfSection: [UICollectionViewLayoutAttributes] = []
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                let indexPath = IndexPath(item: item, section: section)
                let natural = delegate.masonryLayout(self, naturalSizeForItemAt: indexPath)
                let height = natural.width > 0 ? (natural.height * columnWidth / natural.width).rounded(.down) : 0
                var shortest = 0
                for column in bottoms.indices where bottoms[column] < bottoms[shortest] { shortest = column }
                let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
                attributes.frame = CGRect(
                    x: sectionInset.left + CGFloat(shortest) * (columnWidth + columnSpacing), y: bottoms[shortest],
                    width: columnWidth, height: height)
                attributesOfSection.append(attributes)
                bottoms[shortest] += height + rowSpacing
            }
            itemAttributes.append(attributesOfSection)
            let tallest = bottoms.max() ?? y
            y = (attributesOfSection.isEmpty ? tallest : tallest - rowSpacing) + sectionInset.bottom
        }
        contentHeight = y
    }

    open override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight)
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        (headerAttributes + itemAttributes.joined()).filter { $0.frame.intersects(rect) }
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard itemAttributes.indices.contains(indexPath.section), itemAttributes[indexPath.section].indices.contains(indexPath.item)
        else { return nil }
        return itemAttributes[indexPath.section][indexPath.item]
    }

    open override func layoutAttributesForSupplementaryView(
        ofKind elementKind: String, at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        headerAttributes.indices.contains(indexPath.section) ? headerAttributes[indexPath.section] : nil
    }

    /// A new width changes the columns; scrolling does not.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.width != preparedWidth
    }
}
