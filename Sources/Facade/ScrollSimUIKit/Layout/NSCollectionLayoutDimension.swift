import CompositionalLayout
import Foundation

/// One side of a layout size (UIKit's `NSCollectionLayoutDimension`, UIKit model G1.2).
@preconcurrency @MainActor
public final class NSCollectionLayoutDimension {
    let core: LayoutDimension

    init(_ core: LayoutDimension) { self.core = core }

    /// A fraction of the containing group's width (on either axis).
    public static func fractionalWidth(_ fractionalWidth: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.fractionalWidth(Double(fractionalWidth)))
    }
    /// A fraction of the containing group's height (on either axis).
    public static func fractionalHeight(_ fractionalHeight: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.fractionalHeight(Double(fractionalHeight)))
    }
    /// A fixed length in points.
    public static func absolute(_ absoluteDimension: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.absolute(Double(absoluteDimension)))
    }
    /// An estimate that self-sizing replaces (G1.10).
    public static func estimated(_ estimatedDimension: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.estimated(Double(estimatedDimension)))
    }

    public var isFractionalWidth: Bool { if case .fractionalWidth = core { true } else { false } }
    public var isFractionalHeight: Bool { if case .fractionalHeight = core { true } else { false } }
    public var isAbsolute: Bool { if case .absolute = core { true } else { false } }
    public var isEstimated: Bool { core.isEstimated }
    /// The number the dimension carries (points or a fraction).
    public var dimension: CGFloat { CGFloat(core.value) }
}

/// A width and a height dimension (UIKit's `NSCollectionLayoutSize`).
@preconcurrency @MainActor
public final class NSCollectionLayoutSize {
    public let widthDimension: NSCollectionLayoutDimension
    public let heightDimension: NSCollectionLayoutDimension

    public init(widthDimension width: NSCollectionLayoutDimension, heightDimension height: NSCollectionLayoutDimension) {
        self.widthDimension = width
        self.heightDimension = height
    }

    var core: LayoutSize { LayoutSize(widthDimension: widthDimension.core, heightDimension: heightDimension.core) }

    convenience init(_ core: LayoutSize) {
        self.init(
            widthDimension: NSCollectionLayoutDimension(core.widthDimension),
            heightDimension: NSCollectionLayoutDimension(core.heightDimension))
    }
}
