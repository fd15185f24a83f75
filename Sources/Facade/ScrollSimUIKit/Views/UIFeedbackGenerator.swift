import Foundation

/// Haptic feedback (UIKit's `UIFeedbackGenerator`): nothing vibrates; each generator counts what
/// it was asked to play, so a test can check a tap gave feedback.
@preconcurrency @MainActor
open class UIFeedbackGenerator {
    /// How many times feedback was played.
    public internal(set) var feedbackCount = 0

    public init() {}

    open func prepare() {}
}

/// Impact feedback (UIKit's `UIImpactFeedbackGenerator`).
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    /// The impact's strength (UIKit's `UIImpactFeedbackGenerator.FeedbackStyle`).
    public enum FeedbackStyle: Int, Sendable { case light = 0, medium, heavy, soft, rigid }

    public let style: FeedbackStyle

    public init(style: FeedbackStyle) {
        self.style = style
        super.init()
    }

    public override convenience init() { self.init(style: .medium) }

    open func impactOccurred() { feedbackCount += 1 }
    open func impactOccurred(intensity: CGFloat) { feedbackCount += 1 }
}

/// Selection feedback (UIKit's `UISelectionFeedbackGenerator`).
open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
    open func selectionChanged() { feedbackCount += 1 }
}

/// Notification feedback (UIKit's `UINotificationFeedbackGenerator`).
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    /// What happened (UIKit's `UINotificationFeedbackGenerator.FeedbackType`).
    public enum FeedbackType: Int, Sendable { case success = 0, warning, error }

    open func notificationOccurred(_ notificationType: FeedbackType) { feedbackCount += 1 }
}
