extension Publishers {
    /// Replaces a failed publisher with another, as Combine's `Publishers.Catch`.
    public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher where Upstream.Output == NewPublisher.Output {
        public typealias Output = Upstream.Output
        public typealias Failure = NewPublisher.Failure
        public let upstream: Upstream
        public let handler: (Upstream.Failure) -> NewPublisher

        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let fanIn = FanIn<Output, Failure>("Catch", downstream: AnySubscriber(subscriber))
            subscriber.receive(subscription: fanIn)
            fanIn.attach(upstream, key: 0, value: fanIn.send) { [handler] completion in
                switch completion {
                case .finished: fanIn.finish()
                case .failure(let error):
                    fanIn.attach(handler(error), key: 1, value: fanIn.send) { completion in
                        fanIn.complete(completion)
                    }
                }
            }
        }
    }

    /// Subscribes again after a failure, up to a number of times, as Combine's `Publishers.Retry`.
    public struct Retry<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        /// nil: without limit.
        public let retries: Int?

        public init(upstream: Upstream, retries: Int?) {
            self.upstream = upstream
            self.retries = retries
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let fanIn = FanIn<Output, Failure>("Retry", downstream: AnySubscriber(subscriber))
            subscriber.receive(subscription: fanIn)
            let attempt = Box(0)
            func subscribe() {
                let key = attempt.value
                fanIn.attach(upstream, key: key, value: fanIn.send) { [retries] completion in
                    switch completion {
                    case .finished: fanIn.finish()
                    case .failure(let error):
                        attempt.value += 1
                        if let retries, attempt.value > retries { return fanIn.fail(error) }
                        if !fanIn.isDone { subscribe() }
                    }
                }
            }
            subscribe()
        }
    }
}

extension Publisher {
    /// Replaces this publisher with the one `handler` makes from its failure.
    public func `catch`<P: Publisher>(_ handler: @escaping (Failure) -> P) -> Publishers.Catch<Self, P> where P.Output == Output {
        Publishers.Catch(upstream: self, handler: handler)
    }

    /// Replaces this publisher with the one `handler` makes from its failure; `handler` may throw.
    public func tryCatch<P: Publisher>(
        _ handler: @escaping (Failure) throws -> P
    )
        -> Publishers.Catch<Self, AnyPublisher<Output, any Error>> where P.Output == Output
    {
        Publishers.Catch(upstream: self) { error in
            do {
                return try handler(error).mapError { $0 as any Error }.eraseToAnyPublisher()
            } catch {
                return Fail(error: error).eraseToAnyPublisher()
            }
        }
    }

    /// Subscribes again after a failure, at most `retries` times.
    public func retry(_ retries: Int) -> Publishers.Retry<Self> { Publishers.Retry(upstream: self, retries: retries) }
}
