import CompositionalLayout
import Foundation

/// The size classes of a trait collection (UIKit's `UIUserInterfaceSizeClass`).
public enum UIUserInterfaceSizeClass: Int, Sendable, Hashable {
    case unspecified = 0, compact, regular
}

/// The kind of device (UIKit's `UIUserInterfaceIdiom`).
public enum UIUserInterfaceIdiom: Int, Sendable, Hashable {
    case unspecified = -1, phone = 0, pad, tv, carPlay, mac = 5, vision = 6
}

/// Light or dark (UIKit's `UIUserInterfaceStyle`).
public enum UIUserInterfaceStyle: Int, Sendable, Hashable {
    case unspecified = 0, light, dark
}

/// Left to right or right to left (UIKit's `UIUserInterfaceLayoutDirection`; scrollsim lays out
/// left to right, U1).
public enum UIUserInterfaceLayoutDirection: Int, Sendable, Hashable {
    case leftToRight = 0, rightToLeft
}

/// The trait collection's layout direction (UIKit's `UITraitEnvironmentLayoutDirection`).
public enum UITraitEnvironmentLayoutDirection: Int, Sendable, Hashable {
    case unspecified = -1, leftToRight = 0, rightToLeft
}

/// Dynamic Type sizes (UIKit's `UIContentSizeCategory`).
public struct UIContentSizeCategory: Sendable, Hashable, Comparable {
    public let rawValue: String
    let order: Int
    init(_ rawValue: String, _ order: Int) {
        self.rawValue = rawValue
        self.order = order
    }
    /// Posted when the user changes the text size (`ScrollSimulator.setContentSizeCategory(_:)` posts it).
    public static let didChangeNotification = Notification.Name("UIContentSizeCategoryDidChangeNotification")
    /// The `userInfo` key of the new size in a `didChangeNotification`.
    public static let newValueUserInfoKey = "UIContentSizeCategoryNewValueKey"
    public static let extraSmall = UIContentSizeCategory("UICTContentSizeCategoryXS", 1)
    public static let small = UIContentSizeCategory("UICTContentSizeCategoryS", 2)
    public static let medium = UIContentSizeCategory("UICTContentSizeCategoryM", 3)
    public static let large = UIContentSizeCategory("UICTContentSizeCategoryL", 4)
    public static let extraLarge = UIContentSizeCategory("UICTContentSizeCategoryXL", 5)
    public static let extraExtraLarge = UIContentSizeCategory("UICTContentSizeCategoryXXL", 6)
    public static let extraExtraExtraLarge = UIContentSizeCategory("UICTContentSizeCategoryXXXL", 7)
    public static let accessibilityMedium = UIContentSizeCategory("UICTContentSizeCategoryAccessibilityM", 8)
    public static let accessibilityLarge = UIContentSizeCategory("UICTContentSizeCategoryAccessibilityL", 9)
    public static let accessibilityExtraLarge = UIContentSizeCategory("UICTContentSizeCategoryAccessibilityXL", 10)
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory("UICTContentSizeCategoryAccessibilityXXL", 11)
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory("UICTContentSizeCategoryAccessibilityXXXL", 12)
    public static let unspecified = UIContentSizeCategory("_UICTContentSizeCategoryUnspecified", 0)

    /// Whether the size is one of the accessibility sizes.
    public var isAccessibilityCategory: Bool { order >= 8 }
    public static func < (lhs: UIContentSizeCategory, rhs: UIContentSizeCategory) -> Bool { lhs.order < rhs.order }
}

/// The environment's traits (UIKit's `UITraitCollection`): size classes, scale, idiom, light or
/// dark, layout direction, Dynamic Type size. Immutable and `Sendable`, as UIKit's is. The
/// simulator's device decides them; app code reads them from views, view controllers and the
/// layout environment.
public final class UITraitCollection: Sendable, Hashable {
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    public let verticalSizeClass: UIUserInterfaceSizeClass
    public let displayScale: CGFloat
    public let userInterfaceIdiom: UIUserInterfaceIdiom
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let layoutDirection: UITraitEnvironmentLayoutDirection
    public let preferredContentSizeCategory: UIContentSizeCategory

    init(
        horizontalSizeClass: UIUserInterfaceSizeClass = .unspecified, verticalSizeClass: UIUserInterfaceSizeClass = .unspecified,
        displayScale: CGFloat = 0, userInterfaceIdiom: UIUserInterfaceIdiom = .unspecified,
        userInterfaceStyle: UIUserInterfaceStyle = .unspecified,
        layoutDirection: UITraitEnvironmentLayoutDirection = .unspecified,
        preferredContentSizeCategory: UIContentSizeCategory = .unspecified
    ) {
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.displayScale = displayScale
        self.userInterfaceIdiom = userInterfaceIdiom
        self.userInterfaceStyle = userInterfaceStyle
        self.layoutDirection = layoutDirection
        self.preferredContentSizeCategory = preferredContentSizeCategory
    }

    /// The engine's traits of a screen, with UIKit's defaults for the rest (light, left to right,
    /// Dynamic Type large).
    convenience init(_ core: TraitCollection) {
        let horizontal: UIUserInterfaceSizeClass = core.horizontalSizeClass == .regular ? .regular : .compact
        let vertical: UIUserInterfaceSizeClass = core.verticalSizeClass == .regular ? .regular : .compact
        self.init(
            horizontalSizeClass: horizontal, verticalSizeClass: vertical, displayScale: CGFloat(core.displayScale),
            userInterfaceIdiom: horizontal == .regular && vertical == .regular ? .pad : .phone, userInterfaceStyle: .light,
            layoutDirection: .leftToRight, preferredContentSizeCategory: .large)
    }

    /// An iPhone 13 in portrait: what traits resolve against when no view is on a screen.
    static let standard = UITraitCollection(TraitCollection())

    /// An empty trait collection (every trait unspecified).
    public convenience init() { self.init(horizontalSizeClass: .unspecified) }
    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) {
        self.init(horizontalSizeClass: horizontalSizeClass, verticalSizeClass: .unspecified)
    }
    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) {
        self.init(horizontalSizeClass: .unspecified, verticalSizeClass: verticalSizeClass)
    }
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.init(horizontalSizeClass: .unspecified, userInterfaceStyle: userInterfaceStyle)
    }
    public convenience init(displayScale: CGFloat) { self.init(horizontalSizeClass: .unspecified, displayScale: displayScale) }
    public convenience init(userInterfaceIdiom: UIUserInterfaceIdiom) {
        self.init(horizontalSizeClass: .unspecified, userInterfaceIdiom: userInterfaceIdiom)
    }
    public convenience init(preferredContentSizeCategory: UIContentSizeCategory) {
        self.init(horizontalSizeClass: .unspecified, preferredContentSizeCategory: preferredContentSizeCategory)
    }

    /// The traits of the running code: the current screen's.
    public static var current: UITraitCollection { standard }

    /// Whether `other` has the same values for the traits it specifies.
    public func containsTraits(in other: UITraitCollection?) -> Bool {
        guard let other else { return true }
        return (other.horizontalSizeClass == .unspecified || other.horizontalSizeClass == horizontalSizeClass)
            && (other.verticalSizeClass == .unspecified || other.verticalSizeClass == verticalSizeClass)
            && (other.userInterfaceStyle == .unspecified || other.userInterfaceStyle == userInterfaceStyle)
            && (other.userInterfaceIdiom == .unspecified || other.userInterfaceIdiom == userInterfaceIdiom)
            && (other.displayScale == 0 || other.displayScale == displayScale)
    }

    /// Whether a colour would resolve differently (never: colours resolve once in scrollsim).
    public func hasDifferentColorAppearance(comparedTo other: UITraitCollection?) -> Bool {
        userInterfaceStyle != other?.userInterfaceStyle
    }

    public static func == (lhs: UITraitCollection, rhs: UITraitCollection) -> Bool {
        (lhs.horizontalSizeClass, lhs.verticalSizeClass, lhs.displayScale, lhs.userInterfaceIdiom, lhs.userInterfaceStyle)
            == (rhs.horizontalSizeClass, rhs.verticalSizeClass, rhs.displayScale, rhs.userInterfaceIdiom, rhs.userInterfaceStyle)
            && lhs.layoutDirection == rhs.layoutDirection && lhs.preferredContentSizeCategory == rhs.preferredContentSizeCategory
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(horizontalSizeClass)
        hasher.combine(verticalSizeClass)
        hasher.combine(displayScale)
        hasher.combine(userInterfaceStyle)
    }
}
