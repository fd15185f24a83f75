/// A snapshot's item index (item → where it is), stored the way its use calls for: a hash table
/// while only one snapshot holds it (building a snapshot: see `HashTable`), a `PersistentMap` once
/// a snapshot that shares it with another is edited (an app's `snapshot()`, change, `apply`):
/// that first edit converts the table in one pass instead of copying it, and from then on every
/// copy's edit costs what it touches.
@usableFromInline
struct ItemIndex<Key: Hashable & Sendable>: Sendable {
    @usableFromInline typealias Table = HashTable<Key, ItemPlace>

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
        case .table(let table): table.count
        case .trie(let map): map.count
        }
    }

    @inlinable
    subscript(key: Key) -> ItemPlace? {
        get {
            switch storage {
            case .empty: nil
            case .table(let table): table[key]
            case .trie(let map): map[key]
            }
        }
        set {
            makeEditable()
            switch storage {
            case .empty:
                let table = Table()
                if let newValue { table.updateValue(newValue, forKey: key) }
                storage = .table(table)
            case .table(let table):
                if let newValue { table.updateValue(newValue, forKey: key) } else { table.removeValue(forKey: key) }
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
        case .table(let table): return table.removeValue(forKey: key)
        case .trie: return editTrie { $0.removeValue(forKey: key) }
        }
    }

    @inlinable
    mutating func removeAll() { storage = .empty }

    /// Adds entries whose keys must all be new; false, changing nothing, when one is already
    /// there or comes twice. The uniqueness check is the insertion itself.
    @inlinable
    mutating func insertNew<Places: RandomAccessCollection<ItemPlace>>(_ keys: [Key], _ places: Places) -> Bool
    where Places.Index == Int {
        makeEditable()
        switch storage {
        case .empty:
            let table = Table(minimumCapacity: keys.count)
            storage = .table(table)
            return table.insertNew(keys, places)
        case .table(let table): return table.insertNew(keys, places)
        case .trie: return editTrie { $0.insertNew(keys, Array(places)) }
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
        var keys: [Key] = []
        var places: [ItemPlace] = []
        keys.reserveCapacity(table.count)
        places.reserveCapacity(table.count)
        table.forEach { key, place in
            keys.append(key)
            places.append(place)
        }
        var map = PersistentMap<Key, ItemPlace>()
        let converted = map.insertNew(keys, places)
        precondition(converted, "a table's keys are unique")
        storage = .trie(map)
    }
}
