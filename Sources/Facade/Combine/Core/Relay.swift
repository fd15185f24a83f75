/// What a one-upstream operator does with a value from upstream.
enum Step<Output, Failure: Error> {
    /// Pass this value downstream.
    case emit(Output)
    /// Drop the value; upstream is asked for one more in its place, so the demand holds.
    case skip
    /// End downstream with this failure and cancel upstream.
    case fail(Failure)
    /// Pass this value, then end with `.finished` and cancel upstream (`first`).
    case emitAndFinish(Output)
    /// End with `.finished` and cancel upstream.
    case finish
}

/// The subscription of every one-upstream operator: it stands between upstream's subscription
/// and the downstream subscriber, passes demand up unchanged, turns each value into a `Step`,
/// and turns upstream's completion into downstream's (with a last value when the operator
/// collects, delivered once downstream asks for it).
///
/// Values arrive serially (a publisher's contract), so the steps run without the lock; the lock
/// guards what `request` and `cancel` may touch from another thread.
final class Relay<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible
{
    typealias Failure = UpstreamFailure
    typealias Ending = (last: Downstream.Input?, completion: Subscribers.Completion<Downstream.Failure>)

    private struct State {
        var upstream: (any Subscription)?
        var isDone = false
        /// What downstream asked for and has not received (for a last value held back).
        var demand = Subscribers.Demand.none
        /// A last value and the completion, waiting for downstream's demand.
        var held: Ending?
    }

    let description: String
    private let downstream: Downstream
    private let step: (Input) -> Step<Downstream.Input, Downstream.Failure>
    private let ending: (Subscribers.Completion<UpstreamFailure>) -> Ending
    private let state = Protected(State())

    init(
        _ name: String, downstream: Downstream, step: @escaping (Input) -> Step<Downstream.Input, Downstream.Failure>,
        ending: @escaping (Subscribers.Completion<UpstreamFailure>) -> Ending
    ) {
        self.description = name
        self.downstream = downstream
        self.step = step
        self.ending = ending
    }

    func receive(subscription: any Subscription) {
        let accepted = state.withLock { state in
            guard state.upstream == nil, !state.isDone else { return false }
            state.upstream = subscription
            return true
        }
        guard accepted else { return subscription.cancel() }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard !state.withLock({ $0.isDone }) else { return .none }
        switch step(input) {
        case .emit(let output):
            state.withLock { $0.demand -= 1 }
            let more = downstream.receive(output)
            state.withLock { $0.demand += more }
            return more
        case .skip:
            return .max(1)
        case .fail(let error):
            end()?.cancel()
            downstream.receive(completion: .failure(error))
            return .none
        case .emitAndFinish(let output):
            end()?.cancel()
            _ = downstream.receive(output)
            downstream.receive(completion: .finished)
            return .none
        case .finish:
            end()?.cancel()
            downstream.receive(completion: .finished)
            return .none
        }
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        guard end() != nil else { return }
        let ending = ending(completion)
        guard let last = ending.last, case .finished = ending.completion else {
            return downstream.receive(completion: ending.completion)
        }
        let deliverNow = state.withLock { state -> Bool in
            guard state.demand > 0 else {
                state.held = ending
                return false
            }
            return true
        }
        guard deliverNow else { return }
        _ = downstream.receive(last)
        downstream.receive(completion: .finished)
    }

    func request(_ demand: Subscribers.Demand) {
        let (upstream, held) = state.withLock { state -> ((any Subscription)?, Ending?) in
            state.demand += demand
            defer { state.held = nil }
            return (state.upstream, state.held)
        }
        if let held, let last = held.last {
            _ = downstream.receive(last)
            downstream.receive(completion: held.completion)
        } else {
            upstream?.request(demand)
        }
    }

    func cancel() {
        let upstream = state.withLock { state -> (any Subscription)? in
            state.isDone = true
            state.held = nil
            defer { state.upstream = nil }
            return state.upstream
        }
        upstream?.cancel()
    }

    /// Marks the relay done; returns upstream's subscription the first time, nil after.
    private func end() -> (any Subscription)? {
        state.withLock { state in
            guard !state.isDone else { return nil }
            state.isDone = true
            defer { state.upstream = nil }
            return state.upstream ?? Subscriptions.empty
        }
    }
}

/// An operator with one upstream whose subscription is a `Relay`: it says how to make the step
/// for one subscription (fresh state for each) and how upstream's completion ends downstream.
protocol RelayOperator: Publisher {
    associatedtype Upstream: Publisher
    var upstream: Upstream { get }
    /// How the subscription describes itself: the operator's name.
    var name: String { get }
    /// The step for one subscription.
    func makeStep() -> (Upstream.Output) -> Step<Output, Failure>
    /// Downstream's ending when upstream ends.
    func ending(
        _ completion: Subscribers.Completion<Upstream.Failure>
    ) -> (last: Output?, completion: Subscribers.Completion<Failure>)
}

extension RelayOperator where Failure == Upstream.Failure {
    func ending(
        _ completion: Subscribers.Completion<Upstream.Failure>
    ) -> (last: Output?, completion: Subscribers.Completion<Failure>) {
        (nil, completion)
    }
}

extension RelayOperator where Failure == any Error {
    func ending(
        _ completion: Subscribers.Completion<Upstream.Failure>
    ) -> (last: Output?, completion: Subscribers.Completion<Failure>) {
        (nil, completion.mapError { $0 })
    }
}

/// An operator's name as its subscription describes itself: its type's name without the generic
/// arguments (`Publishers.Map<…>` is `Map`).
func operatorName(_ type: Any.Type) -> String { String(String(describing: type).prefix { $0 != "<" }) }

extension RelayOperator {
    var name: String { operatorName(Self.self) }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        upstream.subscribe(
            Relay<Upstream.Output, Upstream.Failure, S>(
                name, downstream: subscriber, step: makeStep(),
                ending: ending))
    }
}

/// A namespace for the publishers operators return (`Publishers.Map`, `Publishers.CombineLatest`).
public enum Publishers {}
