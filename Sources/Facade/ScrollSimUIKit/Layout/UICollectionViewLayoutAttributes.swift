import CompositionalLayout
import Foundation

/// One laid-out element (UIKit's `UICollectionViewLayoutAttributes`). Frames of items in
/// orthogonal sections are unscrolled (UIKit model U3).
@preconcurrency @MainActor
open class UICollectionViewLayoutAttributes {
    public var frame: CGRect
    public var indexPath: IndexPath
    public let representedElementCategory: UICollectionView.ElementCategory
    public let representedElementKind: String?
    public var zIndex: Int
    public var alpha: CGFloat = 1
    public var isHidden = false

    public var center: CGPoint { CGPoint(x: frame.midX, y: frame.midY) }
    public var size: CGSize { frame.size }
    public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }

    public init(forCellWith indexPath: IndexPath) {
        self.frame = .zero
        self.indexPath = indexPath
        self.representedElementCategory = .cell
        self.representedElementKind = nil
        self.zIndex = 0
    }

    public init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.frame = .zero
        self.indexPath = indexPath
        self.representedElementCategory = .supplementaryView
        self.representedElementKind = elementKind
        self.zIndex = 0
    }

    public init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.frame = .zero
        self.indexPath = indexPath
        self.representedElementCategory = .decorationView
        self.representedElementKind = decorationViewKind
        self.zIndex = 0
    }

    /// A copy (UIKit's attributes are `NSCopying`).
    public init(copying other: UICollectionViewLayoutAttributes) {
        frame = other.frame
        indexPath = other.indexPath
        representedElementCategory = other.representedElementCategory
        representedElementKind = other.representedElementKind
        zIndex = other.zIndex
        alpha = other.alpha
        isHidden = other.isHidden
    }

    init(_ core: LayoutAttributes) {
        frame = CGRect(core.frame)
        indexPath = IndexPath(core.indexPath)
        representedElementCategory =
            switch core.category {
            case .cell: .cell
            case .supplementaryView, .layoutSupplementaryView: .supplementaryView
            case .decorationView: .decorationView
            }
        representedElementKind = core.elementKind
        zIndex = core.zIndex
    }
}
