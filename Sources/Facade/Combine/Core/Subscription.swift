import Synchronization

/// A subscriber's link to a publisher, as Combine's `Subscription`: it asks for values and ends
/// the link.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    /// Asks for `demand` more values.
    func request(_ demand: Subscribers.Demand)
}

/// A namespace for subscriptions.
public enum Subscriptions {
    /// A subscription that delivers nothing (for publishers that complete at once).
    public static var empty: any Subscription { EmptySubscription() }
}

private struct EmptySubscription: Subscription {
    let combineIdentifier = CombineIdentifier()
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
}

/// A unique identity for subscribers and subscriptions.
public struct CombineIdentifier: Hashable, Sendable, CustomStringConvertible {
    private static let counter = IdentifierCounter()
    private let value: UInt64

    public init() { value = Self.counter.next() }

    public init(_ object: AnyObject) { value = UInt64(UInt(bitPattern: ObjectIdentifier(object).hashValue)) }

    public var description: String { "0x\(String(value, radix: 16))" }
}

/// Gives each identity its own number.
private final class IdentifierCounter: Sendable {
    private let last = Atomic<UInt64>(0)
    func next() -> UInt64 { last.add(1, ordering: .relaxed).newValue }
}

/// A type with a `combineIdentifier`; a class gets one from its object identity.
public protocol CustomCombineIdentifierConvertible {
    var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}
