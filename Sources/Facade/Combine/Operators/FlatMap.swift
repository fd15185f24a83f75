extension Publishers {
    /// Subscribes to a publisher made from each value and publishes all their values, as
    /// Combine's `Publishers.FlatMap`: at most `maxPublishers` at a time (upstream is asked for a
    /// new value each time one of them finishes); finishes when upstream and every one of them
    /// have finished.
    public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
    where NewPublisher.Failure == Upstream.Failure {
        public typealias Output = NewPublisher.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let maxPublishers: Subscribers.Demand
        public let transform: (Upstream.Output) -> NewPublisher

        public init(upstream: Upstream, maxPublishers: Subscribers.Demand, transform: @escaping (Upstream.Output) -> NewPublisher)
        {
            self.upstream = upstream
            self.maxPublishers = maxPublishers
            self.transform = transform
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let fanIn = FanIn<Output, Failure>("FlatMap", downstream: AnySubscriber(subscriber))
            let active = Box(0)
            let upstreamFinished = Box(false)
            let nextKey = Box(1)
            let limited = maxPublishers != .unlimited
            fanIn.onStart = { [maxPublishers] in fanIn.upstream(0)?.request(maxPublishers) }
            subscriber.receive(subscription: fanIn)
            func innerEnded() {
                active.value -= 1
                if upstreamFinished.value, active.value == 0 {
                    fanIn.finish()
                } else if limited {
                    fanIn.upstream(0)?.request(.max(1))
                }
            }
            fanIn.attach(
                upstream, key: 0, paced: true,
                value: { [transform] value in
                    let key = nextKey.value
                    nextKey.value += 1
                    active.value += 1
                    fanIn.attach(transform(value), key: key, value: fanIn.send) { completion in
                        switch completion {
                        case .failure(let error): fanIn.fail(error)
                        case .finished: innerEnded()
                        }
                    }
                }
            ) { completion in
                switch completion {
                case .failure(let error): fanIn.fail(error)
                case .finished:
                    upstreamFinished.value = true
                    if active.value == 0 { fanIn.finish() }
                }
            }
        }
    }

    /// Publishes the values of the most recent publisher upstream delivered, cancelling the one
    /// before, as Combine's `Publishers.SwitchToLatest`.
    public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher
    where Upstream.Output == P, P.Failure == Upstream.Failure {
        public typealias Output = P.Output
        public typealias Failure = P.Failure
        public let upstream: Upstream

        public init(upstream: Upstream) { self.upstream = upstream }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let fanIn = FanIn<Output, Failure>("SwitchToLatest", downstream: AnySubscriber(subscriber))
            let current = Box(0)
            let innerActive = Box(false)
            let upstreamFinished = Box(false)
            subscriber.receive(subscription: fanIn)
            fanIn.attach(
                upstream, key: 0,
                value: { publisher in
                    let previous = current.value
                    if previous > 0, let subscription = fanIn.upstream(previous) {
                        fanIn.remove(key: previous)
                        subscription.cancel()
                    }
                    current.value = previous + 1
                    innerActive.value = true
                    let key = current.value
                    fanIn.attach(publisher, key: key, value: { if current.value == key { fanIn.send($0) } }) { completion in
                        guard current.value == key else { return }
                        switch completion {
                        case .failure(let error): fanIn.fail(error)
                        case .finished:
                            innerActive.value = false
                            if upstreamFinished.value { fanIn.finish() }
                        }
                    }
                }
            ) { completion in
                switch completion {
                case .failure(let error): fanIn.fail(error)
                case .finished:
                    upstreamFinished.value = true
                    if !innerActive.value { fanIn.finish() }
                }
            }
        }
    }

    /// The values of one publisher, then another's, as Combine's `Publishers.Concatenate`.
    public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
    where Prefix.Output == Suffix.Output, Prefix.Failure == Suffix.Failure {
        public typealias Output = Suffix.Output
        public typealias Failure = Suffix.Failure
        public let prefix: Prefix
        public let suffix: Suffix

        public init(prefix: Prefix, suffix: Suffix) {
            self.prefix = prefix
            self.suffix = suffix
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let fanIn = FanIn<Output, Failure>("Concatenate", downstream: AnySubscriber(subscriber))
            subscriber.receive(subscription: fanIn)
            fanIn.attach(prefix, key: 0, value: fanIn.send) { [suffix] completion in
                switch completion {
                case .failure(let error): fanIn.fail(error)
                case .finished:
                    fanIn.attach(suffix, key: 1, value: fanIn.send) { completion in
                        fanIn.complete(completion)
                    }
                }
            }
        }
    }
}

extension Publisher {
    /// Publishes the values of a publisher made from each value, at most `maxPublishers` at once.
    public func flatMap<T, P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Self> where T == P.Output, P.Failure == Failure {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }

    /// `flatMap` with a transform whose publisher cannot fail.
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self> where P.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers) { transform($0).setFailureType(to: Failure.self) }
    }

}

extension Publisher where Failure == Never {
    /// `flatMap` where neither this publisher nor the transform's can fail.
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Self> where P.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }

    /// `flatMap` where this publisher cannot fail and the transform's can.
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>> {
        Publishers.FlatMap(upstream: setFailureType(to: P.Failure.self), maxPublishers: maxPublishers, transform: transform)
    }
}

extension Publisher {
    /// Publishes `elements` first.
    public func prepend(_ elements: Output...) -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self> {
        prepend(elements)
    }

    /// Publishes a sequence's elements first.
    public func prepend<S: Swift.Sequence>(_ elements: S) -> Publishers.Concatenate<Publishers.Sequence<S, Failure>, Self>
    where S.Element == Output {
        Publishers.Concatenate(prefix: Publishers.Sequence(sequence: elements), suffix: self)
    }

    /// Publishes another publisher's values first.
    public func prepend<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<P, Self>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Concatenate(prefix: publisher, suffix: self)
    }

    /// Publishes `elements` after this publisher finishes.
    public func append(_ elements: Output...) -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>> {
        Publishers.Concatenate(prefix: self, suffix: Publishers.Sequence(sequence: elements))
    }

    /// Publishes another publisher's values after this one finishes.
    public func append<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<Self, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Concatenate(prefix: self, suffix: publisher)
    }
}

extension Publisher where Output: Publisher, Output.Failure == Failure {
    /// Publishes the values of the most recent publisher this one delivered.
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> { Publishers.SwitchToLatest(upstream: self) }
}
