extension Publishers {
    /// Publishes the values a predicate accepts, as Combine's `Publishers.Filter`.
    public struct Filter<Upstream: Publisher>: Publisher, RelayOperator {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let isIncluded: (Upstream.Output) -> Bool

        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        func makeStep() -> (Output) -> Step<Output, Failure> { { [isIncluded] in isIncluded($0) ? .emit($0) : .skip } }
    }

    /// Publishes a value only when it differs from the previous one, as Combine's
    /// `Publishers.RemoveDuplicates`.
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher, RelayOperator {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let predicate: (Output, Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        func makeStep() -> (Output) -> Step<Output, Failure> {
            var previous: Output?
            return { [predicate] value in
                defer { previous = value }
                if let previous, predicate(previous, value) { return .skip }
                return .emit(value)
            }
        }
    }

    /// Publishes each step of an accumulation, as Combine's `Publishers.Scan`.
    public struct Scan<Upstream: Publisher, Output>: Publisher, RelayOperator {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let initialResult: Output
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        public init(upstream: Upstream, initialResult: Output, nextPartialResult: @escaping (Output, Upstream.Output) -> Output) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        func makeStep() -> (Upstream.Output) -> Step<Output, Failure> {
            var result = initialResult
            return { [next = nextPartialResult] value in
                result = next(result, value)
                return .emit(result)
            }
        }
    }

    /// Skips the first values, as Combine's `Publishers.Drop`.
    public struct Drop<Upstream: Publisher>: Publisher, RelayOperator {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let count: Int

        public init(upstream: Upstream, count: Int) {
            self.upstream = upstream
            self.count = count
        }

        func makeStep() -> (Output) -> Step<Output, Failure> {
            var remaining = count
            return { value in
                guard remaining <= 0 else {
                    remaining -= 1
                    return .skip
                }
                return .emit(value)
            }
        }
    }

    /// Skips values while a predicate holds, as Combine's `Publishers.DropWhile`.
    public typealias DropWhile<Upstream: Publisher> = FirstMatch<Upstream, DropWhileMatch>

    /// Publishes the first value (that satisfies a predicate), then finishes, as Combine's
    /// `Publishers.FirstWhere`.
    public typealias FirstWhere<Upstream: Publisher> = FirstMatch<Upstream, FirstWhereMatch>

    /// Drops the values before the first one whose predicate answer is `Rule.match`, publishes
    /// that one, and then either the rest or nothing more (`Rule.finishesAtMatch`).
    /// `DropWhile` and `FirstWhere` are this one type, as they differ only in those two answers.
    public struct FirstMatch<Upstream: Publisher, Rule: FirstMatchRule>: Publisher, RelayOperator {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let predicate: (Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        var name: String { Rule.name }

        func makeStep() -> (Output) -> Step<Output, Failure> {
            var matched = false
            return { [predicate] value in
                if matched { return .emit(value) }
                guard predicate(value) == Rule.match else { return .skip }
                matched = true
                return Rule.finishesAtMatch ? .emitAndFinish(value) : .emit(value)
            }
        }
    }

    /// `drop(while:)`: the first value the predicate rejects, and every one after it.
    public enum DropWhileMatch: FirstMatchRule {
        public static var name: String { "DropWhile" }
        public static var match: Bool { false }
        public static var finishesAtMatch: Bool { false }
    }

    /// `first(where:)`: the first value the predicate accepts, and no other.
    public enum FirstWhereMatch: FirstMatchRule {
        public static var name: String { "FirstWhere" }
        public static var match: Bool { true }
        public static var finishesAtMatch: Bool { true }
    }

    /// Publishes up to a number of values, then finishes, as Combine's `Publishers.Output`.
    public struct Output<Upstream: Publisher>: Publisher, RelayOperator {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let range: Range<Int>

        public init(upstream: Upstream, range: Range<Int>) {
            self.upstream = upstream
            self.range = range
        }

        func makeStep() -> (Output) -> Step<Output, Failure> {
            var index = 0
            return { [range] value in
                defer { index += 1 }
                guard index >= range.lowerBound else { return .skip }
                return index + 1 >= range.upperBound ? .emitAndFinish(value) : .emit(value)
            }
        }
    }
}

extension Publisher {
    /// Publishes the values `isIncluded` accepts.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }

    /// Publishes a value only when `predicate` says it differs from the previous one.
    public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool) -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }

    /// Publishes each partial result of combining values, starting from `initialResult`.
    public func scan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T) -> Publishers.Scan<Self, T> {
        Publishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }

    /// Skips the first `count` values.
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> { Publishers.Drop(upstream: self, count: count) }

    /// Skips values while `predicate` holds.
    public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self> {
        Publishers.DropWhile(upstream: self, predicate: predicate)
    }

    /// Publishes the first value, then finishes.
    public func first() -> Publishers.FirstWhere<Self> { Publishers.FirstWhere(upstream: self) { _ in true } }

    /// Publishes the first value `predicate` accepts, then finishes.
    public func first(where predicate: @escaping (Output) -> Bool) -> Publishers.FirstWhere<Self> {
        Publishers.FirstWhere(upstream: self, predicate: predicate)
    }

    /// Publishes at most `maxLength` values, then finishes.
    public func prefix(_ maxLength: Int) -> Publishers.Output<Self> { output(in: 0..<maxLength) }

    /// Publishes the value at `index`, then finishes.
    public func output(at index: Int) -> Publishers.Output<Self> { output(in: index..<index + 1) }

    /// Publishes the values at the positions in `range`, then finishes.
    public func output<R: RangeExpression>(in range: R) -> Publishers.Output<Self> where R.Bound == Int {
        Publishers.Output(upstream: self, range: range.relative(to: 0..<Int.max))
    }
}

extension Publisher where Output: Equatable {
    /// Publishes a value only when it differs from the previous one.
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> { removeDuplicates(by: ==) }
}

/// What a `Publishers.FirstMatch` looks for, and what it does after finding it.
public protocol FirstMatchRule {
    /// The operator's name, as its subscription describes itself.
    static var name: String { get }
    /// The predicate's answer that ends the dropped prefix.
    static var match: Bool { get }
    /// Whether the publisher finishes with the matching value.
    static var finishesAtMatch: Bool { get }
}
