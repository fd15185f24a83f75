import Foundation

/// A control (UIKit's `UIControl`): actions for events. `UIAction`s run when events are sent;
/// target–action pairs (`addTarget(_:action:for:)` with a `Selector`) are stored but cannot be
/// called — there is no Objective-C runtime to send a selector — and are listed in
/// `targetActions`.
@preconcurrency @MainActor
open class UIControl: UIView {
    public struct Event: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// The states a control title or image is set for (UIKit's `UIControl.State`).
    public struct State: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }

    open var isEnabled = true
    open var isSelected = false
    open var isHighlighted = false
    open var contentHorizontalAlignment = 0
    private var actions: [(UIAction, Event)] = []
    /// The target–action pairs added, in order: stored, never called (no selectors on Linux).
    public private(set) var targetActions: [(target: AnyObject?, action: Selector, events: Event)] = []

    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    open func addAction(_ action: UIAction, for controlEvents: Event) { actions.append((action, controlEvents)) }
    open func removeAction(_ action: UIAction, for controlEvents: Event) { actions.removeAll { $0.0 === action } }

    /// Stores a target–action pair; `sendActions(for:)` cannot call it (no selectors on Linux).
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        targetActions.append((target as AnyObject?, action, controlEvents))
    }
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        targetActions.removeAll { $0.target === (target as AnyObject?) && (action == nil || $0.action == action) }
    }

    /// Runs the `UIAction`s registered for the events (a simulated tap or value change);
    /// target–action pairs are not called (see the class's note).
    open func sendActions(for controlEvents: Event) {
        for (action, events) in actions where !events.isDisjoint(with: controlEvents) {
            action.sender = self
            action.handler(action)
        }
    }
}

/// A method name for target–action (Objective-C's `SEL`): on Linux a stored name only. Write
/// `Selector("done")` where iOS code writes `#selector(done)`.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }
    public init(stringLiteral name: String) { self.name = name }
    public var description: String { name }
}
