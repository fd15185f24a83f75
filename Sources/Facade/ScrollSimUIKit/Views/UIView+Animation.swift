import Foundation

extension UIView {
    /// How an animation runs (UIKit's `UIView.AnimationOptions`); stored, nothing animates.
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 8)
    }

    /// The animations run at once and the completion right after: nothing is drawn, so there is
    /// nothing to animate and the end state is all that matters to the layout.
    public static func animate(withDuration duration: TimeInterval, animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        animations()
        completion?(true)
    }

    public static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [], animations: () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, animations: animations, completion: completion)
    }

    public static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [], animations: () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, animations: animations, completion: completion)
    }

    public static func transition(
        with view: UIView, duration: TimeInterval, options: AnimationOptions = [], animations: (() -> Void)?,
        completion: ((Bool) -> Void)? = nil
    ) {
        animations?()
        completion?(true)
    }

    public static func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [], animations: () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, animations: animations, completion: completion)
    }

    public static func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration: Double, animations: () -> Void)
    {
        animations()
    }

    public static func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) { actionsWithoutAnimation() }

    public static var areAnimationsEnabled: Bool { true }
    public static func setAnimationsEnabled(_ enabled: Bool) {}

    /// The fitting sizes `systemLayoutSizeFitting` is asked for (UIKit's
    /// `UIView.layoutFittingCompressedSize`, `layoutFittingExpandedSize`).
    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    public static let layoutFittingExpandedSize = CGSize(width: 10_000, height: 10_000)
    /// A size component that asks for the intrinsic size (UIKit's `UIView.noIntrinsicMetric`).
    public static let noIntrinsicMetric: CGFloat = -1
}

/// A property animator (UIKit's `UIViewPropertyAnimator`): `startAnimation` runs the animations
/// and the completions at once.
@preconcurrency @MainActor
open class UIViewPropertyAnimator {
    /// Where an animation ended (UIKit's `UIViewAnimatingPosition`).
    public enum Position: Int, Sendable { case end = 0, start, current }

    private var animations: [() -> Void] = []
    private var completions: [(Position) -> Void] = []
    public let duration: TimeInterval
    open private(set) var isRunning = false
    open var fractionComplete: CGFloat = 0

    public init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.duration = duration
        if let animations { self.animations.append(animations) }
    }

    public init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.duration = duration
        if let animations { self.animations.append(animations) }
    }

    public static func runningPropertyAnimator(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Position) -> Void)? = nil
    ) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: duration, curve: .easeInOut, animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation()
        return animator
    }

    open func addAnimations(_ animation: @escaping () -> Void) { animations.append(animation) }
    open func addCompletion(_ completion: @escaping (Position) -> Void) { completions.append(completion) }

    open func startAnimation() {
        isRunning = true
        for animation in animations { animation() }
        animations = []
        fractionComplete = 1
        isRunning = false
        for completion in completions { completion(.end) }
        completions = []
    }

    open func startAnimation(afterDelay delay: TimeInterval) { startAnimation() }
    open func pauseAnimation() {}
    open func stopAnimation(_ withoutFinishing: Bool) { animations = [] }
    open func finishAnimation(at finalPosition: Position) { for completion in completions { completion(finalPosition) } }
}

extension UIView {
    /// An animation's timing curve (UIKit's `UIView.AnimationCurve`).
    public enum AnimationCurve: Int, Sendable { case easeInOut = 0, easeIn, easeOut, linear }
}
