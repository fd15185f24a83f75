/// The views waiting for reuse (B4.1, G1.13.5): cells by reuse identifier, with the identifiers
/// registered, and decoration views counted by kind (the layout makes those, so one of a kind is
/// as good as another).
struct ReusePools {
    /// The reuse identifiers registered (`register(_:forCellWithReuseIdentifier:)`).
    private(set) var registered: Set<String> = []
    private var cells: [String: [CellHandle]] = [:]
    private var decorations: [String: Int] = [:]
    /// The identity of the last cell made (cells are numbered from 1).
    private var lastCellID = 0

    mutating func register(_ identifier: String) { registered.insert(identifier) }

    /// Whether a cell of `identifier` waits.
    func hasCell(_ identifier: String) -> Bool { !(cells[identifier]?.isEmpty ?? true) }

    /// The cell of `identifier` that waited last, if any.
    mutating func takeCell(_ identifier: String) -> CellHandle? { cells[identifier]?.popLast() }

    /// A new cell of `identifier`, numbered after the last.
    mutating func makeCell(_ identifier: String) -> CellHandle {
        lastCellID += 1
        return CellHandle(id: lastCellID, reuseIdentifier: identifier)
    }

    /// A cell leaves the screen and waits for reuse.
    mutating func putBack(_ cell: CellHandle) { cells[cell.reuseIdentifier, default: []].append(cell) }

    /// Takes a decoration view of `kind` if one waits; false when one must be made.
    mutating func takeDecoration(_ kind: String) -> Bool {
        guard let waiting = decorations[kind], waiting > 0 else { return false }
        decorations[kind] = waiting - 1
        return true
    }

    /// A decoration view of `kind` leaves the screen and waits for reuse.
    mutating func putBackDecoration(_ kind: String) { decorations[kind, default: 0] += 1 }
}
