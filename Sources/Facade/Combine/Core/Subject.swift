/// A publisher whose values the program sends, as Combine's `Subject`.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Sends a value to the subscribers that asked for one.
    func send(_ value: Output)
    /// Ends every subscription; later values are ignored.
    func send(completion: Subscribers.Completion<Failure>)
    /// Makes the subject a subscriber's downstream: it asks `subscription` for unlimited values.
    func send(subscription: any Subscription)
}

extension Subject where Output == Void {
    /// Sends `()`.
    public func send() { send(()) }
}

/// One subscriber of a subject: its demand, whether it ended, and (for a current-value subject)
/// whether the latest value still waits for demand.
final class SubjectConduit<Output, Failure: Error>: Subscription, CustomStringConvertible {
    private struct State {
        var downstream: AnySubscriber<Output, Failure>?
        var demand = Subscribers.Demand.none
        /// A value held until demand arrives (current-value subjects deliver the latest one).
        var held: Output?
    }

    private let state: Protected<State>
    private let onCancel: (SubjectConduit) -> Void
    let description: String

    init(_ name: String, downstream: AnySubscriber<Output, Failure>, held: Output?, onCancel: @escaping (SubjectConduit) -> Void)
    {
        self.description = name
        self.state = Protected(State(downstream: downstream, held: held))
        self.onCancel = onCancel
    }

    func request(_ demand: Subscribers.Demand) {
        let delivery = state.withLock { state -> (AnySubscriber<Output, Failure>, Output)? in
            state.demand += demand
            guard let held = state.held, let downstream = state.downstream, state.demand > 0 else { return nil }
            state.held = nil
            state.demand -= 1
            return (downstream, held)
        }
        if let (downstream, value) = delivery {
            let more = downstream.receive(value)
            state.withLock { $0.demand += more }
        }
    }

    /// Delivers `value` if the subscriber asked for one; a current-value subject's is held
    /// otherwise (`hold`), a passthrough subject's dropped.
    func offer(_ value: Output, hold: Bool) {
        let downstream = state.withLock { state -> AnySubscriber<Output, Failure>? in
            guard let downstream = state.downstream else { return nil }
            guard state.demand > 0 else {
                if hold { state.held = value }
                return nil
            }
            state.demand -= 1
            return downstream
        }
        guard let downstream else { return }
        let more = downstream.receive(value)
        state.withLock { $0.demand += more }
    }

    func finish(_ completion: Subscribers.Completion<Failure>) {
        let downstream = state.withLock { state -> AnySubscriber<Output, Failure>? in
            defer { state.downstream = nil }
            return state.downstream
        }
        downstream?.receive(completion: completion)
    }

    func cancel() {
        let wasActive = state.withLock { state -> Bool in
            defer { state.downstream = nil }
            return state.downstream != nil
        }
        if wasActive { onCancel(self) }
    }
}

/// The subscribers of a subject and how it ended, shared by both subjects.
struct SubjectState<Output, Failure: Error> {
    var conduits: [SubjectConduit<Output, Failure>] = []
    var completion: Subscribers.Completion<Failure>?
    var upstreams: [any Subscription] = []
}

/// A subject that passes each value to the subscribers asking for one, as Combine's
/// `PassthroughSubject`: it keeps no value, and a subscriber without demand misses it.
public final class PassthroughSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    // Unchecked: the subscriber list is behind a mutex.
    private let state = Protected(SubjectState<Output, Failure>())

    public init() {}

    public func send(_ value: Output) {
        for conduit in state.withLock({ $0.completion == nil ? $0.conduits : [] }) { conduit.offer(value, hold: false) }
    }

    public func send(completion: Subscribers.Completion<Failure>) {
        let conduits = state.withLock { state -> [SubjectConduit<Output, Failure>] in
            guard state.completion == nil else { return [] }
            state.completion = completion
            defer { state.conduits = [] }
            return state.conduits
        }
        for conduit in conduits { conduit.finish(completion) }
    }

    public func send(subscription: any Subscription) {
        state.withLock { $0.upstreams.append(subscription) }
        subscription.request(.unlimited)
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let conduit = SubjectConduit("PassthroughSubject", downstream: AnySubscriber(subscriber), held: nil) { [weak self] in
            self?.remove($0)
        }
        let ended = state.withLock { state -> Subscribers.Completion<Failure>? in
            if state.completion == nil { state.conduits.append(conduit) }
            return state.completion
        }
        subscriber.receive(subscription: conduit)
        if let ended { conduit.finish(ended) }
    }

    private func remove(_ conduit: SubjectConduit<Output, Failure>) {
        state.withLock { $0.conduits.removeAll { $0 === conduit } }
    }
}

/// A subject with a current value, as Combine's `CurrentValueSubject`: a new subscriber gets the
/// current value first, and a subscriber without demand gets the latest value once it asks.
public final class CurrentValueSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    // Unchecked: the value and the subscriber list are behind a mutex.
    private let state: Protected<(subject: SubjectState<Output, Failure>, value: Output)>

    public init(_ value: Output) {
        state = Protected((SubjectState(), value))
    }

    /// The current value; setting it sends it.
    public var value: Output {
        get { state.withLock { $0.value } }
        set { send(newValue) }
    }

    public func send(_ value: Output) {
        let conduits = state.withLock { state -> [SubjectConduit<Output, Failure>] in
            guard state.subject.completion == nil else { return [] }
            state.value = value
            return state.subject.conduits
        }
        for conduit in conduits { conduit.offer(value, hold: true) }
    }

    public func send(completion: Subscribers.Completion<Failure>) {
        let conduits = state.withLock { state -> [SubjectConduit<Output, Failure>] in
            guard state.subject.completion == nil else { return [] }
            state.subject.completion = completion
            defer { state.subject.conduits = [] }
            return state.subject.conduits
        }
        for conduit in conduits { conduit.finish(completion) }
    }

    public func send(subscription: any Subscription) {
        state.withLock { $0.subject.upstreams.append(subscription) }
        subscription.request(.unlimited)
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let (value, ended) = state.withLock { ($0.value, $0.subject.completion) }
        let conduit = SubjectConduit(
            "CurrentValueSubject", downstream: AnySubscriber(subscriber), held: ended == nil ? value : nil
        ) {
            [weak self] in self?.remove($0)
        }
        if ended == nil { state.withLock { $0.subject.conduits.append(conduit) } }
        subscriber.receive(subscription: conduit)
        if let ended { conduit.finish(ended) }
    }

    private func remove(_ conduit: SubjectConduit<Output, Failure>) {
        state.withLock { $0.subject.conduits.removeAll { $0 === conduit } }
    }
}
