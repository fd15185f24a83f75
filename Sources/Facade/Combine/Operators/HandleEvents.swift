extension Publishers {
    /// Calls closures on every event passing through, as Combine's `Publishers.HandleEvents`.
    public struct HandleEvents<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public var receiveSubscription: ((any Subscription) -> Void)?
        public var receiveOutput: ((Output) -> Void)?
        public var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
        public var receiveCancel: (() -> Void)?
        public var receiveRequest: ((Subscribers.Demand) -> Void)?

        public init(
            upstream: Upstream, receiveSubscription: ((any Subscription) -> Void)? = nil,
            receiveOutput: ((Output) -> Void)? = nil,
            receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil, receiveCancel: (() -> Void)? = nil,
            receiveRequest: ((Subscribers.Demand) -> Void)? = nil
        ) {
            self.upstream = upstream
            self.receiveSubscription = receiveSubscription
            self.receiveOutput = receiveOutput
            self.receiveCompletion = receiveCompletion
            self.receiveCancel = receiveCancel
            self.receiveRequest = receiveRequest
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(HandleEventsInner(self, downstream: subscriber))
        }
    }
}

/// The subscription of `handleEvents`: it sees requests and cancellation as well as values.
private final class HandleEventsInner<Upstream: Publisher, Downstream: Subscriber>: Subscriber, Subscription
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let hooks: Publishers.HandleEvents<Upstream>
    private let downstream: Downstream
    private let upstream = Protected<(any Subscription)?>(nil)

    init(_ hooks: Publishers.HandleEvents<Upstream>, downstream: Downstream) {
        self.hooks = hooks
        self.downstream = downstream
    }

    func receive(subscription: any Subscription) {
        upstream.withLock { $0 = subscription }
        hooks.receiveSubscription?(subscription)
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        hooks.receiveOutput?(input)
        let more = downstream.receive(input)
        if more > 0 { hooks.receiveRequest?(more) }
        return more
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        upstream.withLock { $0 = nil }
        hooks.receiveCompletion?(completion)
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        hooks.receiveRequest?(demand)
        upstream.withLock { $0 }?.request(demand)
    }

    func cancel() {
        guard
            let subscription = upstream.withLock({ current -> (any Subscription)? in
                defer { current = nil }
                return current
            })
        else { return }
        hooks.receiveCancel?()
        subscription.cancel()
    }
}

extension Publisher {
    /// Calls the given closures on each event: the subscription, each value, the completion, a
    /// cancellation, each request.
    public func handleEvents(
        receiveSubscription: ((any Subscription) -> Void)? = nil, receiveOutput: ((Output) -> Void)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil, receiveCancel: (() -> Void)? = nil,
        receiveRequest: ((Subscribers.Demand) -> Void)? = nil
    ) -> Publishers.HandleEvents<Self> {
        Publishers.HandleEvents(
            upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
            receiveCompletion: receiveCompletion, receiveCancel: receiveCancel, receiveRequest: receiveRequest)
    }
}
