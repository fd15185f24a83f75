import CompositionalLayout
import Foundation

/// A view the layout puts behind a section, such as its background (UIKit's
/// `NSCollectionLayoutDecorationItem`). Register its view class on the layout with
/// `register(_:forDecorationViewOfKind:)`; the collection view creates and reuses the views
/// itself, with no data-source call (UIKit model G1.13).
@preconcurrency @MainActor
public final class NSCollectionLayoutDecorationItem: NSCollectionLayoutItem {
    public let elementKind: String
    /// Stacking order; the default 0 is below the section's items (G1.13.4).
    public var zIndex = 0

    private init(elementKind: String) {
        self.elementKind = elementKind
        super.init(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)),
            supplementaryItems: [])
    }

    /// A background covering its section, headers and footers included, less `contentInsets`
    /// (G1.13.1, G1.13.2).
    public static func background(elementKind: String) -> NSCollectionLayoutDecorationItem {
        NSCollectionLayoutDecorationItem(elementKind: elementKind)
    }

    var core: DecorationItem { DecorationItem(elementKind: elementKind, contentInsets: contentInsets.core, zIndex: zIndex) }

    convenience init(_ core: DecorationItem) {
        self.init(elementKind: core.elementKind)
        contentInsets = NSDirectionalEdgeInsets(core.contentInsets)
        zIndex = core.zIndex
    }
}
