import CompositionalLayout
import Foundation

/// How a section scrolls across the main axis (UIKit's
/// `UICollectionLayoutSectionOrthogonalScrollingBehavior`; raw values from G1.9.1).
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable, Hashable {
    case none = 0, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered

    var core: OrthogonalScrollingBehavior { OrthogonalScrollingBehavior(rawValue: rawValue)! }
}

/// Called before each layout cycle in which a section's visible items change or scroll (UIKit's
/// `NSCollectionLayoutSectionVisibleItemsInvalidationHandler`, G1.9.6). The offset is the
/// section's own orthogonal offset for an orthogonal section, else the collection view's.
public typealias NSCollectionLayoutSectionVisibleItemsInvalidationHandler =
    @MainActor ([any NSCollectionLayoutVisibleItem], CGPoint, any NSCollectionLayoutEnvironment) -> Void

/// One section's description, as a section provider returns it (UIKit's
/// `NSCollectionLayoutSection`). Read when the provider returns.
@preconcurrency @MainActor
public final class NSCollectionLayoutSection {
    public let group: NSCollectionLayoutGroup
    /// Space between group instances (G1.6.2).
    public var interGroupSpacing: CGFloat = 0
    /// Shrinks the box the group resolves against (G1.2).
    public var contentInsets: NSDirectionalEdgeInsets = .zero
    /// `.automatic` defers to the configuration (G1.1.2).
    public var contentInsetsReference: UIContentInsetsReference = .automatic
    public var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .none
    public var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// Whether headers and footers follow the leading/trailing insets (default true, G1.8.1).
    public var supplementariesFollowContentInsets = true
    /// Views the layout places behind the section, such as its background (G1.13).
    public var decorationItems: [NSCollectionLayoutDecorationItem] = []
    public var visibleItemsInvalidationHandler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler?
    /// The list appearance, for sections made by `list(using:layoutEnvironment:)`.
    private var listAppearance: ListConfiguration.Appearance?
    /// The list configuration, for sections made by `list(using:layoutEnvironment:)`: its swipe
    /// action providers answer swipes on the section's rows.
    var listConfiguration: UICollectionLayoutListConfiguration?

    public init(group: NSCollectionLayoutGroup) { self.group = group }

    /// A list section (G1.2 lists, D5.10): one full-width self-sizing row per group.
    public static func list(
        using configuration: UICollectionLayoutListConfiguration, layoutEnvironment: any NSCollectionLayoutEnvironment
    ) -> NSCollectionLayoutSection {
        let environment =
            (layoutEnvironment as? LayoutEnvironmentObject)?.core
            ?? LayoutEnvironment(
                container: LayoutContainer(
                    contentSize: layoutEnvironment.container.contentSize.core,
                    contentInsets: layoutEnvironment.container.contentInsets.core))
        let section = NSCollectionLayoutSection(LayoutSection.list(using: configuration.core, layoutEnvironment: environment))
        section.listConfiguration = configuration
        // List headers and footers use UIKit's element kinds, so `elementKindSectionHeader`
        // registrations match them.
        for item in section.boundarySupplementaryItems {
            switch item.elementKind {
            case LayoutSection.headerElementKind: item.elementKind = UICollectionView.elementKindSectionHeader
            case LayoutSection.footerElementKind: item.elementKind = UICollectionView.elementKindSectionFooter
            default: break
            }
        }
        return section
    }

    var core: LayoutSection {
        var section = LayoutSection(
            group: group.coreGroup, interGroupSpacing: Double(interGroupSpacing), contentInsets: contentInsets.core,
            contentInsetsReference: contentInsetsReference.core, orthogonalScrollingBehavior: orthogonalScrollingBehavior.core,
            boundarySupplementaryItems: boundarySupplementaryItems.map(\.core),
            supplementariesFollowContentInsets: supplementariesFollowContentInsets, decorationItems: decorationItems.map(\.core))
        section.listAppearance = listAppearance
        return section
    }

    convenience init(_ core: LayoutSection) {
        self.init(group: NSCollectionLayoutGroup(core.group))
        interGroupSpacing = CGFloat(core.interGroupSpacing)
        contentInsets = NSDirectionalEdgeInsets(core.contentInsets)
        contentInsetsReference = UIContentInsetsReference(core.contentInsetsReference)
        orthogonalScrollingBehavior = UICollectionLayoutSectionOrthogonalScrollingBehavior(
            rawValue: core.orthogonalScrollingBehavior.rawValue)!
        boundarySupplementaryItems = core.boundarySupplementaryItems.map(NSCollectionLayoutBoundarySupplementaryItem.init)
        supplementariesFollowContentInsets = core.supplementariesFollowContentInsets
        decorationItems = core.decorationItems.map(NSCollectionLayoutDecorationItem.init)
        listAppearance = core.listAppearance
    }
}

/// An element on screen, as a visible-items handler sees it (UIKit's
/// `NSCollectionLayoutVisibleItem`).
@preconcurrency @MainActor
public protocol NSCollectionLayoutVisibleItem: AnyObject {
    var frame: CGRect { get }
    var indexPath: IndexPath { get }
    var representedElementCategory: UICollectionView.ElementCategory { get }
    var representedElementKind: String? { get }
    var alpha: CGFloat { get set }
    var zIndex: Int { get set }
    var isHidden: Bool { get set }
}

/// The visible items handed to a visible-items handler. Changes to alpha, zIndex or isHidden are
/// kept on the object only: views hold no pixels.
@preconcurrency @MainActor
final class VisibleItem: NSCollectionLayoutVisibleItem {
    let frame: CGRect
    let indexPath: IndexPath
    let representedElementCategory: UICollectionView.ElementCategory
    let representedElementKind: String?
    var alpha: CGFloat = 1
    var zIndex = 0
    var isHidden = false

    init(frame: CGRect, indexPath: IndexPath, category: UICollectionView.ElementCategory, kind: String?) {
        self.frame = frame
        self.indexPath = indexPath
        self.representedElementCategory = category
        self.representedElementKind = kind
    }
}
