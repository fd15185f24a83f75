/// The data source's section identifiers and their indices, refreshed after every apply rather
/// than copied from the snapshot each frame.
struct SectionTable<SectionID: Hashable> {
    private(set) var ids: [SectionID] = []
    private(set) var indexByID: [SectionID: Int] = [:]
    /// The index `index(of:)` found last (−1: none): a frame asks for the moving row's index
    /// several times (its offset before and after the step, its range), and comparing with the
    /// identifier at that index (for a short string, two words) costs less than hashing it. An
    /// index, not an (identifier, index) pair: an optional tuple of a generic type has its
    /// metadata looked up on every use in unspecialised code.
    private var lastIndex = -1

    /// Replaces the sections.
    mutating func replace(with ids: [SectionID]) {
        self.ids = ids
        indexByID = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
        lastIndex = -1
    }

    /// The index of section `id`, nil when there is no such section.
    mutating func index(of id: SectionID) -> Int? {
        let last = lastIndex
        if last >= 0, last < ids.count, ids[last] == id { return last }
        guard let index = indexByID[id] else { return nil }
        lastIndex = index
        return index
    }

    /// The identifier of section `index`, nil when out of range.
    func id(at index: Int) -> SectionID? { ids.indices.contains(index) ? ids[index] : nil }
}
