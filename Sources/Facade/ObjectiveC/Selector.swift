/// A method name for target–action (Objective-C's `SEL`), and on Linux the way to call it.
///
/// Linux has no Objective-C runtime to look a method up by name, so a selector that is to be sent
/// carries the method itself. `scrollsim-prepare` (docs/uikit-swift.md, "Objective-C-free
/// sources") translates `#selector(refresh(_:))` in a class `FeedViewController` into
/// `Selector("refresh:", sending: FeedViewController.refresh(_:))`: the Objective-C name, for
/// equality and messages, and the unapplied method, which `send(to:from:event:)` calls on a target
/// of that class (overrides included, as a message send would). A selector made from a string
/// alone (`Selector("refresh:")`, `NSSelectorFromString`) names a method and cannot be sent.
///
/// Selectors are equal when their names are, as `SEL`s are.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The Objective-C name: `refresh:`, `tableView:didSelectRowAtIndexPath:`.
    public let name: String
    /// Calls the method on a target, or nil for a name alone.
    let method: Method?

    /// A selector naming a method, which cannot be sent (`Selector("done")`).
    public init(_ name: String) {
        self.name = name
        self.method = nil
    }

    public init(stringLiteral name: String) { self.init(name) }

    /// A selector for a method that takes no argument (`@objc func done()`).
    public init<Target: AnyObject>(_ name: String, sending method: @escaping (Target) -> () -> Void) {
        self.name = name
        self.method = Method(targetType: Target.self, parameterTypes: []) { target, _, _ in
            guard let target = target as? Target else { return .targetLacksMethod }
            method(target)()
            return .sent
        }
    }

    /// A selector for a method that takes the sender (`@objc func refresh(_ sender: UIRefreshControl)`)
    /// or the notification (`@objc func keyboardWillShow(_ notification: Notification)`).
    public init<Target: AnyObject, Sender>(_ name: String, sending method: @escaping (Target) -> (Sender) -> Void) {
        self.name = name
        self.method = Method(targetType: Target.self, parameterTypes: [Sender.self]) { target, sender, _ in
            guard let target = target as? Target else { return .targetLacksMethod }
            guard let sender = Self.cast(sender, to: Sender.self) else { return .argumentMismatch }
            method(target)(sender)
            return .sent
        }
    }

    /// A selector for a method that takes the sender and the event
    /// (`@objc func tapped(_ sender: UIButton, forEvent event: UIEvent)`).
    public init<Target: AnyObject, Sender, Event>(
        _ name: String, sending method: @escaping (Target) -> (Sender, Event) -> Void
    ) {
        self.name = name
        self.method = Method(targetType: Target.self, parameterTypes: [Sender.self, Event.self]) { target, sender, event in
            guard let target = target as? Target else { return .targetLacksMethod }
            guard let sender = Self.cast(sender, to: Sender.self), let event = Self.cast(event, to: Event.self) else {
                return .argumentMismatch
            }
            method(target)(sender, event)
            return .sent
        }
    }

    /// A selector for one object's method (`#selector(viewModel.refresh)` becomes
    /// `Selector("refresh", bound: viewModel.refresh)`): whatever target it is sent to, that
    /// object's method runs (Swift holds the object from then on).
    public init(_ name: String, bound method: @escaping () -> Void) {
        self.name = name
        self.method = Method(targetType: nil, parameterTypes: []) { _, _, _ in
            method()
            return .sent
        }
    }

    /// A selector for one object's method that takes the sender.
    public init<Sender>(_ name: String, bound method: @escaping (Sender) -> Void) {
        self.name = name
        self.method = Method(targetType: nil, parameterTypes: [Sender.self]) { _, sender, _ in
            guard let sender = Self.cast(sender, to: Sender.self) else { return .argumentMismatch }
            method(sender)
            return .sent
        }
    }

    /// A selector for one object's method of a shape target–action cannot call: a name only.
    @_disfavoredOverload
    public init<Reference>(_ name: String, bound reference: Reference) {
        self.init(name)
    }

    /// A selector for a method whose shape target–action cannot call (a result, three or more
    /// arguments): it names the method and cannot be sent, as `Selector(_:)`. The translation
    /// uses it as a fallback, so such a `#selector` still compiles.
    @_disfavoredOverload
    public init<Reference>(_ name: String, sending reference: Reference) {
        self.init(name)
    }

    /// Whether the selector carries its method (it was made by `#selector` through the translation).
    public var isSendable: Bool { method != nil }

    /// The class whose method the selector calls, if it carries one.
    public var targetType: AnyObject.Type? { method?.targetType }

    /// Whether `send(to:…)` would find the method on `target`: the target is of the class that
    /// declares it, or a subclass (`responds(to:)`).
    public func canBeSent(to target: AnyObject) -> Bool {
        guard let method else { return false }
        guard let targetType = method.targetType else { return true }
        return isInstance(target, of: targetType)
    }

    private func isInstance(_ target: AnyObject, of type: AnyObject.Type) -> Bool {
        var current: AnyClass? = Swift.type(of: target)
        while let candidate = current {
            if candidate == type { return true }
            current = _getSuperclass(candidate)
        }
        return false
    }

    public var description: String { name }

    public static func == (lhs: Selector, rhs: Selector) -> Bool { lhs.name == rhs.name }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// An argument as the method's parameter type: the value itself, or, when there is none, nil
    /// for an optional parameter (an event parameter sent no event).
    static func cast<Parameter>(_ value: Any?, to type: Parameter.Type) -> Parameter? {
        if let value { return value as? Parameter }
        let nothing: Any? = nil
        return nothing as? Parameter
    }
}

extension Selector {
    /// The method a sendable selector calls, with what it needs to be called.
    struct Method: @unchecked Sendable {
        // Unchecked: the closure holds an unapplied method reference, which is immutable; the
        // method runs on the thread that sends (UIKit's main thread), as a message send does.
        /// The class whose method it calls, or nil for a method bound to its object.
        let targetType: AnyObject.Type?
        let parameterTypes: [Any.Type]
        let call: (AnyObject, Any?, Any?) -> Selector.Delivery
    }
}

/// `NSSelectorFromString`: a selector naming a method, which cannot be sent on Linux.
public func NSSelectorFromString(_ name: String) -> Selector { Selector(name) }

/// `NSStringFromSelector`: the selector's Objective-C name.
public func NSStringFromSelector(_ selector: Selector) -> String { selector.name }
