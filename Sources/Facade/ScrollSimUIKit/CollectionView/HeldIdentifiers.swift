import struct CollectionTypes.AnyIdentifier

/// The identifiers a collection view's engine holds, kept interned (`IdentifierArena`): the
/// arena of what was applied last, and every section ever shown (the simulator names sections in
/// its counts after they are gone).
struct HeldIdentifiers {
    private(set) var arena: IdentifierArena?
    private var sections: Set<AnyIdentifier> = []
    private let sectionArena = IdentifierArena()

    /// A snapshot was applied in full: its arena replaces the last one.
    mutating func replace(with arena: IdentifierArena?, engine: UICollectionView.Engine) {
        self.arena = arena
        holdSections(of: engine)
    }

    /// Identifiers were added to what the engine holds (a section's outline, an expansion).
    mutating func add(_ other: IdentifierArena?, engine: UICollectionView.Engine) {
        arena = arena.merged(with: other)
        holdSections(of: engine)
    }

    private mutating func holdSections(of engine: UICollectionView.Engine) {
        let snapshot = engine.dataSource.snapshot()
        let new = snapshot.sectionIdentifiers.filter { $0.kind != 0 && sections.insert($0).inserted }
        if !new.isEmpty { sectionArena.hold(existing: new) }
        guard let arena, arena.isWasteful(live: snapshot.numberOfItems + snapshot.numberOfSections) else { return }
        // Start again from what the engine holds: every section, and every item of every outline,
        // collapsed ones included.
        var held = snapshot.sectionIdentifiers + snapshot.itemIdentifiers
        for section in snapshot.sectionIdentifiers {
            if let outline = engine.dataSource.snapshot(for: section) { held += outline.items }
        }
        self.arena = IdentifierArena.compacted(keeping: held)
    }
}
