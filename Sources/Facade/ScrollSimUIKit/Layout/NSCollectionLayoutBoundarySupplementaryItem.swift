import CompositionalLayout
import Foundation

/// A section header or footer, or a layout-wide one (UIKit's
/// `NSCollectionLayoutBoundarySupplementaryItem`, UIKit model G1.8).
@preconcurrency @MainActor
public final class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem {
    public let alignment: NSRectAlignment
    public let offset: CGPoint
    /// Whether the item adds to the section's extent (default true, G1.8.3).
    public var extendsBoundary = true
    /// Whether the item stays visible while its section is on screen (G1.8.4).
    public var pinToVisibleBounds = false

    public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, alignment: alignment, absoluteOffset: .zero)
    }

    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment, absoluteOffset: CGPoint) {
        self.alignment = alignment
        self.offset = absoluteOffset
        super.init(boundaryLayoutSize: layoutSize, elementKind: elementKind)
    }

    var core: BoundarySupplementaryItem {
        BoundarySupplementaryItem(
            elementKind: elementKind, layoutSize: layoutSize.core, alignment: alignment.core, absoluteOffset: offset.core,
            extendsBoundary: extendsBoundary, pinToVisibleBounds: pinToVisibleBounds, zIndex: zIndex,
            contentInsets: contentInsets.core)
    }

    convenience init(_ core: BoundarySupplementaryItem) {
        self.init(
            layoutSize: NSCollectionLayoutSize(core.layoutSize), elementKind: core.elementKind,
            alignment: NSRectAlignment(core.alignment), absoluteOffset: CGPoint(core.absoluteOffset))
        extendsBoundary = core.extendsBoundary
        pinToVisibleBounds = core.pinToVisibleBounds
        zIndex = core.zIndex
        contentInsets = NSDirectionalEdgeInsets(core.contentInsets)
    }
}
