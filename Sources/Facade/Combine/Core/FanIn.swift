/// The subscription of an operator with several upstreams (merge, combineLatest, zip, flatMap,
/// switchToLatest, concatenation): it holds their subscriptions, passes values downstream as
/// demanded — holding the rest in order — and ends downstream once.
///
/// Once downstream asks for anything, every upstream is asked for unlimited values (except where
/// the operator limits them itself, as `flatMap(maxPublishers:)` does its upstream); downstream
/// still never gets more than it asked for. A failure ends downstream at once and cancels every
/// upstream; finishing waits for the held values to be delivered.
final class FanIn<Output, Failure: Error>: Subscription, CustomStringConvertible {
    private enum Next {
        case value(Output)
        case finish
        case stop
    }

    private struct State {
        var upstreams: [Int: any Subscription] = [:]
        var demand = Subscribers.Demand.none
        var held: [Output] = []
        var isDone = false
        var isStarted = false
        var isDraining = false
        var finishWhenDrained = false
    }

    let description: String
    private let downstream: AnySubscriber<Output, Failure>
    private let state = Protected(State())
    /// Called when downstream first asks for values, or when a paced upstream joins after that
    /// (operators that pace an upstream themselves).
    var onStart: (() -> Void)?
    /// Upstreams the operator asks itself (not given unlimited demand at start).
    private var paced: Set<Int> = []

    init(_ name: String, downstream: AnySubscriber<Output, Failure>) {
        self.description = name
        self.downstream = downstream
    }

    var isDone: Bool { state.withLock { $0.isDone } }

    /// Adds an upstream's subscription under `key`; it gets unlimited demand if downstream has
    /// asked already, unless `paced`.
    func add(_ subscription: any Subscription, key: Int, paced: Bool = false) {
        let (accepted, started) = state.withLock { state -> (Bool, Bool) in
            guard !state.isDone else { return (false, false) }
            state.upstreams[key] = subscription
            return (true, state.isStarted)
        }
        guard accepted else { return subscription.cancel() }
        if paced { self.paced.insert(key) }
        if started { paced ? onStart?() : subscription.request(.unlimited) }
    }

    /// Forgets an upstream that ended.
    func remove(key: Int) {
        state.withLock { _ = $0.upstreams.removeValue(forKey: key) }
    }

    /// The subscription of upstream `key`, for an operator that paces it.
    func upstream(_ key: Int) -> (any Subscription)? { state.withLock { $0.upstreams[key] } }

    /// A value for downstream: delivered now if demanded, else held.
    func send(_ value: Output) {
        let deliverable = state.withLock { state -> Bool in
            guard !state.isDone else { return false }
            state.held.append(value)
            return true
        }
        if deliverable { drain() }
    }

    /// Ends downstream with `.finished` once the held values are delivered.
    func finish() {
        let proceed = state.withLock { state -> Bool in
            guard !state.isDone else { return false }
            state.finishWhenDrained = true
            return true
        }
        if proceed { drain() }
    }

    /// Passes an upstream's completion on: `finish()` or `fail(_:)`.
    func complete(_ completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: finish()
        case .failure(let error): fail(error)
        }
    }

    /// Ends downstream with a failure at once and cancels every upstream.
    func fail(_ error: Failure) {
        guard let upstreams = end() else { return }
        for upstream in upstreams { upstream.cancel() }
        downstream.receive(completion: .failure(error))
    }

    func request(_ demand: Subscribers.Demand) {
        let starting = state.withLock { state -> [Int: any Subscription]? in
            state.demand += demand
            guard !state.isStarted, demand > 0 else { return nil }
            state.isStarted = true
            return state.upstreams
        }
        if let starting {
            for (key, upstream) in starting where !paced.contains(key) { upstream.request(.unlimited) }
            onStart?()
        }
        drain()
    }

    func cancel() {
        for upstream in end() ?? [] { upstream.cancel() }
    }

    /// Marks the subscription done; the upstreams to cancel the first time, nil after.
    private func end() -> [any Subscription]? {
        state.withLock { state in
            guard !state.isDone else { return nil }
            state.isDone = true
            state.held = []
            defer { state.upstreams = [:] }
            return Array(state.upstreams.values)
        }
    }

    /// Delivers held values while downstream wants them, then the completion if due. One drain
    /// at a time: a value sent from inside `receive(_:)` is delivered by the loop already running.
    private func drain() {
        guard
            state.withLock({ state in
                guard !state.isDraining else { return false }
                state.isDraining = true
                return true
            })
        else { return }
        while true {
            let next = state.withLock { state -> Next in
                guard !state.isDone else {
                    state.isDraining = false
                    return .stop
                }
                if !state.held.isEmpty, state.demand > 0 {
                    state.demand -= 1
                    return .value(state.held.removeFirst())
                }
                if state.held.isEmpty, state.finishWhenDrained {
                    state.isDone = true
                    state.upstreams = [:]
                    return .finish
                }
                state.isDraining = false
                return .stop
            }
            switch next {
            case .value(let value):
                let more = downstream.receive(value)
                state.withLock { $0.demand += more }
            case .finish:
                return downstream.receive(completion: .finished)
            case .stop:
                return
            }
        }
    }
}

/// A subscriber that hands an upstream's events to closures (the inner subscribers of the
/// several-upstream operators).
final class ForwardingSubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible {
    let description: String
    private let onSubscription: (any Subscription) -> Void
    private let onValue: (Input) -> Void
    private let onCompletion: (Subscribers.Completion<Failure>) -> Void

    init(
        _ name: String, subscription: @escaping (any Subscription) -> Void, value: @escaping (Input) -> Void,
        completion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) {
        self.description = name
        self.onSubscription = subscription
        self.onValue = value
        self.onCompletion = completion
    }

    func receive(subscription: any Subscription) { onSubscription(subscription) }

    func receive(_ input: Input) -> Subscribers.Demand {
        onValue(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) { onCompletion(completion) }
}
