/// A section or item identifier of any type, as the engine stores it.
///
/// A reference to an immutable box that holds the value and its hash, computed once. The engine
/// hashes and compares identifiers on every snapshot operation and diff; through `AnyHashable`
/// that cost several times the engine's own work (measured with `scrollsim-bench uikit`). Copies
/// of an identifier share their box, so the common comparison — the same item in the old and the
/// new snapshot — is a pointer check.
struct AnyIdentifier: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    private let box: IdentifierBox

    init<T: Hashable & Sendable>(_ value: T) { box = TypedIdentifierBox(value) }

    static func == (lhs: AnyIdentifier, rhs: AnyIdentifier) -> Bool {
        lhs.box === rhs.box || (lhs.box.hash == rhs.box.hash && lhs.box.isEqual(to: rhs.box))
    }

    func hash(into hasher: inout Hasher) { hasher.combine(box.hash) }

    /// The identifier as its own type (the type it was created from).
    func typed<T>(as type: T.Type = T.self) -> T { box.value as! T }

    var description: String { String(describing: box.value) }
    var debugDescription: String { String(reflecting: box.value) }
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
