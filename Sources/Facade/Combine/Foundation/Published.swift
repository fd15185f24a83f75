/// A property that publishes its changes, as Combine's `@Published`: `$property` is a publisher
/// that gives the current value on subscription, then each new value *before* the property
/// changes (in `willSet`, as Combine does); an `ObservableObject`'s `objectWillChange` fires
/// before that. Only for properties of classes.
@propertyWrapper
public struct Published<Value> {
    /// What `$property` gives: the property's values.
    public struct Publisher: Combine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never
        let storage: PublishedStorage<Value>

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
            storage.subject.receive(subscriber: subscriber)
        }
    }

    let storage: PublishedStorage<Value>

    public init(wrappedValue: Value) { storage = PublishedStorage(wrappedValue) }

    public init(initialValue: Value) { self.init(wrappedValue: initialValue) }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError("@Published is only available on properties of classes") }
        set { fatalError("@Published is only available on properties of classes") }
    }

    public var projectedValue: Publisher {
        mutating get { Publisher(storage: storage) }
        set {}
    }

    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf, wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].storage.value }
        set { object[keyPath: storageKeyPath].storage.set(newValue) }
    }
}

/// The state behind a `@Published` property: its value, the subject `$property` reads, the
/// owner's `objectWillChange` once someone asked for it, and what `assign(to:)` keeps alive.
final class PublishedStorage<Value>: @unchecked Sendable {
    // Unchecked: the value is read and written from the owner's isolation, as Combine's is;
    // the subject and the link are thread-safe.
    private(set) var value: Value
    let subject: CurrentValueSubject<Value, Never>
    let objectWillChange = Protected<ObservableObjectPublisher?>(nil)
    var assignment: AnyCancellable?

    init(_ value: Value) {
        self.value = value
        self.subject = CurrentValueSubject(value)
    }

    /// `objectWillChange`, then the new value to `$property`'s subscribers, then the change.
    func set(_ newValue: Value) {
        objectWillChange.withLock { $0 }?.send()
        subject.send(newValue)
        value = newValue
    }
}

/// A `@Published` property found by reflection, for `objectWillChange`.
protocol PublishedProperty {
    var willChange: Protected<ObservableObjectPublisher?> { get }
}

extension Published: PublishedProperty {
    var willChange: Protected<ObservableObjectPublisher?> { storage.objectWillChange }
}

extension Publisher where Failure == Never {
    /// Writes every value to a `@Published` property (`assign(to: &$property)`), for as long as
    /// that property exists.
    public func assign(to published: inout Published<Output>.Publisher) {
        let storage = published.storage
        storage.assignment = sink { [weak storage] in storage?.set($0) }
    }
}
