/// Delivers a sequence's elements as they are asked for, then finishes: the subscription of
/// `Just`, `Publishers.Sequence` and `Future`'s late subscribers.
final class SequenceSubscription<Elements: Sequence, Downstream: Subscriber>: Subscription, CustomStringConvertible
where Downstream.Input == Elements.Element {
    private struct State {
        var iterator: Elements.Iterator
        var next: Elements.Element?
        var demand = Subscribers.Demand.none
        var isDone = false
        var isDelivering = false
    }

    let description: String
    private let downstream: Downstream
    private let state: Protected<State>

    init(_ name: String, elements: Elements, downstream: Downstream) {
        var iterator = elements.makeIterator()
        let first = iterator.next()
        self.description = name
        self.downstream = downstream
        self.state = Protected(State(iterator: iterator, next: first))
    }

    /// Whether nothing is left to deliver (an empty sequence finishes without waiting for demand).
    var isEmpty: Bool { state.withLock { $0.next == nil } }

    /// Finishes an empty sequence at once.
    func finishIfEmpty() {
        let finish = state.withLock { state -> Bool in
            guard state.next == nil, !state.isDone else { return false }
            state.isDone = true
            return true
        }
        if finish { downstream.receive(completion: .finished) }
    }

    func request(_ demand: Subscribers.Demand) {
        // A request made from inside `receive(_:)` only adds to the demand the loop below serves.
        let starts = state.withLock { state -> Bool in
            state.demand += demand
            guard !state.isDelivering, !state.isDone else { return false }
            state.isDelivering = true
            return true
        }
        guard starts else { return }
        while true {
            let step = state.withLock { state -> (value: Elements.Element?, finished: Bool) in
                guard !state.isDone else {
                    state.isDelivering = false
                    return (nil, false)
                }
                guard let value = state.next else {
                    state.isDone = true
                    return (nil, true)
                }
                guard state.demand > 0 else {
                    state.isDelivering = false
                    return (nil, false)
                }
                state.demand -= 1
                state.next = state.iterator.next()
                return (value, false)
            }
            if step.finished { return downstream.receive(completion: .finished) }
            guard let value = step.value else { return }
            let more = downstream.receive(value)
            state.withLock { $0.demand += more }
        }
    }

    func cancel() {
        state.withLock { $0.isDone = true }
    }
}

extension Publishers {
    /// Publishes a sequence's elements, then finishes, as Combine's `Publishers.Sequence`.
    public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
        public typealias Output = Elements.Element
        public let sequence: Elements

        public init(sequence: Elements) { self.sequence = sequence }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let subscription = SequenceSubscription("Sequence", elements: sequence, downstream: subscriber)
            subscriber.receive(subscription: subscription)
            subscription.finishIfEmpty()
        }
    }
}

extension Sequence {
    /// A publisher of this sequence's elements.
    public var publisher: Publishers.Sequence<Self, Never> { Publishers.Sequence(sequence: self) }
}

/// Publishes one value, then finishes, as Combine's `Just`.
public struct Just<Output>: Publisher {
    public typealias Failure = Never
    public let output: Output

    public init(_ output: Output) { self.output = output }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        subscriber.receive(subscription: SequenceSubscription("Just", elements: CollectionOfOne(output), downstream: subscriber))
    }
}

extension Just: Equatable where Output: Equatable {}

/// Finishes at once (or never), publishing nothing, as Combine's `Empty`.
public struct Empty<Output, Failure: Error>: Publisher, Equatable {
    public let completeImmediately: Bool

    public init(completeImmediately: Bool = true) { self.completeImmediately = completeImmediately }

    public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
        self.completeImmediately = completeImmediately
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: Subscriptions.empty)
        if completeImmediately { subscriber.receive(completion: .finished) }
    }
}

/// Fails at once, as Combine's `Fail`.
public struct Fail<Output, Failure: Error>: Publisher {
    public let error: Failure

    public init(error: Failure) { self.error = error }

    public init(outputType: Output.Type, failure: Failure) { self.error = failure }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .failure(error))
    }
}

extension Fail: Equatable where Failure: Equatable {}

/// Makes a new publisher for each subscriber, as Combine's `Deferred`.
public struct Deferred<DeferredPublisher: Publisher>: Publisher {
    public typealias Output = DeferredPublisher.Output
    public typealias Failure = DeferredPublisher.Failure
    public let createPublisher: () -> DeferredPublisher

    public init(createPublisher: @escaping () -> DeferredPublisher) { self.createPublisher = createPublisher }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        createPublisher().receive(subscriber: subscriber)
    }
}

/// Runs its closure once, when created, and publishes the one result it promises, to every
/// subscriber present or later, as Combine's `Future`.
public final class Future<Output, Failure: Error>: Publisher, @unchecked Sendable {
    // Unchecked: the result and the waiting subscribers are behind a lock.
    public typealias Promise = (Result<Output, Failure>) -> Void

    private struct State {
        var result: Result<Output, Failure>?
        var waiting: [(deliver: (Result<Output, Failure>) -> Void, id: CombineIdentifier)] = []
    }

    private let state = Protected(State())

    public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
        attemptToFulfill { [self] result in fulfill(result) }
    }

    private func fulfill(_ result: Result<Output, Failure>) {
        let waiting = state.withLock { state -> [(Result<Output, Failure>) -> Void] in
            guard state.result == nil else { return [] }
            state.result = result
            defer { state.waiting = [] }
            return state.waiting.map(\.deliver)
        }
        for deliver in waiting { deliver(result) }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let subscription = FutureSubscription(downstream: subscriber)
        let ready = state.withLock { state -> Result<Output, Failure>? in
            if state.result == nil { state.waiting.append((subscription.resolve, subscription.combineIdentifier)) }
            return state.result
        }
        subscriber.receive(subscription: subscription)
        if let ready { subscription.resolve(ready) }
    }
}

/// One subscriber of a `Future`: the value goes once demand and the result are both there.
private final class FutureSubscription<Downstream: Subscriber>: Subscription {
    private struct State {
        var result: Result<Downstream.Input, Downstream.Failure>?
        var demanded = false
        var isDone = false
    }

    private let downstream: Downstream
    private let state = Protected(State())

    init(downstream: Downstream) { self.downstream = downstream }

    func resolve(_ result: Result<Downstream.Input, Downstream.Failure>) {
        state.withLock { $0.result = result }
        deliverIfReady()
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        state.withLock { $0.demanded = true }
        deliverIfReady()
    }

    func cancel() { state.withLock { $0.isDone = true } }

    private func deliverIfReady() {
        let ready = state.withLock { state -> Result<Downstream.Input, Downstream.Failure>? in
            guard !state.isDone, let result = state.result else { return nil }
            if case .success = result, !state.demanded { return nil }
            state.isDone = true
            return result
        }
        switch ready {
        case .success(let value)?:
            _ = downstream.receive(value)
            downstream.receive(completion: .finished)
        case .failure(let error)?:
            downstream.receive(completion: .failure(error))
        case nil:
            break
        }
    }
}
