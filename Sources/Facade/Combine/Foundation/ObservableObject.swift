/// An object that announces its changes before they happen, as Combine's `ObservableObject`.
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
    where ObjectWillChangePublisher.Failure == Never
    /// Fires before any `@Published` property changes.
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// The publisher every `@Published` property of this object (its class's and its
    /// superclasses') fires before it changes: found by reflection the first time it is asked for.
    public var objectWillChange: ObservableObjectPublisher {
        var properties: [PublishedProperty] = []
        var mirror: Mirror? = Mirror(reflecting: self)
        while let current = mirror {
            properties += current.children.compactMap { $0.value as? PublishedProperty }
            mirror = current.superclassMirror
        }
        guard let first = properties.first else { return ObjectWillChangeTable.publisher(for: self) }
        let publisher = first.willChange.withLock { link in
            if let link { return link }
            let made = ObservableObjectPublisher()
            link = made
            return made
        }
        for property in properties.dropFirst() { property.willChange.withLock { $0 = publisher } }
        return publisher
    }
}

/// The `objectWillChange` of objects that have no `@Published` property, kept while they live.
private enum ObjectWillChangeTable {
    private struct Entry {
        weak var object: AnyObject?
        let publisher: ObservableObjectPublisher
    }

    private static let entries = Protected<[ObjectIdentifier: Entry]>([:])

    static func publisher(for object: AnyObject) -> ObservableObjectPublisher {
        entries.withLock { entries in
            if let entry = entries[ObjectIdentifier(object)], entry.object === object { return entry.publisher }
            entries = entries.filter { $0.value.object != nil }
            let publisher = ObservableObjectPublisher()
            entries[ObjectIdentifier(object)] = Entry(object: object, publisher: publisher)
            return publisher
        }
    }
}

/// The publisher `objectWillChange` gives by default, as Combine's `ObservableObjectPublisher`.
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
    // Unchecked: the subject is thread-safe.
    public typealias Output = Void
    public typealias Failure = Never
    private let subject = PassthroughSubject<Void, Never>()

    public init() {}

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
        subject.receive(subscriber: subscriber)
    }

    /// Announces a change.
    public func send() { subject.send() }
}
