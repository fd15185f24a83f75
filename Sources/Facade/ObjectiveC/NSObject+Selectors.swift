import Foundation
import VirtualRunLoop

extension NSObject {
    /// Whether the object has the method `selector` calls (Objective-C's `respondsToSelector:`):
    /// true when the selector carries a method of this object's class or a superclass. A selector
    /// made from a string alone names no method Linux can find, so the answer is false.
    public func responds(to selector: Selector?) -> Bool {
        guard let selector else { return false }
        return selector.canBeSent(to: self)
    }

    /// Sends `selector` to the object with `argument` after `delay` seconds, on the main run loop:
    /// on the simulator's clock during a simulator call.
    public func perform(_ selector: Selector, with argument: Any?, afterDelay delay: TimeInterval) {
        // The object and argument are kept until the block runs on the main queue, as
        // Objective-C retains them; they are only touched there.
        let call = UncheckedCall { [self] in _ = perform(selector, with: argument) }
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { call.run() }
    }

    /// Sends `selector` to the object at once, with `argument` if the method takes one.
    @discardableResult
    public func perform(_ selector: Selector, with argument: Any? = nil) -> Any? {
        let delivery = selector.send(to: self, from: argument)
        AppClock.noteAction(
            "perform '\(selector.name)' on \(type(of: self))", failure: selector.failure(delivery, target: self, sender: argument)
        )
        return nil
    }
}
