import Foundation
import Combine
import ObjectiveC
import ScrollSimUIKit
import Synchronization
import Testing

/// A target–action target, as app code writes one (the translation makes its selectors).
private class Inbox: NSObject {
    var received: [String] = []
    func refresh() { received.append("refresh") }
    func refresh(_ sender: UIRefreshControl) { received.append("refresh from \(type(of: sender))") }
    func tapped(_ sender: Any, event: UIEvent?) { received.append("tapped event \(event == nil ? "nil" : "set")") }
    func keyboard(_ notification: Notification) { received.append("keyboard \(notification.name.rawValue)") }
}

private final class SpecialInbox: Inbox {
    override func refresh() { received.append("special refresh") }
}

@Suite("Selectors that carry their method (the ObjectiveC module)")
@MainActor
struct SelectorTests {
    @Test("a selector sends its method to a target of its class or a subclass, overrides included")
    func sending() {
        let selector = Selector("refresh", sending: Inbox.refresh as (Inbox) -> () -> Void)
        let inbox = Inbox()
        #expect(selector.send(to: inbox, from: nil) == .sent)
        let special = SpecialInbox()
        #expect(selector.send(to: special, from: nil) == .sent)
        #expect(inbox.received == ["refresh"])
        #expect(special.received == ["special refresh"])
        #expect(selector.canBeSent(to: special))
        #expect(!selector.canBeSent(to: NSObject()))
        #expect(selector.send(to: NSObject(), from: nil) == .targetLacksMethod)
    }

    @Test("the sender is passed as the method's parameter type; a missing event is nil for an optional one")
    func arguments() {
        let inbox = Inbox()
        let refresh = Selector("refresh:", sending: Inbox.refresh(_:) as (Inbox) -> (UIRefreshControl) -> Void)
        #expect(refresh.send(to: inbox, from: UIRefreshControl()) == .sent)
        #expect(refresh.send(to: inbox, from: UIButton()) == .argumentMismatch)
        let tapped = Selector("tapped:event:", sending: Inbox.tapped(_:event:))
        #expect(tapped.send(to: inbox, from: UIButton()) == .sent)
        #expect(inbox.received == ["refresh from UIRefreshControl", "tapped event nil"])
        let failure = refresh.failure(.argumentMismatch, target: inbox, sender: UIButton())
        #expect(failure == "the action 'refresh:' of Inbox takes (UIRefreshControl) and was sent a UIButton")
    }

    @Test("a selector made from a string names a method and cannot be sent; equality is by name")
    func names() {
        let named: Selector = "refresh"
        #expect(named.send(to: Inbox(), from: nil) == .nameOnly)
        #expect(!named.isSendable)
        #expect(named == Selector("refresh", sending: Inbox.refresh as (Inbox) -> () -> Void))
        #expect(NSStringFromSelector(NSSelectorFromString("a:b:")) == "a:b:")
        #expect(named.failure(.nameOnly, target: nil, sender: nil)?.contains("scrollsim-prepare") == true)
    }

    @Test("a bound selector calls its own object's method whatever the target")
    func bound() {
        let inbox = Inbox()
        let selector = Selector("refresh", bound: inbox.refresh as () -> Void)
        #expect(selector.send(to: NSObject(), from: nil) == .sent)
        #expect(inbox.received == ["refresh"])
    }

    @Test("a method target–action cannot call is a name (a result)")
    func fallback() {
        final class Counter { func next() -> Int { 1 } }
        let selector = Selector("next", sending: Counter.next)
        #expect(!selector.isSendable)
    }

    @Test("responds(to:) answers for a selector's class")
    func responds() {
        let selector = Selector("refresh", sending: Inbox.refresh as (Inbox) -> () -> Void)
        #expect(SpecialInbox().responds(to: selector))
        #expect(!NSObject().responds(to: selector))
        #expect(!Inbox().responds(to: "refresh"))
    }

    @Test("a selector-based observer hears notifications until removed or gone")
    func notificationObservers() {
        let center = NotificationCenter()
        let name = Notification.Name("KeyboardWillShow")
        let inbox = Inbox()
        center.addObserver(inbox, selector: Selector("keyboard:", sending: Inbox.keyboard(_:)), name: name, object: nil)
        center.post(name: name, object: nil)
        #expect(inbox.received == ["keyboard KeyboardWillShow"])
        center.removeObserver(inbox, selectorsFor: name)
        center.post(name: name, object: nil)
        #expect(inbox.received.count == 1)
        center.addObserver(inbox, selector: Selector("keyboard:", sending: Inbox.keyboard(_:)), name: name, object: nil)
        center.removeObserver(inbox)  // as app code writes it in deinit
        center.post(name: name, object: nil)
        #expect(inbox.received.count == 1)
        let heard = Mutex(0)
        let token = center.addObserver(forName: name, object: nil, queue: nil) { _ in heard.withLock { $0 += 1 } }
        center.removeObserver(token)
        center.post(name: name, object: nil)
        #expect(heard.withLock { $0 } == 0)

        var transient: Inbox? = Inbox()
        weak var gone = transient
        center.addObserver(transient!, selector: Selector("keyboard:", sending: Inbox.keyboard(_:)), name: name, object: nil)
        transient = nil
        #expect(gone == nil)
        center.post(name: name, object: nil)  // nothing to deliver to, and no crash
    }

    @Test("associated objects: kept per object and key, removed by nil or all at once")
    func associatedObjects() {
        nonisolated(unsafe) var first: UInt8 = 0
        nonisolated(unsafe) var second: UInt8 = 0
        let view = UIView()
        let other = UIView()
        objc_setAssociatedObject(view, &first, "one", .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        objc_setAssociatedObject(view, &second, 2, .OBJC_ASSOCIATION_COPY)
        #expect(objc_getAssociatedObject(view, &first) as? String == "one")
        #expect(objc_getAssociatedObject(view, &second) as? Int == 2)
        #expect(objc_getAssociatedObject(other, &first) == nil)
        objc_setAssociatedObject(view, &first, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        #expect(objc_getAssociatedObject(view, &first) == nil)
        objc_removeAssociatedObjects(view)
        #expect(objc_getAssociatedObject(view, &second) == nil)
    }

    @Test("an object made where a dead one was never sees the dead one's values")
    func deadOwners() {
        nonisolated(unsafe) var key: UInt8 = 0
        for round in 0..<200 {
            let object = NSObject()
            #expect(objc_getAssociatedObject(object, &key) == nil, "round \(round)")
            objc_setAssociatedObject(object, &key, round, .OBJC_ASSOCIATION_RETAIN)
        }
    }
}

/// A model with observed properties, as app code writes one.
private final class Player: NSObject {
    var position: CGPoint = .zero
    var title = "A"
}

@Suite("Key-value observing, read at the end of each turn of a simulator call")
@MainActor
struct KeyValueObservingTests {
    @Test("observe reports the initial value and each change seen at the end of a turn")
    func observe() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        let player = Player()
        var seen: [CGPoint] = []
        var token: NSKeyValueObservation? = player.observe(\.position, options: [.initial, .new]) { _, change in
            seen.append(change.newValue ?? CGPoint(x: -1, y: -1))
        }
        try simulator.perform { player.position = CGPoint(x: 1, y: 2) }
        try simulator.perform { player.position = CGPoint(x: 1, y: 2) }  // the same value: no change
        try simulator.perform {
            player.position = CGPoint(x: 3, y: 3)
            player.position = CGPoint(x: 0, y: 0)  // undone within the turn: unseen
        }
        #expect(seen == [.zero, CGPoint(x: 1, y: 2), .zero])
        token?.invalidate()
        token = nil
        try simulator.perform { player.position = CGPoint(x: 9, y: 9) }
        #expect(seen.count == 3)
    }

    @Test("a Combine publisher(for:) publishes the current value, then changes")
    func publisher() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        let player = Player()
        var titles: [String] = []
        let subscription = player.publisher(for: \.title).sink { titles.append($0) }
        try simulator.perform { player.title = "B" }
        #expect(titles == ["A", "B"])
        subscription.cancel()
        try simulator.perform { player.title = "C" }
        #expect(titles == ["A", "B"])
    }

    @Test("class_getProperty finds no Objective-C property")
    func properties() {
        #expect(class_getProperty(Player.self, "title") == nil)
    }
}
