import Foundation
import VirtualRunLoop

/// An object that takes part in the responder chain (UIKit's `UIResponder`): views, view
/// controllers, the application. Target–action with a nil target goes up this chain to the first
/// responder whose class has the action's method; first-responder status is kept per window.
@preconcurrency @MainActor
open class UIResponder: NSObject {
    public override init() { super.init() }

    /// The next responder: a view's view controller or superview, a controller's view's superview
    /// or its parent, the window's application.
    open var next: UIResponder? { nil }

    /// The responder that has the keyboard, if any.
    nonisolated(unsafe) static weak var current: UIResponder?

    open var canBecomeFirstResponder: Bool { false }
    open var canResignFirstResponder: Bool { true }
    open var isFirstResponder: Bool { UIResponder.current === self }

    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder else { return false }
        if let current = UIResponder.current, current !== self, !current.resignFirstResponder() { return false }
        UIResponder.current = self
        return true
    }

    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if UIResponder.current === self { UIResponder.current = nil }
        return true
    }

    /// The responder's Handoff activity; kept, never published.
    open var userActivity: NSUserActivity?
    open func updateUserActivityState(_ activity: NSUserActivity) {}
    open func restoreUserActivityState(_ activity: NSUserActivity) {}
    /// The keyboard's language while the responder edits (none for a responder that does not).
    open var textInputMode: UITextInputMode? { nil }

    open var inputView: UIView? { nil }
    open var inputAccessoryView: UIView? { nil }
    open var keyCommands: [UIKeyCommand]? { nil }

    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}

    /// Whether the responder can perform `action` (UIKit asks before a menu shows it): true when
    /// the selector carries a method of this responder's class.
    open func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool { action.canBeSent(to: self) }

    /// The responder that takes `action`: this one if it can perform it, else the next's.
    open func target(forAction action: Selector, withSender sender: Any?) -> Any? {
        canPerformAction(action, withSender: sender) ? self : next?.target(forAction: action, withSender: sender)
    }
}

/// A touch (UIKit's `UITouch`). scrollsim's gestures do not make touches; the type exists so that
/// responders' touch methods compile.
@preconcurrency @MainActor
open class UITouch: NSObject {
    open var view: UIView?
    open var tapCount = 1
    open func location(in view: UIView?) -> CGPoint { .zero }
}

/// An event (UIKit's `UIEvent`): what a target–action method that takes one is sent.
@preconcurrency @MainActor
open class UIEvent: NSObject {
    public enum EventType: Int, Sendable { case touches = 0, motion, remoteControl, presses }
    open var type: EventType { .touches }
    open var timestamp: TimeInterval { 0 }
    open var allTouches: Set<UITouch>? { nil }
}

/// A keyboard shortcut (UIKit's `UIKeyCommand`): stored.
@preconcurrency @MainActor
open class UIKeyCommand: NSObject {
    open var input: String?
    open var action: Selector?
    open var title = ""
    public init(input: String, modifierFlags: UIKeyModifierFlags = [], action: Selector) {
        self.input = input
        self.action = action
        super.init()
    }
    public init(title: String, action: Selector, input: String, modifierFlags: UIKeyModifierFlags = []) {
        self.title = title
        self.input = input
        self.action = action
        super.init()
    }
}

/// A key command's modifier keys (UIKit's `UIKeyModifierFlags`).
public struct UIKeyModifierFlags: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let alphaShift = UIKeyModifierFlags(rawValue: 1 << 16)
    public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
    public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
    public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
    public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
}
