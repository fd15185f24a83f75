import Foundation

import struct CollectionTypes.AnyIdentifier

/// A section or item identifier of any type, as the engine stores it (`CollectionTypes.AnyIdentifier`,
/// one word).
///
/// An `Int` identifier — the commonest, and what indices and counters are — is its own value. Any
/// other is interned once (`IdentifierInterner`): equal values get the same serial number while
/// any snapshot holds one of them, and the identifier is a tag, its type's number and that serial
/// (`tag` in the top 16 bits, the type in the next 12, the serial in the low 36). One snapshot's
/// identifiers of a kind all have one type, so an interned identifier meets an `Int` only when a
/// collection view's data source changes type, and then equals one only if that `Int` has the
/// tag's 16 bits on top (one in 65,536 of all `Int`s, none of the small ones apps use).
/// Snapshots own the values they hold through an `IdentifierArena`; an identifier read after
/// every snapshot that held it was released cannot give its value back (`typed()` says so).
extension AnyIdentifier: CustomStringConvertible, CustomDebugStringConvertible {
    private static let tag = 0x5C51
    private static let serialBits = 36
    private static let kindBits = 12

    /// The identifier of an `Int`.
    init(int: Int) { self.init(bits: int) }

    /// The identifier of the interned value `serial` of type number `kind`.
    init(serial: Int, kind: Int) {
        precondition(kind > 0 && kind < 1 << Self.kindBits && serial >= 0 && serial < 1 << Self.serialBits)
        self.init(bits: Self.tag << (Self.serialBits + Self.kindBits) | kind << Self.serialBits | serial)
    }

    /// The interned type's number, or 0 for an `Int`.
    var kind: Int {
        guard bits >> (Self.serialBits + Self.kindBits) & 0xFFFF == Self.tag, bits >= 0 else { return 0 }
        return bits >> Self.serialBits & (1 << Self.kindBits - 1)
    }

    /// The interned value's serial.
    var serial: Int { bits & (1 << Self.serialBits - 1) }

    /// The identifier `value` has in the snapshots holding it, for a query or a removal: an `Int`
    /// is itself; a value no snapshot holds gets an identifier equal to none.
    static func lookup<T: Hashable & Sendable>(_ value: T) -> AnyIdentifier {
        if T.self == Int.self { return AnyIdentifier(int: unsafeBitCast(value, to: Int.self)) }
        return IdentifierInterner.shared.lookup([value])[0]
    }

    /// `lookup(_:)` for many, with one type check and one lock.
    static func lookup<T: Hashable & Sendable>(_ values: [T]) -> [AnyIdentifier] {
        if T.self == Int.self { return unsafeBitCast(values, to: [Int].self).map(AnyIdentifier.init(int:)) }
        return IdentifierInterner.shared.lookup(values)
    }

    /// The values of `identifiers` as `T`, with one type check for the whole array.
    static func typed<T>(_ identifiers: [AnyIdentifier], as type: T.Type = T.self) -> [T] {
        if T.self == Int.self { return unsafeBitCast(identifiers.map(\.bits), to: [T].self) }
        if identifiers.first?.kind == 0 { return identifiers.map { $0.typed() } }
        return IdentifierInterner.shared.values(of: identifiers)
    }

    /// The identifier as its own type (the type it was created from).
    func typed<T>(as type: T.Type = T.self) -> T {
        if T.self == Int.self { return unsafeBitCast(bits, to: T.self) }
        if kind == 0 { return bits as! T }  // an `Int` asked for as `Int?` or `AnyHashable`
        return IdentifierInterner.shared.values(of: [self])[0]
    }

    public var description: String {
        kind == 0 ? String(bits) : IdentifierInterner.shared.describe(self, reflecting: false)
    }

    public var debugDescription: String {
        kind == 0 ? String(bits) : IdentifierInterner.shared.describe(self, reflecting: true)
    }
}
