import Foundation
import ObjectiveC

extension NSObject {
    /// A publisher of a property's values (Foundation's `NSObject.KeyValueObservingPublisher`):
    /// read at the end of each run-loop turn of a simulator call, as `NSKeyValueObservation` is.
    public struct KeyValueObservingPublisher<Subject: NSObject, Value>: Publisher {
        public typealias Output = Value
        public typealias Failure = Never

        public let object: Subject
        public let keyPath: KeyPath<Subject, Value>
        public let options: NSKeyValueObservingOptions

        public init(object: Subject, keyPath: KeyPath<Subject, Value>, options: NSKeyValueObservingOptions) {
            self.object = object
            self.keyPath = keyPath
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
            let values = PassthroughSubject<Value, Never>()
            let holder = ObservationHolder()
            values.handleEvents(receiveCancel: { holder.observation?.invalidate() }).receive(subscriber: subscriber)
            // Apple's publisher reports new values; with `.initial`, the current one first.
            holder.observation = object.observe(keyPath, options: options.union(.new)) { _, change in
                if let value = change.newValue { values.send(value) }
            }
        }
    }
}

/// The observation a publisher's subscription keeps alive.
private final class ObservationHolder: @unchecked Sendable {
    // Unchecked: set once at subscription, read when it is cancelled, both on the subscriber's thread.
    var observation: NSKeyValueObservation?
}

extension _KeyValueCodingAndObserving where Self: NSObject {
    /// Publishes `keyPath`'s values: the current one first unless `options` leaves out `.initial`.
    public func publisher<Value>(
        for keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [.initial, .new]
    ) -> NSObject.KeyValueObservingPublisher<Self, Value> {
        NSObject.KeyValueObservingPublisher(object: self, keyPath: keyPath, options: options)
    }
}
