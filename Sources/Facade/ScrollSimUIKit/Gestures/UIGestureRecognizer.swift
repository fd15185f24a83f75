import Foundation

/// A gesture recognizer (UIKit's `UIGestureRecognizer`). There are no touches on Linux: a test
/// makes a recognizer recognize with `ScrollSimulator.recognize(_:)`, which moves it through its
/// states as UIKit would and sends its target–action pairs (through
/// `UIApplication.sendAction`, so each send is logged and one that cannot run is a warning).
@preconcurrency @MainActor
open class UIGestureRecognizer: NSObject {
    /// UIKit's `UIGestureRecognizer.State`.
    public enum State: Int, Sendable {
        case possible = 0, began, changed, ended, cancelled, failed
        public static let recognized = State.ended
    }

    private struct Pair {
        weak var target: AnyObject?
        let action: Selector
    }

    private var pairs: [Pair] = []
    open internal(set) var state: State = .possible
    open internal(set) weak var view: UIView?
    open var isEnabled = true
    open weak var delegate: UIGestureRecognizerDelegate?
    open var cancelsTouchesInView = true
    open var delaysTouchesBegan = false
    open var delaysTouchesEnded = true
    open var requiresExclusiveTouchType = true
    open var name: String?
    /// The recognizers this one waits for (`require(toFail:)`); stored.
    public private(set) var failureRequirements: [UIGestureRecognizer] = []
    /// Where the simulated gesture happens, in the view's coordinates (its centre unless a test sets it).
    public var simulatedLocation: CGPoint?

    public init(target: Any?, action: Selector?) {
        super.init()
        if let target, let action { addTarget(target, action: action) }
    }

    public override convenience init() { self.init(target: nil, action: nil) }

    open func addTarget(_ target: Any, action: Selector) {
        pairs.append(Pair(target: target as AnyObject, action: action))
    }

    open func removeTarget(_ target: Any?, action: Selector?) {
        let object = target.map { $0 as AnyObject }
        pairs.removeAll { (object == nil || $0.target === object) && (action == nil || $0.action == action) }
    }

    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) { failureRequirements.append(otherGestureRecognizer) }

    open func location(in view: UIView?) -> CGPoint {
        let location = simulatedLocation ?? self.view.map { CGPoint(x: $0.bounds.midX, y: $0.bounds.midY) } ?? .zero
        guard let view, let own = self.view, view !== own else { return location }
        return own.convert(location, to: view)
    }

    open var numberOfTouches: Int { state == .possible || state == .failed ? 0 : 1 }
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint { location(in: view) }
    open func reset() {}

    /// Whether the recognizer is continuous (it goes through began and changed before ended).
    open var isContinuous: Bool { false }

    /// The states a recognized gesture passes through, each followed by the actions' sends.
    var recognitionStates: [State] { isContinuous ? [.began, .changed, .ended] : [.ended] }

    /// Recognizes a gesture: the delegate may refuse it (`gestureRecognizerShouldBegin`); else
    /// each state is set and the targets' actions are sent. Returns whether it was recognized.
    @discardableResult
    func simulateRecognition() -> Bool {
        guard isEnabled, view != nil, delegate?.gestureRecognizerShouldBegin(self) ?? true else {
            state = .failed
            state = .possible
            return false
        }
        for next in recognitionStates {
            state = next
            for pair in pairs {
                guard let target = pair.target else { continue }
                UIApplication.shared.sendAction(pair.action, to: target, from: self, for: nil)
            }
        }
        reset()
        state = .possible
        return true
    }
}

/// UIKit's `UIGestureRecognizerDelegate`: every method optional (defaults as UIKit's).
@preconcurrency @MainActor
public protocol UIGestureRecognizerDelegate: AnyObject {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
}
