/// A section or item identifier of any type, as the engine stores it.
///
/// `@unchecked Sendable` is sound: the only initializer takes a `Hashable & Sendable` value, so the
/// wrapped `AnyHashable` always holds a Sendable value (AnyHashable itself is not marked Sendable
/// because it could hold anything).
struct AnyIdentifier: Hashable, @unchecked Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    let base: AnyHashable

    init<T: Hashable & Sendable>(_ value: T) { base = AnyHashable(value) }

    /// The identifier as its own type.
    func typed<T>(as type: T.Type = T.self) -> T { base.base as! T }

    var description: String { String(describing: base.base) }
    var debugDescription: String { String(reflecting: base.base) }
}
