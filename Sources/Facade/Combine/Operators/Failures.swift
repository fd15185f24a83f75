extension Publishers {
    /// Gives a publisher that cannot fail a failure type, as Combine's `SetFailureType`.
    public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher, RelayOperator
    where Upstream.Failure == Never {
        public typealias Output = Upstream.Output
        public let upstream: Upstream

        public init(upstream: Upstream) { self.upstream = upstream }

        func makeStep() -> (Output) -> Step<Output, Failure> { { .emit($0) } }

        func ending(_ completion: Subscribers.Completion<Never>) -> (last: Output?, completion: Subscribers.Completion<Failure>) {
            (nil, .finished)
        }
    }

    /// Ends with a value in place of a failure, as Combine's `Publishers.ReplaceError`.
    public struct ReplaceError<Upstream: Publisher>: Publisher, RelayOperator {
        public typealias Output = Upstream.Output
        public typealias Failure = Never
        public let upstream: Upstream
        public let output: Output

        public init(upstream: Upstream, output: Output) {
            self.upstream = upstream
            self.output = output
        }

        func makeStep() -> (Output) -> Step<Output, Never> { { .emit($0) } }

        func ending(
            _ completion: Subscribers.Completion<Upstream.Failure>
        ) -> (last: Output?, completion: Subscribers.Completion<Never>) {
            switch completion {
            case .finished: (nil, .finished)
            case .failure: (output, .finished)
            }
        }
    }

    /// Stops the program on a failure (a programmer error), as Combine's `AssertNoFailure`.
    public struct AssertNoFailure<Upstream: Publisher>: Publisher, RelayOperator {
        public typealias Output = Upstream.Output
        public typealias Failure = Never
        public let upstream: Upstream
        public let prefix: String

        public init(upstream: Upstream, prefix: String) {
            self.upstream = upstream
            self.prefix = prefix
        }

        func makeStep() -> (Output) -> Step<Output, Never> { { .emit($0) } }

        func ending(
            _ completion: Subscribers.Completion<Upstream.Failure>
        ) -> (last: Output?, completion: Subscribers.Completion<Never>) {
            if case .failure(let error) = completion { preconditionFailure("\(prefix)\(error)") }
            return (nil, .finished)
        }
    }

    /// Collects every value and publishes the array when upstream finishes, as Combine's
    /// `Publishers.Collect`.
    public struct Collect<Upstream: Publisher>: Publisher, RelayOperator {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream

        public init(upstream: Upstream) { self.upstream = upstream }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let collected = Box<[Upstream.Output]>([])
            upstream.subscribe(
                Relay<Upstream.Output, Failure, S>(
                    "Collect", downstream: subscriber,
                    step: { value in
                        collected.value.append(value)
                        return .skip
                    },
                    ending: { completion in
                        guard case .finished = completion else { return (nil, completion) }
                        return (collected.value, .finished)
                    }))
        }

        func makeStep() -> (Upstream.Output) -> Step<Output, Failure> { { _ in .skip } }
    }

    /// Publishes no value, only the completion, as Combine's `Publishers.IgnoreOutput`.
    public struct IgnoreOutput<Upstream: Publisher>: Publisher, RelayOperator {
        public typealias Output = Never
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream

        public init(upstream: Upstream) { self.upstream = upstream }

        func makeStep() -> (Upstream.Output) -> Step<Never, Failure> { { _ in .skip } }
    }
}

/// A mutable value a closure shares with another.
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

extension Publisher where Failure == Never {
    /// The same values, typed as able to fail with `failureType`.
    public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E> {
        Publishers.SetFailureType(upstream: self)
    }
}

extension Publisher {
    /// Ends with `output`, then finishes, in place of a failure.
    public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
        Publishers.ReplaceError(upstream: self, output: output)
    }

    /// Stops the program if the publisher fails.
    public func assertNoFailure(
        _ prefix: String = "", file: StaticString = #file, line: UInt = #line
    ) -> Publishers.AssertNoFailure<Self> {
        Publishers.AssertNoFailure(upstream: self, prefix: prefix)
    }

    /// Publishes every value in one array when upstream finishes.
    public func collect() -> Publishers.Collect<Self> { Publishers.Collect(upstream: self) }

    /// Publishes only the completion.
    public func ignoreOutput() -> Publishers.IgnoreOutput<Self> { Publishers.IgnoreOutput(upstream: self) }
}
