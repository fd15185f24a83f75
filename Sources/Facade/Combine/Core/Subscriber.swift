/// Receives values from a publisher, as Combine's `Subscriber`.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    associatedtype Input
    associatedtype Failure: Error

    /// The publisher accepted the subscriber: request values through `subscription`.
    func receive(subscription: any Subscription)
    /// A value, delivered only against demand; returns how many more values the subscriber wants
    /// (added to what it asked for before).
    func receive(_ input: Input) -> Subscribers.Demand
    /// The end: no value follows.
    func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
    /// Receives the value of a publisher of `Void`.
    public func receive() -> Subscribers.Demand { receive(()) }
}

/// A namespace for the types that receive values (`Sink`, `Assign`, `Demand`, `Completion`).
public enum Subscribers {}

extension Subscribers {
    /// How a publisher ended.
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}

extension Subscribers.Completion {
    /// The same completion with its failure transformed.
    func mapError<NewFailure: Error>(_ transform: (Failure) -> NewFailure) -> Subscribers.Completion<NewFailure> {
        switch self {
        case .finished: .finished
        case .failure(let error): .failure(transform(error))
        }
    }
}

extension Subscribers {
    /// How many values a subscriber wants: a number, or unlimited. Adding to unlimited stays
    /// unlimited; subtracting below zero gives zero.
    public struct Demand: Equatable, Comparable, Hashable, Sendable, CustomStringConvertible {
        /// nil for unlimited.
        let count: Int?

        private init(count: Int?) { self.count = count }

        public static let unlimited = Demand(count: nil)
        public static let none = Demand(count: 0)

        /// At most `value` values (`value` ≥ 0).
        public static func max(_ value: Int) -> Demand {
            precondition(value >= 0, "a demand cannot be negative")
            return Demand(count: value)
        }

        /// The number, or nil when unlimited.
        public var max: Int? { count }

        public static func + (lhs: Demand, rhs: Demand) -> Demand {
            guard let l = lhs.count, let r = rhs.count else { return .unlimited }
            let (sum, overflow) = l.addingReportingOverflow(r)
            return overflow ? .unlimited : Demand(count: sum)
        }

        public static func + (lhs: Demand, rhs: Int) -> Demand { lhs + .max(Swift.max(0, rhs)) }

        public static func - (lhs: Demand, rhs: Demand) -> Demand {
            guard let l = lhs.count else { return .unlimited }
            guard let r = rhs.count else { return .none }
            return Demand(count: Swift.max(0, l - r))
        }

        public static func - (lhs: Demand, rhs: Int) -> Demand {
            guard let l = lhs.count else { return .unlimited }
            return Demand(count: Swift.max(0, l - rhs))
        }

        public static func * (lhs: Demand, rhs: Int) -> Demand {
            guard let l = lhs.count else { return .unlimited }
            let (product, overflow) = l.multipliedReportingOverflow(by: Swift.max(0, rhs))
            return overflow ? .unlimited : Demand(count: product)
        }

        public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }
        public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }
        public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }
        public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }
        public static func *= (lhs: inout Demand, rhs: Int) { lhs = lhs * rhs }

        public static func < (lhs: Demand, rhs: Demand) -> Bool {
            switch (lhs.count, rhs.count) {
            case (nil, _): false
            case (_, nil): true
            case (let l?, let r?): l < r
            }
        }

        public static func == (lhs: Demand, rhs: Int) -> Bool { lhs.count == rhs }
        public static func != (lhs: Demand, rhs: Int) -> Bool { lhs.count != rhs }
        public static func > (lhs: Demand, rhs: Int) -> Bool { lhs.count.map { $0 > rhs } ?? true }
        public static func >= (lhs: Demand, rhs: Int) -> Bool { lhs.count.map { $0 >= rhs } ?? true }
        public static func < (lhs: Demand, rhs: Int) -> Bool { lhs.count.map { $0 < rhs } ?? false }
        public static func <= (lhs: Demand, rhs: Int) -> Bool { lhs.count.map { $0 <= rhs } ?? false }

        public var description: String { count.map { "max(\($0))" } ?? "unlimited" }
    }
}
