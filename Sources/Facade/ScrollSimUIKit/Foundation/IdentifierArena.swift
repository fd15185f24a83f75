import struct CollectionTypes.AnyIdentifier

/// The identifiers a snapshot holds, kept interned for as long as the snapshot (or a snapshot
/// derived from it, or the collection view it was applied to) lives.
///
/// Snapshots share their arena when copied; one that adds identifiers while sharing starts an
/// arena of its own that keeps its parents, so a history of snapshots never holds more than the
/// identifiers ever added along it — `compacted(keeping:)` starts again from what one snapshot
/// holds.
final class IdentifierArena: @unchecked Sendable {
    // Unchecked: an arena is only changed by the snapshot value that owns it uniquely
    // (`isKnownUniquelyReferenced`), as copy-on-write storage is.
    private var held: [AnyIdentifier] = []
    private let parents: [IdentifierArena]
    /// How many identifiers this arena and its ancestors hold (duplicates counted).
    private(set) var total: Int
    /// The longest chain of parents above this arena.
    let depth: Int

    init(parents: [IdentifierArena] = []) {
        self.parents = parents
        total = parents.reduce(0) { $0 + $1.total }
        depth = (parents.map(\.depth).max() ?? -1) + 1
    }

    /// Interns `values` and holds them (an `Int` is its own identifier and needs no holding).
    func hold<T: Hashable & Sendable>(_ values: [T]) -> [AnyIdentifier] {
        if T.self == Int.self { return AnyIdentifier.lookup(values) }
        let ids = IdentifierInterner.shared.retain(values)
        held += ids
        total += ids.count
        return ids
    }

    /// Holds identifiers already interned.
    func hold(existing ids: [AnyIdentifier]) {
        let interned = ids.filter { $0.kind != 0 }
        IdentifierInterner.shared.retain(existing: interned)
        held += interned
        total += interned.count
    }

    /// An arena holding `identifiers` alone (what one snapshot holds), without the history.
    static func compacted(keeping identifiers: [AnyIdentifier]) -> IdentifierArena {
        let arena = IdentifierArena()
        arena.hold(existing: identifiers)
        return arena
    }

    /// Whether the arena holds much more than `live` identifiers, or a long history: time to
    /// compact it.
    func isWasteful(live: Int) -> Bool { depth > 32 || total > 2 * live + 64 }

    deinit { IdentifierInterner.shared.release(held) }
}

extension Optional where Wrapped == IdentifierArena {
    /// The arena to add identifiers to: this one if nothing else shares it, else a new one that
    /// keeps this one.
    mutating func forAdding() -> IdentifierArena {
        if isKnownUniquelyReferenced(&self) { return self! }
        let arena = IdentifierArena(parents: self.map { [$0] } ?? [])
        self = arena
        return arena
    }

    /// The arena of a snapshot made of this one's identifiers and `other`'s.
    func merged(with other: IdentifierArena?) -> IdentifierArena? {
        guard let other else { return self }
        guard let self else { return other }
        return self === other ? self : IdentifierArena(parents: [self, other])
    }
}
