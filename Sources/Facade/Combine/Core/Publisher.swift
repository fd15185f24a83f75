/// Declares that a type can deliver a sequence of values over time, as Combine's `Publisher`.
///
/// A publisher delivers elements to subscribers only as they ask for them (`Subscribers.Demand`),
/// ends at most once with a `Subscribers.Completion`, and stops at once when its subscription is
/// cancelled.
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error

    /// Attaches `subscriber`: the publisher calls its `receive(subscription:)` once, then delivers
    /// values as demanded and at most one completion.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
    /// Attaches `subscriber` (what `receive(subscriber:)` does, as operators call it).
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        receive(subscriber: subscriber)
    }

    /// Attaches a subject: it re-publishes what this publisher delivers.
    public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable where S.Output == Output, S.Failure == Failure {
        let sink = Subscribers.Sink<Output, Failure>(
            receiveCompletion: { subject.send(completion: $0) }, receiveValue: { subject.send($0) })
        receive(subscriber: sink)
        return AnyCancellable(sink)
    }
}
