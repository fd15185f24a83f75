/// A frame returned by a custom group's item provider, relative to the group's origin
/// (UIKit's `NSCollectionLayoutGroupCustomItem`).
public struct CustomGroupItem: Sendable, Hashable {
    public var frame: Rect
    public var zIndex: Int

    public init(frame: Rect, zIndex: Int = 0) {
        self.frame = frame
        self.zIndex = zIndex
    }
}

/// The closure of a custom group: given an environment whose container is the group's box, the
/// frames of its items (UIKit model G1.4.7).
///
/// scrollsim treats it as a pure function of the environment: it runs once per layout pass of the
/// section and its frames repeat in every group instance.
public typealias CustomGroupItemProvider = @Sendable (LayoutEnvironment) -> [CustomGroupItem]

/// A run of slots along an axis, or custom frames (UIKit's `NSCollectionLayoutGroup`).
///
/// A group is itself an item: its `layoutSize`, `contentInsets` and `edgeSpacing` behave as an
/// item's in its parent (UIKit model G1.4.6), and its `contentInsets` shrink the box its subitems are
/// laid into (G1.4.8).
public struct LayoutGroup: Sendable {
    /// How the group arranges its subitems.
    public enum Arrangement: Sendable {
        /// Slots left to right (G1.4.1).
        case horizontal
        /// Slots top to bottom (G1.4.1).
        case vertical
        /// Frames from a closure (G1.4.7).
        case custom(CustomGroupItemProvider)

        /// The axis slots advance along, `nil` for custom groups.
        public var axis: Axis? {
            switch self {
            case .horizontal: .horizontal
            case .vertical: .vertical
            case .custom: nil
            }
        }
    }

    /// How many slots one group instance holds.
    public enum Repetition: Sendable, Hashable {
        /// `subitems:`: cycle through the subitems until the next slot does not fit (G1.4.2).
        case fill
        /// `subitem:count:` (iOS 13 to 16): exactly `n` equal slots that divide the group; the
        /// subitem's length on the group axis is ignored (G1.5.1 to G1.5.3).
        case count(Int)
        /// `repeatingSubitem:count:` (iOS 16+): `n` slots at the subitem's own size, overflowing
        /// the group if they must (G1.5.4).
        case repeating(Int)
    }

    /// A subitem: an item or a nested group.
    public indirect enum Subitem: Sendable {
        case item(LayoutItem)
        case group(LayoutGroup)

        /// The subitem's size.
        public var layoutSize: LayoutSize {
            switch self {
            case .item(let item): item.layoutSize
            case .group(let group): group.layoutSize
            }
        }

        /// The subitem's edge spacing.
        public var edgeSpacing: EdgeSpacing? {
            switch self {
            case .item(let item): item.edgeSpacing
            case .group(let group): group.edgeSpacing
            }
        }
    }

    public var layoutSize: LayoutSize
    public var arrangement: Arrangement

    /// Whether the group or anything in it has an estimated dimension, so its cells size
    /// themselves (G1.10).
    public var selfSizes: Bool {
        layoutSize.widthDimension.isEstimated || layoutSize.heightDimension.isEstimated
            || subitems.contains { subitem in
                switch subitem {
                case .item(let item): item.layoutSize.widthDimension.isEstimated || item.layoutSize.heightDimension.isEstimated
                case .group(let group): group.selfSizes
                }
            }
    }
    public var subitems: [Subitem]
    public var repetition: Repetition
    /// Space between neighbouring slots; `nil` means none (G1.4.4, G1.4.5).
    public var interItemSpacing: Spacing?
    public var contentInsets: DirectionalEdgeInsets
    public var edgeSpacing: EdgeSpacing?

    public init(
        layoutSize: LayoutSize, arrangement: Arrangement, subitems: [Subitem], repetition: Repetition = .fill,
        interItemSpacing: Spacing? = nil, contentInsets: DirectionalEdgeInsets = .zero,
        edgeSpacing: EdgeSpacing? = nil
    ) {
        self.layoutSize = layoutSize
        self.arrangement = arrangement
        self.subitems = subitems
        self.repetition = repetition
        self.interItemSpacing = interItemSpacing
        self.contentInsets = contentInsets
        self.edgeSpacing = edgeSpacing
    }

    /// `horizontal(layoutSize:subitems:)`.
    public static func horizontal(layoutSize: LayoutSize, subitems: [Subitem]) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, arrangement: .horizontal, subitems: subitems)
    }

    /// `vertical(layoutSize:subitems:)`.
    public static func vertical(layoutSize: LayoutSize, subitems: [Subitem]) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, arrangement: .vertical, subitems: subitems)
    }

    /// `horizontal(layoutSize:subitem:count:)`, the iOS 13 semantics (G1.5.1).
    public static func horizontal(layoutSize: LayoutSize, subitem: Subitem, count: Int) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, arrangement: .horizontal, subitems: [subitem], repetition: .count(count))
    }

    /// `vertical(layoutSize:subitem:count:)`, the iOS 13 semantics (G1.5.1).
    public static func vertical(layoutSize: LayoutSize, subitem: Subitem, count: Int) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, arrangement: .vertical, subitems: [subitem], repetition: .count(count))
    }

    /// `horizontal(layoutSize:repeatingSubitem:count:)`, the iOS 16 semantics (G1.5.4).
    public static func horizontal(layoutSize: LayoutSize, repeatingSubitem: Subitem, count: Int) -> LayoutGroup {
        LayoutGroup(
            layoutSize: layoutSize, arrangement: .horizontal, subitems: [repeatingSubitem],
            repetition: .repeating(count))
    }

    /// `vertical(layoutSize:repeatingSubitem:count:)`, the iOS 16 semantics (G1.5.4).
    public static func vertical(layoutSize: LayoutSize, repeatingSubitem: Subitem, count: Int) -> LayoutGroup {
        LayoutGroup(
            layoutSize: layoutSize, arrangement: .vertical, subitems: [repeatingSubitem],
            repetition: .repeating(count))
    }

    /// `custom(layoutSize:itemProvider:)` (G1.4.7).
    public static func custom(layoutSize: LayoutSize, itemProvider: @escaping CustomGroupItemProvider) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, arrangement: .custom(itemProvider), subitems: [])
    }
}
