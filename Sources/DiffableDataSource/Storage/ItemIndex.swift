/// A snapshot's item index (item → where it is), stored the way its use calls for: a hash table
/// while only one snapshot holds it (building a snapshot: ~25 ns an item), a `PersistentMap` once
/// a snapshot that shares it with another is edited (an app's `snapshot()`, change, `apply`):
/// that first edit converts the table in one pass instead of copying it, and from then on every
/// copy's edit costs what it touches.
@usableFromInline
struct ItemIndex<Key: Hashable & Sendable>: Sendable {
    @usableFromInline
    final class Table: @unchecked Sendable {
        // Edited only when uniquely referenced (`makeEditable`); shared tables are read-only.
        @usableFromInline var entries: [Key: ItemPlace]

        @inlinable
        init(_ entries: [Key: ItemPlace]) { self.entries = entries }
    }

    @usableFromInline
    enum Storage: Sendable {
        /// Nothing: a fresh index, or one moved out for an edit.
        case empty
        case table(Table)
        case trie(PersistentMap<Key, ItemPlace>)
    }

    @usableFromInline var storage: Storage = .empty

    @inlinable
    init() {}

    @inlinable
    var count: Int {
        switch storage {
        case .empty: 0
        case .table(let table): table.entries.count
        case .trie(let map): map.count
        }
    }

    @inlinable
    subscript(key: Key) -> ItemPlace? {
        get {
            switch storage {
            case .empty: nil
            case .table(let table): table.entries[key]
            case .trie(let map): map[key]
            }
        }
        set {
            makeEditable()
            switch storage {
            case .empty: storage = .table(Table(newValue.map { [key: $0] } ?? [:]))
            case .table(let table): table.entries[key] = newValue
            case .trie: editTrie { $0[key] = newValue }
            }
        }
    }

    @inlinable
    @discardableResult
    mutating func removeValue(forKey key: Key) -> ItemPlace? {
        guard self[key] != nil else { return nil }
        makeEditable()
        switch storage {
        case .empty: return nil
        case .table(let table): return table.entries.removeValue(forKey: key)
        case .trie: return editTrie { $0.removeValue(forKey: key) }
        }
    }

    @inlinable
    mutating func removeAll() { storage = .empty }

    /// Adds entries whose keys must all be new; false, changing nothing, when one is already
    /// there or comes twice. The uniqueness check is the insertion itself.
    @inlinable
    mutating func insertNew(_ keys: [Key], _ places: [ItemPlace]) -> Bool {
        makeEditable()
        switch storage {
        case .empty:
            storage = .table(Table([:]))
            return insertNew(keys, places)
        case .table(let table):
            table.entries.reserveCapacity(table.entries.count + keys.count)
            for j in keys.indices {
                guard let old = table.entries.updateValue(places[j], forKey: keys[j]) else { continue }
                // A duplicate: put back what was there and take out what this call added.
                let earlier = keys[..<j]
                if !earlier.contains(keys[j]) { table.entries[keys[j]] = old }
                for key in earlier { table.entries.removeValue(forKey: key) }
                return false
            }
            return true
        case .trie: return editTrie { $0.insertNew(keys, places) }
        }
    }

    /// Runs `body` on the trie (the storage must be one), moved out of the enum first so that
    /// its nodes are edited in place where nothing else shares them.
    @inlinable
    mutating func editTrie<R>(_ body: (inout PersistentMap<Key, ItemPlace>) -> R) -> R {
        guard case .trie(var map) = storage else { preconditionFailure("ItemIndex.editTrie on a table") }
        storage = .empty
        defer { storage = .trie(map) }
        return body(&map)
    }

    /// Makes the storage safe to edit in place: a table another index shares becomes a trie
    /// (one pass; the shared table stays as it is for the others).
    @inlinable
    mutating func makeEditable() {
        guard case .table(var table) = storage else { return }
        storage = .empty
        if isKnownUniquelyReferenced(&table) {
            storage = .table(table)
            return
        }
        var map = PersistentMap<Key, ItemPlace>()
        let converted = map.insertNew(Array(table.entries.keys), Array(table.entries.values))
        precondition(converted, "a table's keys are unique")
        storage = .trie(map)
    }
}
