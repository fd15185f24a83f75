import CompositionalLayout
import Foundation

/// The box a layout resolves against (UIKit's `NSCollectionLayoutContainer`, G1.1.1).
@preconcurrency @MainActor
public protocol NSCollectionLayoutContainer: AnyObject {
    var contentSize: CGSize { get }
    var effectiveContentSize: CGSize { get }
    var contentInsets: NSDirectionalEdgeInsets { get }
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// What the section provider receives with each section index (UIKit's
/// `NSCollectionLayoutEnvironment`, G1.1.1, G1.1.4).
@preconcurrency @MainActor
public protocol NSCollectionLayoutEnvironment: AnyObject {
    var container: any NSCollectionLayoutContainer { get }
    var traitCollection: UITraitCollection { get }
}

/// The environment and container objects handed to section providers.
@preconcurrency @MainActor
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
