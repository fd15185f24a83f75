/// A section or item identifier packed into one word, as the UIKit facade keeps an app's
/// identifiers of any type (an `Int` as itself, any other value interned; ScrollSimUIKit gives it
/// the rest of its meaning). It lives here so that the engine's generic code can be specialized
/// for it, as it is for the scenarios' `String` sections and `Int` items: unspecialized, every
/// frame looked up the metadata of its tables and hashed through witness tables.
///
/// Trivially copyable, so tables and lists of identifiers are copied, hashed, compared and
/// destroyed as `Int`s are, without reference counting.
public struct AnyIdentifier: Hashable, Sendable {
    /// The `Int` value, or the packed form of an interned value.
    public let bits: Int

    @inlinable
    public init(bits: Int) { self.bits = bits }

    /// What `hashValue` is made from: an `Int`'s own one-word hash, without building a `Hasher`.
    @inlinable
    public func _rawHashValue(seed: Int) -> Int { bits._rawHashValue(seed: seed) }

    @inlinable
    public func hash(into hasher: inout Hasher) { hasher.combine(bits) }
}
