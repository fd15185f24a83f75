import Foundation

/// A tap (UIKit's `UITapGestureRecognizer`).
@preconcurrency @MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    open var numberOfTapsRequired = 1
    open var numberOfTouchesRequired = 1
}

/// A press held in place (UIKit's `UILongPressGestureRecognizer`): continuous.
@preconcurrency @MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    open var minimumPressDuration: TimeInterval = 0.5
    open var numberOfTapsRequired = 0
    open var numberOfTouchesRequired = 1
    open var allowableMovement: CGFloat = 10
    open override var isContinuous: Bool { true }
}

/// A drag (UIKit's `UIPanGestureRecognizer`): continuous; its translation and velocity are what
/// the test sets (`simulatedTranslation`, `simulatedVelocity`).
@preconcurrency @MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    open var minimumNumberOfTouches = 1
    open var maximumNumberOfTouches = Int.max
    public var simulatedTranslation: CGPoint = .zero
    public var simulatedVelocity: CGPoint = .zero
    open override var isContinuous: Bool { true }
    open func translation(in view: UIView?) -> CGPoint { simulatedTranslation }
    open func setTranslation(_ translation: CGPoint, in view: UIView?) { simulatedTranslation = translation }
    open func velocity(in view: UIView?) -> CGPoint { simulatedVelocity }
}

/// A swipe (UIKit's `UISwipeGestureRecognizer`).
@preconcurrency @MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// UIKit's `UISwipeGestureRecognizer.Direction`.
    public struct Direction: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }
    open var direction: Direction = .right
    open var numberOfTouchesRequired = 1
}

/// A pinch (UIKit's `UIPinchGestureRecognizer`): continuous; its scale is what the test sets.
@preconcurrency @MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    open var scale: CGFloat = 1
    open var velocity: CGFloat { 0 }
    open override var isContinuous: Bool { true }
}

/// A screen-edge drag (UIKit's `UIScreenEdgePanGestureRecognizer`).
@preconcurrency @MainActor
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    open var edges: UIRectEdge = []
}
