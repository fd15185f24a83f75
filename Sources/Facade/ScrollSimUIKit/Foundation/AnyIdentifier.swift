import Foundation

/// A section or item identifier of any type, as the engine stores it.
///
/// An `Int` identifier — the commonest, and what indices and counters are — is stored inline, with
/// no box: building a snapshot of them allocates nothing per item, and copying one is a null
/// check. Any other type goes in an immutable box that holds the value and its hash, computed
/// once (through `AnyHashable` each hash and comparison cost several times the engine's own
/// work); copies share the box, so the common comparison — the same item in the old and the new
/// snapshot — is a pointer check. One snapshot's identifiers of a kind all have one type, so an
/// inline identifier never meets a boxed one of equal value.
struct AnyIdentifier: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The `Int` value, or the boxed value's hash.
    private let bits: Int
    /// nil for an `Int` identifier.
    private let box: IdentifierBox?

    init<T: Hashable & Sendable>(_ value: T) {
        if T.self == Int.self {
            bits = unsafeBitCast(value, to: Int.self)
            box = nil
        } else {
            let box = TypedIdentifierBox(value)
            bits = box.hash
            self.box = box
        }
    }

    private init(int: Int) {
        bits = int
        box = nil
    }

    /// The identifiers of `values`, converted with one type check for the whole array.
    static func many<T: Hashable & Sendable>(_ values: [T]) -> [AnyIdentifier] {
        if T.self == Int.self { return unsafeBitCast(values, to: [Int].self).map(AnyIdentifier.init(int:)) }
        return values.map(AnyIdentifier.init)
    }

    /// The values of `identifiers` as `T`, with one type check for the whole array.
    static func typed<T>(_ identifiers: [AnyIdentifier], as type: T.Type = T.self) -> [T] {
        if T.self == Int.self { return unsafeBitCast(identifiers.map(\.bits), to: [T].self) }
        return identifiers.map { $0.typed() }
    }

    static func == (lhs: AnyIdentifier, rhs: AnyIdentifier) -> Bool {
        // Different bits are different values (a box's bits are its hash); only equal bits look
        // at the boxes, and only boxed values compare as values.
        guard lhs.bits == rhs.bits else { return false }
        if lhs.box == nil { return rhs.box == nil }
        guard let l = lhs.box, let r = rhs.box else { return false }
        return l === r || l.isEqual(to: r)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(bits) }

    /// What `hashValue` is made from: an `Int`'s own one-word hash, without building a `Hasher`.
    func _rawHashValue(seed: Int) -> Int { bits._rawHashValue(seed: seed) }

    /// The identifier as its own type (the type it was created from).
    func typed<T>(as type: T.Type = T.self) -> T {
        guard let box else { return T.self == Int.self ? unsafeBitCast(bits, to: T.self) : bits as! T }
        return box.value as! T
    }

    /// The value, boxed as `Any`.
    private var value: Any { box?.value ?? bits }

    var description: String { String(describing: value) }
    var debugDescription: String { String(reflecting: value) }
}

/// The type-erased box. `@unchecked Sendable` is sound: it is immutable after init, and its only
/// subclass holds a `Sendable` value.
private class IdentifierBox: @unchecked Sendable {
    let hash: Int

    init(hash: Int) { self.hash = hash }

    var value: Any { fatalError("abstract") }
    func isEqual(to other: IdentifierBox) -> Bool { fatalError("abstract") }
}

private final class TypedIdentifierBox<T: Hashable & Sendable>: IdentifierBox, @unchecked Sendable {
    let typedValue: T

    init(_ value: T) {
        typedValue = value
        super.init(hash: value.hashValue)
    }

    override var value: Any { typedValue }

    override func isEqual(to other: IdentifierBox) -> Bool {
        guard let other = other as? TypedIdentifierBox<T> else { return false }
        return typedValue == other.typedValue
    }
}
