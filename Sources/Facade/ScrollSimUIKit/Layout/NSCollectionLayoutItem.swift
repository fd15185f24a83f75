import CompositionalLayout
import Foundation

/// A leaf of a group: one data item gets one cell in its slot (UIKit's `NSCollectionLayoutItem`).
///
/// Properties are read when the section provider returns, so an item changed after it was put in
/// a group still counts, as with UIKit's reference semantics.
@preconcurrency @MainActor
public class NSCollectionLayoutItem {
    public let layoutSize: NSCollectionLayoutSize
    /// Shrinks the cell inside its slot (G1.3.1); ignored on estimated axes (G1.3.2).
    public var contentInsets: NSDirectionalEdgeInsets = .zero
    /// Space outside the slot (G1.3.3 to G1.3.5).
    public var edgeSpacing: NSCollectionLayoutEdgeSpacing?
    /// Views anchored to each of the item's cells, such as badges; requested from the
    /// supplementary view provider with the cell's index path.
    public let supplementaryItems: [NSCollectionLayoutSupplementaryItem]

    public convenience init(layoutSize: NSCollectionLayoutSize) {
        self.init(layoutSize: layoutSize, supplementaryItems: [])
    }

    public init(layoutSize: NSCollectionLayoutSize, supplementaryItems: [NSCollectionLayoutSupplementaryItem]) {
        self.layoutSize = layoutSize
        self.supplementaryItems = supplementaryItems
    }

    var coreItem: LayoutItem {
        LayoutItem(
            layoutSize: layoutSize.core, contentInsets: contentInsets.core, edgeSpacing: edgeSpacing?.core,
            supplementaryItems: supplementaryItems.compactMap(\.coreItemSupplementary))
    }

    /// The engine's subitem for this item (a group overrides it).
    var coreSubitem: LayoutGroup.Subitem { .item(coreItem) }
}

/// Where an item supplementary attaches (UIKit's `NSCollectionLayoutAnchor`).
@preconcurrency @MainActor
public final class NSCollectionLayoutAnchor {
    public let edges: NSDirectionalRectEdge
    public let offset: CGPoint
    public let isFractionalOffset: Bool

    var core: LayoutAnchor {
        LayoutAnchor(
            edges: DirectionalRectEdge(rawValue: edges.rawValue), offset: offset.core, isFractionalOffset: isFractionalOffset)
    }

    public convenience init(edges: NSDirectionalRectEdge) { self.init(edges: edges, offset: .zero, fractional: false) }
    public convenience init(edges: NSDirectionalRectEdge, absoluteOffset: CGPoint) {
        self.init(edges: edges, offset: absoluteOffset, fractional: false)
    }
    public convenience init(edges: NSDirectionalRectEdge, fractionalOffset: CGPoint) {
        self.init(edges: edges, offset: fractionalOffset, fractional: true)
    }

    private init(edges: NSDirectionalRectEdge, offset: CGPoint, fractional: Bool) {
        self.edges = edges
        self.offset = offset
        self.isFractionalOffset = fractional
    }
}

/// The edges of a rectangle, direction-aware (UIKit's `NSDirectionalRectEdge`).
public struct NSDirectionalRectEdge: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let top = NSDirectionalRectEdge(rawValue: 1 << 0)
    public static let leading = NSDirectionalRectEdge(rawValue: 1 << 1)
    public static let bottom = NSDirectionalRectEdge(rawValue: 1 << 2)
    public static let trailing = NSDirectionalRectEdge(rawValue: 1 << 3)
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

/// A view attached to an item, such as a badge (UIKit's `NSCollectionLayoutSupplementaryItem`).
@preconcurrency @MainActor
public class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem {
    public internal(set) var elementKind: String
    public let containerAnchor: NSCollectionLayoutAnchor?
    public var zIndex: Int = 0

    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor) {
        self.elementKind = elementKind
        self.containerAnchor = containerAnchor
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }

    /// The engine's item supplementary; nil for boundary items, which sections place.
    var coreItemSupplementary: ItemSupplementaryItem? {
        guard let containerAnchor else { return nil }
        return ItemSupplementaryItem(
            elementKind: elementKind, layoutSize: layoutSize.core, containerAnchor: containerAnchor.core, zIndex: zIndex)
    }

    /// For boundary items, which are aligned rather than anchored.
    init(boundaryLayoutSize layoutSize: NSCollectionLayoutSize, elementKind: String) {
        self.elementKind = elementKind
        self.containerAnchor = nil
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }
}
