/// A publisher with its type erased, as Combine's `AnyPublisher`.
public struct AnyPublisher<Output, Failure: Error>: Publisher, CustomStringConvertible {
    private let subscribe: (AnySubscriber<Output, Failure>) -> Void
    public let description: String

    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        if let erased = publisher as? AnyPublisher<Output, Failure> {
            self = erased
            return
        }
        self.subscribe = { publisher.receive(subscriber: $0) }
        self.description = "AnyPublisher"
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscribe(AnySubscriber(subscriber))
    }
}

extension Publisher {
    /// This publisher with its type erased.
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher(self) }
}

/// A subscriber with its type erased, as Combine's `AnySubscriber`.
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible {
    public let combineIdentifier: CombineIdentifier
    private let receiveSubscription: ((any Subscription) -> Void)?
    private let receiveValue: ((Input) -> Subscribers.Demand)?
    private let receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
    public var description: String { "AnySubscriber" }

    public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
        if let erased = subscriber as? AnySubscriber<Input, Failure> {
            self = erased
            return
        }
        combineIdentifier = subscriber.combineIdentifier
        receiveSubscription = subscriber.receive(subscription:)
        receiveValue = subscriber.receive(_:)
        receiveCompletion = subscriber.receive(completion:)
    }

    public init(
        receiveSubscription: ((any Subscription) -> Void)? = nil, receiveValue: ((Input) -> Subscribers.Demand)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
    ) {
        combineIdentifier = CombineIdentifier()
        self.receiveSubscription = receiveSubscription
        self.receiveValue = receiveValue
        self.receiveCompletion = receiveCompletion
    }

    /// A subscriber that forwards to `subject`.
    public init<S: Subject>(_ subject: S) where S.Output == Input, S.Failure == Failure {
        self.init(
            receiveSubscription: { subject.send(subscription: $0) },
            receiveValue: {
                subject.send($0)
                return .none
            }, receiveCompletion: { subject.send(completion: $0) })
    }

    public func receive(subscription: any Subscription) { receiveSubscription?(subscription) }
    public func receive(_ input: Input) -> Subscribers.Demand { receiveValue?(input) ?? .none }
    public func receive(completion: Subscribers.Completion<Failure>) { receiveCompletion?(completion) }
}
