import Combine

/// A subscriber that records every event, asking for `initial` values at first and `each` more
/// after every value (as a test's oracle of what a publisher delivered and when).
final class Recorder<Input, Failure: Error>: Subscriber {
    enum Event {
        case value(Input)
        case finished
        case failure(Failure)
    }

    private(set) var events: [Event] = []
    private(set) var subscription: (any Subscription)?
    let initial: Subscribers.Demand
    let each: Subscribers.Demand

    init(initial: Subscribers.Demand = .unlimited, each: Subscribers.Demand = .none) {
        self.initial = initial
        self.each = each
    }

    func receive(subscription: any Subscription) {
        self.subscription = subscription
        if initial > 0 { subscription.request(initial) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        events.append(.value(input))
        return each
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: events.append(.finished)
        case .failure(let error): events.append(.failure(error))
        }
    }

    var values: [Input] { events.compactMap { if case .value(let value) = $0 { value } else { nil } } }
    var isFinished: Bool { events.contains { if case .finished = $0 { true } else { false } } }
    var failure: Failure? { events.lazy.compactMap { if case .failure(let error) = $0 { error } else { nil } }.first }
    var completions: Int { events.filter { if case .value = $0 { false } else { true } }.count }
}

extension Recorder where Input: Equatable {
    /// Values as text, the completion as `|` or `!error`: `["1", "2", "|"]`.
    var transcript: [String] {
        events.map {
            switch $0 {
            case .value(let value): "\(value)"
            case .finished: "|"
            case .failure(let error): "!\(error)"
            }
        }
    }
}

enum TestError: Error, Equatable, CustomStringConvertible {
    case boom, other
    var description: String { self == .boom ? "boom" : "other" }
}
