/// A publisher's values as an asynchronous sequence (`for await value in publisher.values`), as
/// Combine's `AsyncPublisher`: one value is requested per iteration.
public struct AsyncPublisher<P: Publisher>: AsyncSequence where P.Failure == Never {
    public typealias Element = P.Output
    private let publisher: P

    public init(_ publisher: P) { self.publisher = publisher }

    public struct Iterator: AsyncIteratorProtocol {
        let inner: AsyncSubscriber<P.Output, Never>

        public mutating func next() async -> P.Output? { try? await inner.next() }
    }

    public func makeAsyncIterator() -> Iterator {
        let inner = AsyncSubscriber<P.Output, Never>()
        publisher.subscribe(inner)
        return Iterator(inner: inner)
    }
}

/// A failing publisher's values as an asynchronous throwing sequence, as Combine's
/// `AsyncThrowingPublisher`.
public struct AsyncThrowingPublisher<P: Publisher>: AsyncSequence {
    public typealias Element = P.Output
    private let publisher: P

    public init(_ publisher: P) { self.publisher = publisher }

    public struct Iterator: AsyncIteratorProtocol {
        let inner: AsyncSubscriber<P.Output, P.Failure>

        public mutating func next() async throws -> P.Output? { try await inner.next() }
    }

    public func makeAsyncIterator() -> Iterator {
        let inner = AsyncSubscriber<P.Output, P.Failure>()
        publisher.subscribe(inner)
        return Iterator(inner: inner)
    }
}

extension Publisher where Failure == Never {
    /// The values as an asynchronous sequence.
    public var values: AsyncPublisher<Self> { AsyncPublisher(self) }
}

extension Publisher {
    /// The values as an asynchronous throwing sequence.
    public var values: AsyncThrowingPublisher<Self> { AsyncThrowingPublisher(self) }
}

/// The subscriber behind the asynchronous sequences: each `next()` requests one value and waits
/// for it (or the end); cancelling the waiting task cancels the subscription.
final class AsyncSubscriber<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    // Unchecked: the state is behind a lock.
    private struct State {
        var subscription: (any Subscription)?
        var waiting: CheckedContinuation<Handoff<Input?>, any Error>?
        var ready: [Result<Input?, any Error>] = []
        var ended = false
        var requestPending = false
    }

    private let state = Protected(State())

    func receive(subscription: any Subscription) {
        let request = state.withLock { state -> Bool in
            state.subscription = subscription
            return state.requestPending
        }
        if request { subscription.request(.max(1)) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        deliver(.success(input))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: deliver(.success(nil))
        case .failure(let error): deliver(.failure(error))
        }
    }

    private func deliver(_ result: Result<Input?, any Error>) {
        let waiting = state.withLock { state -> CheckedContinuation<Handoff<Input?>, any Error>? in
            if case .success(nil) = result { state.ended = true }
            if case .failure = result { state.ended = true }
            guard let waiting = state.waiting else {
                state.ready.append(result)
                return nil
            }
            state.waiting = nil
            return waiting
        }
        waiting?.resume(with: result.map(Handoff.init))
    }

    func next() async throws -> Input? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Handoff<Input?>, any Error>) in
                let action = state.withLock { state -> (ready: Result<Input?, any Error>?, request: (any Subscription)?) in
                    if !state.ready.isEmpty { return (state.ready.removeFirst(), nil) }
                    if state.ended { return (.success(nil), nil) }
                    state.waiting = continuation
                    guard let subscription = state.subscription else {
                        state.requestPending = true
                        return (nil, nil)
                    }
                    return (nil, subscription)
                }
                if let ready = action.ready { continuation.resume(with: ready.map(Handoff.init)) }
                action.request?.request(.max(1))
            }
        } onCancel: {
            let (subscription, waiting) = state.withLock {
                state -> ((any Subscription)?, CheckedContinuation<Handoff<Input?>, any Error>?) in
                state.ended = true
                defer {
                    state.subscription = nil
                    state.waiting = nil
                }
                return (state.subscription, state.waiting)
            }
            subscription?.cancel()
            waiting?.resume(returning: Handoff(nil))
        }.value
    }
}

/// A value handed from the publisher's side to the waiting task: it has no other owner once sent.
struct Handoff<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
