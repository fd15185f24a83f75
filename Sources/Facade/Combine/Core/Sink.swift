extension Subscribers {
    /// A subscriber that asks for every value and calls closures, as Combine's `Sink`.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible {
        public let receiveValue: (Input) -> Void
        public let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
        private let subscription = Protected<(upstream: (any Subscription)?, isDone: Bool)>((nil, false))
        public var description: String { "Sink" }

        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void, receiveValue: @escaping (Input) -> Void
        ) {
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }

        public func receive(subscription: any Subscription) {
            let accepted = self.subscription.withLock { state in
                guard state.upstream == nil, !state.isDone else { return false }
                state.upstream = subscription
                return true
            }
            guard accepted else { return subscription.cancel() }
            subscription.request(.unlimited)
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            if !subscription.withLock({ $0.isDone }) { receiveValue(input) }
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            let wasActive = subscription.withLock { state -> Bool in
                defer {
                    state.isDone = true
                    state.upstream = nil
                }
                return !state.isDone
            }
            if wasActive { receiveCompletion(completion) }
        }

        public func cancel() {
            let upstream = subscription.withLock { state -> (any Subscription)? in
                defer {
                    state.isDone = true
                    state.upstream = nil
                }
                return state.upstream
            }
            upstream?.cancel()
        }
    }
}

extension Publisher {
    /// Subscribes with closures for each value and the completion; the subscription lives as long
    /// as the returned cancellable.
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void, receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        subscribe(sink)
        return AnyCancellable(sink)
    }
}

extension Publisher where Failure == Never {
    /// Subscribes with a closure for each value.
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}

extension Subscribers {
    /// A subscriber that writes each value to a property of an object it keeps, as Combine's
    /// `Assign`.
    public final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible {
        public typealias Failure = Never
        public private(set) var object: Root?
        public let keyPath: ReferenceWritableKeyPath<Root, Input>
        private let subscription = Protected<(any Subscription)?>(nil)
        public var description: String { "Assign \(Root.self)." }

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            self.object = object
            self.keyPath = keyPath
        }

        public func receive(subscription: any Subscription) {
            let accepted = self.subscription.withLock { current in
                guard current == nil, object != nil else { return false }
                current = subscription
                return true
            }
            guard accepted else { return subscription.cancel() }
            subscription.request(.unlimited)
        }

        public func receive(_ value: Input) -> Subscribers.Demand {
            object?[keyPath: keyPath] = value
            return .none
        }

        public func receive(completion: Subscribers.Completion<Never>) {
            subscription.withLock { $0 = nil }
            object = nil
        }

        public func cancel() {
            let upstream = subscription.withLock { current -> (any Subscription)? in
                defer { current = nil }
                return current
            }
            object = nil
            upstream?.cancel()
        }
    }
}

extension Publisher where Failure == Never {
    /// Writes each value to `object[keyPath:]`; the object is kept until the subscription ends.
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        let assign = Subscribers.Assign(object: object, keyPath: keyPath)
        subscribe(assign)
        return AnyCancellable(assign)
    }
}
