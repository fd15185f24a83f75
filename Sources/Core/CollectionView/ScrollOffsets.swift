/// Where a collection view's scroll views are and which way each last moved: the main content
/// offset and one offset per orthogonal row, in one store with two views of the rows — by
/// section index, for a frame's per-cell lookups (which would otherwise hash an identifier
/// each), and by section identifier, which is what survives an apply that moves sections.
///
/// A frame moves rows by index only; the view by identifier catches up when it is next read
/// (`flush`). An index names the section it was set for only while the sections stay the same,
/// so the owner flushes before they change and `reindex`es after.
struct ScrollOffsets<SectionID: Hashable> {
    /// The main-axis content offset.
    var main: Double
    /// Which way the main content last moved: +1 toward its end, −1 back, 0 not yet (nothing is
    /// prepared ahead before the first scroll, PF2).
    private(set) var mainDirection = 0.0
    /// Row offsets by section identifier, as of the last `flush`. Written directly only between
    /// frames (an apply's clamping), and followed by `reindex`.
    var rowsByID: [SectionID: Double] = [:]
    /// Row offsets by section index: the list holds 0 for a section without one, the table only
    /// the sections with one (what the layout's region queries take).
    private(set) var rowList: [Double] = []
    private(set) var rowsByIndex: [Int: Double] = [:]
    /// Which way each row last moved, by identifier and, kept in step, by index (0: not yet).
    private(set) var directionsByID: [SectionID: Double] = [:]
    private(set) var directionList: [Double] = []
    /// Indices of rows moved by index since the last flush, each once.
    private var unflushed: [Int] = []

    init(main: Double) { self.main = main }

    /// Whether rows were moved by index since the last flush.
    var needsFlush: Bool { !unflushed.isEmpty }

    /// Row `index`'s offset (0 for a row never scrolled).
    func rowOffset(atIndex index: Int) -> Double { index < rowList.count ? rowList[index] : 0 }

    /// Row `index`'s direction (0 for a row never scrolled).
    func rowDirection(atIndex index: Int) -> Double { index < directionList.count ? directionList[index] : 0 }

    /// Moves the main content to `offset`; false when it is already there.
    mutating func moveMain(to offset: Double) -> Bool {
        guard offset != main else { return false }
        mainDirection = offset > main ? 1 : -1
        main = offset
        return true
    }

    /// A frame's move of row `index` (section `section`) to `offset`, which differs from where
    /// it is. Returns whether the row turned (its direction changed, so margins ahead move).
    mutating func moveRow(_ section: SectionID, atIndex index: Int, to offset: Double) -> Bool {
        let direction: Double = offset > rowOffset(atIndex: index) ? 1 : -1
        let turned = rowDirection(atIndex: index) != direction
        if turned {
            directionsByID[section] = direction
            Self.set(direction, at: index, in: &directionList)
        }
        setRow(offset, atIndex: index)
        if !unflushed.contains(index) { unflushed.append(index) }
        return turned
    }

    /// Brings `rowsByID` up to date with the rows moved by index; `sectionIDs` are the sections
    /// those moves were made under.
    mutating func flush(sectionIDs: [SectionID]) {
        guard !unflushed.isEmpty else { return }
        for index in unflushed { rowsByID[sectionIDs[index]] = rowList[index] }
        unflushed.removeAll(keepingCapacity: true)
    }

    /// Rebuilds the views by index from the views by identifier, for sections now at the indices
    /// `indexOf` gives. Callers flush first: flushing here would file the frames' offsets under
    /// the new indices' identifiers.
    mutating func reindex(_ indexOf: (SectionID) -> Int?) {
        assert(unflushed.isEmpty, "row offsets set by index must be flushed before the sections change")
        rowsByIndex = [:]
        rowList = []
        for (section, offset) in rowsByID {
            if let index = indexOf(section) { setRow(offset, atIndex: index) }
        }
        directionList = []
        for (section, direction) in directionsByID {
            if let index = indexOf(section) { Self.set(direction, at: index, in: &directionList) }
        }
    }

    private mutating func setRow(_ offset: Double, atIndex index: Int) {
        rowsByIndex[index] = offset
        Self.set(offset, at: index, in: &rowList)
    }

    /// Sets `list[index]`, growing the list with zeros to reach it.
    private static func set(_ value: Double, at index: Int, in list: inout [Double]) {
        if index >= list.count { list.append(contentsOf: repeatElement(0, count: index + 1 - list.count)) }
        list[index] = value
    }
}
