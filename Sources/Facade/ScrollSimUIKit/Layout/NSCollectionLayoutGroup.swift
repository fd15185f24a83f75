import CompositionalLayout
import Foundation

/// A frame returned by a custom group's item provider (UIKit's
/// `NSCollectionLayoutGroupCustomItem`).
@preconcurrency @MainActor
public final class NSCollectionLayoutGroupCustomItem {
    public let frame: CGRect
    public let zIndex: Int

    public convenience init(frame: CGRect) { self.init(frame: frame, zIndex: 0) }
    public init(frame: CGRect, zIndex: Int) {
        self.frame = frame
        self.zIndex = zIndex
    }
}

/// The closure of a custom group (UIKit's `NSCollectionLayoutGroupCustomItemProvider`).
public typealias NSCollectionLayoutGroupCustomItemProvider =
    @MainActor (any NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem]

/// A run of slots along an axis, or custom frames (UIKit's `NSCollectionLayoutGroup`); a group is
/// itself an item (G1.4.6).
@preconcurrency @MainActor
public final class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    private enum Kind {
        case horizontal, vertical
        case custom(NSCollectionLayoutGroupCustomItemProvider)
    }

    private let kind: Kind
    public let subitems: [NSCollectionLayoutItem]
    private let repetition: LayoutGroup.Repetition
    /// Space between neighbouring slots (G1.4.4, G1.4.5).
    public var interItemSpacing: NSCollectionLayoutSpacing?

    private init(
        layoutSize: NSCollectionLayoutSize, kind: Kind, subitems: [NSCollectionLayoutItem], repetition: LayoutGroup.Repetition
    ) {
        self.kind = kind
        self.subitems = subitems
        self.repetition = repetition
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }

    /// Slots left to right, cycling through `subitems` until the group is full (G1.4.2).
    public static func horizontal(
        layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]
    ) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, kind: .horizontal, subitems: subitems, repetition: .fill)
    }

    /// Slots top to bottom (G1.4.2).
    public static func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup
    {
        NSCollectionLayoutGroup(layoutSize: layoutSize, kind: .vertical, subitems: subitems, repetition: .fill)
    }

    /// Exactly `count` equal slots; the subitem's width is ignored (iOS 13 to 16, G1.5.1).
    @available(iOS, deprecated: 16.0, renamed: "horizontal(layoutSize:repeatingSubitem:count:)")
    public static func horizontal(
        layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int
    ) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, kind: .horizontal, subitems: [subitem], repetition: .count(count))
    }

    /// Exactly `count` equal slots; the subitem's height is ignored (iOS 13 to 16, G1.5.1).
    @available(iOS, deprecated: 16.0, renamed: "vertical(layoutSize:repeatingSubitem:count:)")
    public static func vertical(
        layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int
    ) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, kind: .vertical, subitems: [subitem], repetition: .count(count))
    }

    /// `count` slots at the subitem's own size (iOS 16+, G1.5.4).
    public static func horizontal(
        layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int
    )
        -> NSCollectionLayoutGroup
    {
        NSCollectionLayoutGroup(layoutSize: layoutSize, kind: .horizontal, subitems: [subitem], repetition: .repeating(count))
    }

    /// `count` slots at the subitem's own size (iOS 16+, G1.5.4).
    public static func vertical(
        layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int
    )
        -> NSCollectionLayoutGroup
    {
        NSCollectionLayoutGroup(layoutSize: layoutSize, kind: .vertical, subitems: [subitem], repetition: .repeating(count))
    }

    /// Frames from a closure, run per layout pass of the section (G1.4.7).
    public static func custom(
        layoutSize: NSCollectionLayoutSize, itemProvider: @escaping NSCollectionLayoutGroupCustomItemProvider
    ) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, kind: .custom(itemProvider), subitems: [], repetition: .fill)
    }

    /// The engine's group, built from the current property values.
    var coreGroup: LayoutGroup {
        let arrangement: LayoutGroup.Arrangement
        switch kind {
        case .horizontal: arrangement = .horizontal
        case .vertical: arrangement = .vertical
        case .custom(let provider):
            // The provider is main-actor isolated; the engine runs it synchronously inside a layout
            // pass, and every layout pass starts from a main-actor method of this module.
            arrangement = .custom { environment in
                MainActor.assumeIsolated {
                    provider(LayoutEnvironmentObject(environment)).map {
                        CustomGroupItem(frame: $0.frame.core, zIndex: $0.zIndex)
                    }
                }
            }
        }
        return LayoutGroup(
            layoutSize: layoutSize.core, arrangement: arrangement, subitems: subitems.map(\.coreSubitem), repetition: repetition,
            interItemSpacing: interItemSpacing?.core, contentInsets: contentInsets.core, edgeSpacing: edgeSpacing?.core)
    }

    override var coreSubitem: LayoutGroup.Subitem { .group(coreGroup) }

    /// A group object for an engine group (sections built by the engine, such as lists).
    convenience init(_ core: LayoutGroup) {
        let kind: Kind
        switch core.arrangement {
        case .horizontal: kind = .horizontal
        case .vertical: kind = .vertical
        case .custom(let provider):
            kind = .custom { environment in
                provider(
                    (environment as? LayoutEnvironmentObject)?.core
                        ?? LayoutEnvironment(container: LayoutContainer(contentSize: .zero))
                )
                .map { NSCollectionLayoutGroupCustomItem(frame: CGRect($0.frame), zIndex: $0.zIndex) }
            }
        }
        let subitems: [NSCollectionLayoutItem] = core.subitems.map { subitem in
            switch subitem {
            case .item(let item):
                let object = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(item.layoutSize))
                object.contentInsets = NSDirectionalEdgeInsets(item.contentInsets)
                object.edgeSpacing = item.edgeSpacing.map(NSCollectionLayoutEdgeSpacing.init)
                return object
            case .group(let group): return NSCollectionLayoutGroup(group)
            }
        }
        self.init(
            layoutSize: NSCollectionLayoutSize(core.layoutSize), kind: kind, subitems: subitems, repetition: core.repetition)
        interItemSpacing = core.interItemSpacing.map(NSCollectionLayoutSpacing.init)
        contentInsets = NSDirectionalEdgeInsets(core.contentInsets)
        edgeSpacing = core.edgeSpacing.map(NSCollectionLayoutEdgeSpacing.init)
    }
}
