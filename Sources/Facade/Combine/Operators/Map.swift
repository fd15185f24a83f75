extension Publishers {
    /// Transforms each value, as Combine's `Publishers.Map`.
    public struct Map<Upstream: Publisher, Output>: Publisher, RelayOperator {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output

        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        func makeStep() -> (Upstream.Output) -> Step<Output, Failure> { { [transform] in .emit(transform($0)) } }
    }

    /// Transforms each value with a closure that may throw, which fails the publisher.
    public struct TryMap<Upstream: Publisher, Output>: Publisher, RelayOperator {
        public typealias Failure = any Error
        public let upstream: Upstream
        public let transform: (Upstream.Output) throws -> Output

        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        func makeStep() -> (Upstream.Output) -> Step<Output, Failure> {
            { [transform] value in
                do { return .emit(try transform(value)) } catch { return .fail(error) }
            }
        }
    }

    /// Publishes the non-nil results of a transform, as Combine's `Publishers.CompactMap`.
    public struct CompactMap<Upstream: Publisher, Output>: Publisher, RelayOperator {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output?

        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        func makeStep() -> (Upstream.Output) -> Step<Output, Failure> {
            { [transform] in transform($0).map { .emit($0) } ?? .skip }
        }
    }

    /// Transforms the failure, as Combine's `Publishers.MapError`.
    public struct MapError<Upstream: Publisher, Failure: Error>: Publisher, RelayOperator {
        public typealias Output = Upstream.Output
        public let upstream: Upstream
        public let transform: (Upstream.Failure) -> Failure

        public init(upstream: Upstream, _ transform: @escaping (Upstream.Failure) -> Failure) {
            self.upstream = upstream
            self.transform = transform
        }

        func makeStep() -> (Upstream.Output) -> Step<Output, Failure> { { .emit($0) } }

        func ending(
            _ completion: Subscribers.Completion<Upstream.Failure>
        ) -> (last: Output?, completion: Subscribers.Completion<Failure>) {
            (nil, completion.mapError(transform))
        }
    }
}

extension Publisher {
    /// Transforms each value.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self, transform: transform)
    }

    /// Transforms each value into the value at a key path.
    public func map<T>(_ keyPath: KeyPath<Output, T>) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self) { $0[keyPath: keyPath] }
    }

    /// Transforms each value into two values at key paths.
    public func map<T0, T1>(_ keyPath0: KeyPath<Output, T0>, _ keyPath1: KeyPath<Output, T1>) -> Publishers.Map<Self, (T0, T1)> {
        Publishers.Map(upstream: self) { ($0[keyPath: keyPath0], $0[keyPath: keyPath1]) }
    }

    /// Transforms each value; a thrown error fails the publisher.
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T> {
        Publishers.TryMap(upstream: self, transform: transform)
    }

    /// Publishes the non-nil results of `transform`.
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
        Publishers.CompactMap(upstream: self, transform: transform)
    }

    /// Transforms the failure.
    public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E> {
        Publishers.MapError(upstream: self, transform)
    }

    /// Publishes `output` in place of every value.
    public func replaceNil<T>(with output: T) -> Publishers.Map<Self, T> where Output == T? {
        Publishers.Map(upstream: self) { $0 ?? output }
    }
}
