import Foundation

/// A control (UIKit's `UIControl`): actions for events. When events are sent, its `UIAction`s run,
/// then its target–action pairs (`addTarget(_:action:for:)`) are sent through
/// `UIApplication.sendAction(_:to:from:for:)`, a nil target going up the responder chain. A
/// selector made by `#selector` through `scrollsim-prepare` carries its method; one made from a
/// string cannot be sent on Linux, and the simulator's warnings say so.
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
    /// The target–action pairs added, in order; targets are held weakly, as UIKit holds them.
    public private(set) var targetActions: [TargetAction] = []

    /// A target–action pair and the events it is sent for.
    public struct TargetAction {
        public private(set) weak var target: AnyObject?
        /// Whether the pair was added with a nil target (its action goes up the responder chain).
        public let targetsResponderChain: Bool
        public let action: Selector
        public let events: Event
    }

    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    open func addAction(_ action: UIAction, for controlEvents: Event) { actions.append((action, controlEvents)) }
    open func removeAction(_ action: UIAction, for controlEvents: Event) { actions.removeAll { $0.0 === action } }

    /// Adds a target–action pair for the events (a pair already added is not added twice).
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        let object = target.map { $0 as AnyObject }
        guard !targetActions.contains(where: { $0.target === object && $0.action == action && $0.events == controlEvents })
        else { return }
        targetActions.append(
            TargetAction(target: object, targetsResponderChain: object == nil, action: action, events: controlEvents))
    }

    /// Removes the pairs of `target` (all targets when nil) for `action` (all when nil) and the events.
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        let object = target.map { $0 as AnyObject }
        targetActions.removeAll { pair in
            (object == nil || pair.target === object) && (action == nil || pair.action == action)
                && !pair.events.isDisjoint(with: controlEvents)
        }
    }

    /// The targets of the control's target–action pairs (a nil target as `NSNull`, as UIKit lists it).
    open var allTargets: Set<AnyHashable> {
        Set(
            targetActions.compactMap { pair in
                pair.targetsResponderChain ? AnyHashable(NSNull()) : pair.target.map { AnyHashable(ObjectIdentifier($0)) }
            })
    }

    /// The events the control has actions for.
    open var allControlEvents: Event {
        (actions.map(\.1) + targetActions.map(\.events)).reduce(into: Event()) { $0.formUnion($1) }
    }

    /// The names of the actions sent to `target` for `controlEvent`, or nil.
    open func actions(forTarget target: Any?, forControlEvent controlEvent: Event) -> [String]? {
        let object = target.map { $0 as AnyObject }
        let names = targetActions.filter { $0.target === object && !$0.events.isDisjoint(with: controlEvent) }.map(\.action.name)
        return names.isEmpty ? nil : names
    }

    /// Runs the `UIAction`s registered for the events (a simulated tap or value change), then
    /// sends the target–action pairs registered for them, in the order they were added.
    open func sendActions(for controlEvents: Event) {
        for (action, events) in actions where !events.isDisjoint(with: controlEvents) {
            action.sender = self
            action.handler(action)
        }
        for pair in targetActions where !pair.events.isDisjoint(with: controlEvents) {
            // A pair whose target is gone is skipped, as UIKit's weak target leaves it.
            guard pair.targetsResponderChain || pair.target != nil else { continue }
            sendAction(pair.action, to: pair.target, for: nil)
        }
    }

    /// Sends `action` to `target` (up the responder chain from the control when nil) through the
    /// application, as UIKit does.
    open func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
        UIApplication.shared.sendAction(action, to: target, from: self, for: event)
    }
}
