import CompositionalLayout
import Foundation

/// The box a layout resolves against (UIKit's `NSCollectionLayoutContainer`, G1.1.1).
@MainActor
public protocol NSCollectionLayoutContainer: AnyObject {
    var contentSize: CGSize { get }
    var effectiveContentSize: CGSize { get }
    var contentInsets: NSDirectionalEdgeInsets { get }
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// What the section provider receives with each section index (UIKit's
/// `NSCollectionLayoutEnvironment`, G1.1.1, G1.1.4).
@MainActor
public protocol NSCollectionLayoutEnvironment: AnyObject {
    var container: any NSCollectionLayoutContainer { get }
    var traitCollection: UITraitCollection { get }
}

/// The size classes of a trait collection (UIKit's `UIUserInterfaceSizeClass`).
public enum UIUserInterfaceSizeClass: Int, Sendable, Hashable {
    case unspecified = 0, compact, regular
}

/// The kind of device (UIKit's `UIUserInterfaceIdiom`).
public enum UIUserInterfaceIdiom: Int, Sendable, Hashable {
    case unspecified = -1, phone = 0, pad
}

/// The traits a section provider may read (a small part of UIKit's `UITraitCollection`).
@MainActor
public final class UITraitCollection {
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    public let verticalSizeClass: UIUserInterfaceSizeClass
    public let displayScale: CGFloat
    public let userInterfaceIdiom: UIUserInterfaceIdiom

    init(_ core: TraitCollection) {
        horizontalSizeClass = core.horizontalSizeClass == .regular ? .regular : .compact
        verticalSizeClass = core.verticalSizeClass == .regular ? .regular : .compact
        displayScale = CGFloat(core.displayScale)
        userInterfaceIdiom = core.horizontalSizeClass == .regular && core.verticalSizeClass == .regular ? .pad : .phone
    }
}

/// The environment and container objects handed to section providers.
@MainActor
final class LayoutEnvironmentObject: NSCollectionLayoutEnvironment, NSCollectionLayoutContainer {
    let core: LayoutEnvironment
    let traitCollection: UITraitCollection

    init(_ core: LayoutEnvironment) {
        self.core = core
        self.traitCollection = UITraitCollection(core.traitCollection)
    }

    var container: any NSCollectionLayoutContainer { self }
    var contentSize: CGSize { CGSize(core.container.contentSize) }
    var effectiveContentSize: CGSize { CGSize(core.container.effectiveContentSize) }
    var contentInsets: NSDirectionalEdgeInsets { NSDirectionalEdgeInsets(core.container.contentInsets) }
    var effectiveContentInsets: NSDirectionalEdgeInsets { contentInsets }
}
