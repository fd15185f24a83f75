import Foundation

/// The accessibility state and announcements (UIKit's `UIAccessibility`): no assistive technology
/// runs, and what the app posts is recorded in `postedNotifications`.
@preconcurrency @MainActor
public enum UIAccessibility {
    /// An accessibility notification (UIKit's `UIAccessibility.Notification`).
    public struct Notification: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let screenChanged = Notification(rawValue: 1000)
        public static let layoutChanged = Notification(rawValue: 1001)
        public static let announcement = Notification(rawValue: 1008)
        public static let pageScrolled = Notification(rawValue: 1009)
    }

    public static var isVoiceOverRunning: Bool { false }
    public static var isReduceMotionEnabled: Bool { false }
    public static var isReduceTransparencyEnabled: Bool { false }
    public static var isBoldTextEnabled: Bool { false }
    public static var isSwitchControlRunning: Bool { false }
    public static var isDarkerSystemColorsEnabled: Bool { false }
    public static var shouldDifferentiateWithoutColor: Bool { false }
    public static var prefersCrossFadeTransitions: Bool { false }

    /// What the app posted, oldest first.
    public private(set) static var postedNotifications: [(notification: Notification, argument: Any?)] = []

    public static func post(notification: Notification, argument: Any?) {
        postedNotifications.append((notification, argument))
    }

    public static let voiceOverStatusDidChangeNotification = Foundation.Notification.Name(
        "UIAccessibilityVoiceOverStatusDidChangeNotification")
    public static let reduceMotionStatusDidChangeNotification = Foundation.Notification.Name(
        "UIAccessibilityReduceMotionStatusDidChangeNotification")
}

/// What an accessibility element is (UIKit's `UIAccessibilityTraits`).
public struct UIAccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static let none = UIAccessibilityTraits([])
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
    public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
    public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
    public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
    public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
    public static let updatesFrequently = UIAccessibilityTraits(rawValue: 1 << 9)
    public static let adjustable = UIAccessibilityTraits(rawValue: 1 << 12)
    public static let searchField = UIAccessibilityTraits(rawValue: 1 << 10)
}

/// A custom action an assistive technology offers (UIKit's `UIAccessibilityCustomAction`).
@preconcurrency @MainActor
open class UIAccessibilityCustomAction {
    open var name: String
    public let actionHandler: ((UIAccessibilityCustomAction) -> Bool)?

    public init(name: String, actionHandler: @escaping (UIAccessibilityCustomAction) -> Bool) {
        self.name = name
        self.actionHandler = actionHandler
    }

    public init(name: String, image: UIImage?, actionHandler: @escaping (UIAccessibilityCustomAction) -> Bool) {
        self.name = name
        self.actionHandler = actionHandler
    }
}
