import Foundation
import Synchronization
import VirtualRunLoop

extension NotificationCenter {
    /// Sends `selector` to `observer` with each notification named `name` from `object` (any name,
    /// any object, when nil), as Foundation does on Apple platforms. The observer is held weakly:
    /// once it is gone it hears nothing more (as since iOS 9), and `removeObserver(_:selectors:)`
    /// stops it sooner.
    public func addObserver(_ observer: Any, selector: Selector, name: NSNotification.Name?, object: Any?) {
        let target = observer as AnyObject
        let token = SelectorObservers.Token()
        let reference = WeakReference(target)
        let observation = addObserver(forName: name, object: object, queue: nil) { [weak self] notification in
            guard let target = reference.object else {
                if let self { SelectorObservers.shared.drop(token, from: self) }
                return
            }
            let delivery = selector.send(to: target, from: notification)
            AppClock.noteAction(
                "notification \(notification.name.rawValue) sent '\(selector.name)' to \(type(of: target))",
                failure: selector.failure(delivery, target: target, sender: notification))
        }
        SelectorObservers.shared.add(token, observation: observation, observer: target, name: name, to: self)
    }

    /// Removes `observer`'s selector observations (all of them, or those for `name`), as
    /// Foundation does on Apple platforms; an observation token that `addObserver(forName:…)`
    /// returned is removed too. (Foundation's own `removeObserver(_:)` on Linux knows only its
    /// tokens.)
    public func removeObserver(_ observer: AnyObject, selectorsFor name: NSNotification.Name? = nil) {
        for observation in SelectorObservers.shared.remove(observer: observer, name: name, from: self) {
            removeObserver(observation as Any)  // Foundation's: `Any` is not this method's `AnyObject`
        }
        if name == nil { removeObserver(observer as Any) }
    }
}

/// The selector observations of every notification center, so they can be removed by observer.
final class SelectorObservers: Sendable {
    static let shared = SelectorObservers()

    final class Token: Sendable {}

    private struct Registration: @unchecked Sendable {
        // Unchecked: Foundation's observation token and the weak observer are only touched under
        // the mutex.
        let token: Token
        let observation: NSObjectProtocol
        weak var observer: AnyObject?
        let name: NSNotification.Name?
        let center: ObjectIdentifier
    }

    private let registrations = Mutex<[Registration]>([])

    func add(
        _ token: Token, observation: NSObjectProtocol, observer: AnyObject, name: NSNotification.Name?,
        to center: NotificationCenter
    ) {
        let registration = Registration(
            token: token, observation: observation, observer: observer, name: name, center: ObjectIdentifier(center))
        registrations.withLock { $0.append(registration) }
    }

    /// Drops a registration whose observer is gone.
    func drop(_ token: Token, from center: NotificationCenter) {
        let dropped = registrations.withLock { list -> NSObjectProtocol? in
            guard let index = list.firstIndex(where: { $0.token === token }) else { return nil }
            return list.remove(at: index).observation
        }
        if let dropped { center.removeObserver(dropped) }
    }

    /// Removes and returns `observer`'s observations on `center` (for `name`, or all).
    func remove(observer: AnyObject, name: NSNotification.Name?, from center: NotificationCenter) -> [NSObjectProtocol] {
        registrations.withLock { list in
            let matches = { (registration: Registration) in
                registration.center == ObjectIdentifier(center) && registration.observer === observer
                    && (name == nil || registration.name == name)
            }
            let removed = list.filter(matches).map(\.observation)
            list.removeAll(where: matches)
            return removed
        }
    }
}
