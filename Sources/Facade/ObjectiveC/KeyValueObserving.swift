import Foundation
import VirtualRunLoop

/// What an observation reports (Foundation's `NSKeyValueObservingOptions`).
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let new = NSKeyValueObservingOptions(rawValue: 1)
    public static let old = NSKeyValueObservingOptions(rawValue: 2)
    public static let initial = NSKeyValueObservingOptions(rawValue: 4)
    public static let prior = NSKeyValueObservingOptions(rawValue: 8)
}

/// A change an observation reports (`NSKeyValueObservedChange`).
public struct NSKeyValueObservedChange<Value> {
    public enum Kind: UInt, Sendable { case setting = 1, insertion, removal, replacement }
    public let kind: Kind
    public let newValue: Value?
    public let oldValue: Value?
    public let indexes: IndexSet?
    public let isPrior: Bool
}

/// An observation of a property (`NSKeyValueObservation`): it lasts until invalidated or released.
///
/// Linux has no Objective-C runtime to hook a property's setter, so an observation reads the
/// property at the end of every run-loop turn of a simulator call (after each frame and each piece
/// of app work, on the simulator's clock) and reports it when it changed: a change and its undoing
/// within one turn go unseen, and nothing is reported outside simulator calls.
public final class NSKeyValueObservation: @unchecked Sendable {
    // Unchecked: read and invalidated on the simulator's (main) thread, where turns end.
    private var turns: TurnObservation?

    init(read: @escaping () -> Any??, report: @escaping (_ old: Any?, _ new: Any?) -> Void, initial: Any?) {
        let poll = Poll(read: read, report: report, last: initial)
        turns = AppClock.observeTurns { poll.check() }
    }

    /// The observed property's last value, read again at each turn.
    private final class Poll: @unchecked Sendable {
        // Unchecked: checked only at the end of a turn, on the simulator's (main) thread.
        let read: () -> Any??
        let report: (Any?, Any?) -> Void
        var last: Any?
        var alive = true

        init(read: @escaping () -> Any??, report: @escaping (Any?, Any?) -> Void, last: Any?) {
            self.read = read
            self.report = report
            self.last = last
        }

        func check() {
            guard alive, let current = read() else {
                alive = false  // the object is gone
                return
            }
            guard !KeyValueChange.same(last, current) else { return }
            let old = last
            last = current
            report(old, current)
        }
    }

    public func invalidate() {
        turns?.cancel()
        turns = nil
    }

    deinit { turns?.cancel() }
}

/// Whether two observed values are the same: by equality where they are hashable, by identity
/// for objects, else by their printed form.
enum KeyValueChange {
    static func same(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (nil, _), (_, nil): return false
        case (let a?, let b?):
            if let a = a as? AnyHashable, let b = b as? AnyHashable { return a == b }
            if Mirror(reflecting: a).displayStyle == .class, Mirror(reflecting: b).displayStyle == .class {
                return (a as AnyObject) === (b as AnyObject)
            }
            return String(reflecting: a) == String(reflecting: b)
        }
    }
}

/// What key-value observing is added to (Foundation's `_KeyValueCodingAndObserving`).
public protocol _KeyValueCodingAndObserving {}

extension NSObject: _KeyValueCodingAndObserving {}

extension _KeyValueCodingAndObserving where Self: AnyObject {
    /// Observes `keyPath` (see `NSKeyValueObservation` for when changes are seen).
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        weak var object = self
        let read: () -> Any?? = { object.map { .some($0[keyPath: keyPath]) } }
        let current = self[keyPath: keyPath]
        if options.contains(.initial) {
            changeHandler(
                self,
                NSKeyValueObservedChange(
                    kind: .setting, newValue: options.contains(.new) ? current : nil, oldValue: nil, indexes: nil, isPrior: false)
            )
        }
        return NSKeyValueObservation(
            read: read,
            report: { old, new in
                guard let object else { return }
                changeHandler(
                    object,
                    NSKeyValueObservedChange(
                        kind: .setting, newValue: options.contains(.new) ? new as? Value : nil,
                        oldValue: options.contains(.old) ? old as? Value : nil, indexes: nil, isPrior: false))
            }, initial: current)
    }
}
