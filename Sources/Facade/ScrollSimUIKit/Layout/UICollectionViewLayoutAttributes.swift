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
    /// Open, as on iOS (where it is an Objective-C property): subclasses observe it.
    open var zIndex: Int
    public var alpha: CGFloat = 1
    public var isHidden = false
    /// Stored, not applied: geometry comes from `frame`.
    public var transform = CGAffineTransform.identity
    public var transform3D = CATransform3DIdentity

    /// Moving the centre moves the frame; its size stays.
    public var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    /// Setting the size keeps the centre, as UIKit does.
    public var size: CGSize {
        get { frame.size }
        set {
            let center = self.center
            frame = CGRect(
                x: center.x - newValue.width / 2, y: center.y - newValue.height / 2, width: newValue.width,
                height: newValue.height)
        }
    }
    public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }

    /// Attributes of a cell at index path [] (what `NSObject`'s `init()` gives on iOS).
    public convenience init() { self.init(forCellWith: IndexPath()) }

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

    /// A copy of `other`'s UIKit properties, of this class (a subclass copies its own in its
    /// `copy(with:)`, as with `NSCopying`).
    public required init(copying other: UICollectionViewLayoutAttributes) {
        frame = other.frame
        indexPath = other.indexPath
        representedElementCategory = other.representedElementCategory
        representedElementKind = other.representedElementKind
        zIndex = other.zIndex
        alpha = other.alpha
        isHidden = other.isHidden
        transform = other.transform
        transform3D = other.transform3D
    }

    /// A copy of the receiver's class (UIKit's attributes are `NSCopying`): a subclass overrides
    /// it, calls `super`, and sets its own properties on the result.
    open func copy(with zone: NSZone? = nil) -> Any { type(of: self).init(copying: self) }

    /// `copy(with: nil)`, as `NSObject.copy()`.
    public func copy() -> Any { copy(with: nil) }

    /// What `NSObject.debugDescription` says of attributes on iOS; subclasses override it.
    open var debugDescription: String {
        "<\(type(of: self))> index path: \(indexPath); frame = \(frame); zIndex = \(zIndex)"
            + (representedElementKind.map { "; kind = \($0)" } ?? "")
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
