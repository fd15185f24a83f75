import CollectionTypes

/// What a frame reuses from the passes before it: the last full pass's signature (a pass that
/// finds the same elements with nothing live changed has nothing to do), the walk anchor (a frame
/// that moved less than its slack needs no walk), and the lists an earlier pass emptied for the
/// next to fill (so a frame allocates no lists of its own).
///
/// Outside the generic `CollectionView`, as `WalkAnchor` is: a nested type's metadata is looked up
/// on every use in unspecialised code.
struct FrameCache {
    /// What the last full pass saw.
    private(set) var last: FrameSignature?
    /// How far the scroll views may move before a pass must walk again (nil: the next must).
    var anchor: WalkAnchor?
    /// Which passes record an anchor.
    var pacing = WalkAnchorPacing()
    /// Whether passes record and use anchors; tests turn it off to compare.
    var skipsUnchangedWalks = true
    /// Frames that skipped the walk (tests check that some do).
    private(set) var skippedWalks = 0
    /// A signature of an earlier pass, for the next to empty and fill.
    private var spare: FrameSignature?
    /// The cells ahead of a pass and their distances, emptied.
    private var spareAhead: [(distance: Double, path: ItemPath)] = []
    /// The rows a frame moved (section index, new offset), emptied. By index: a list of
    /// identifiers is a generic type, whose every use in unspecialised code looks up its metadata.
    private var spareMovedRows: [(index: Int, offset: Double)] = []

    /// The anchor a frame at live-state `generation` may skip its walk on: nil when none was
    /// recorded, or the live elements changed since the last pass.
    func anchor(atGeneration generation: Int) -> WalkAnchor? {
        last?.generation == generation ? anchor : nil
    }

    /// A frame skipped its walk on the anchor.
    mutating func skipped() {
        skippedWalks &+= 1
        pacing.used()
    }

    /// A pass starts walking: forgets the anchor; returns whether this pass records a new one.
    mutating func startWalk() -> Bool {
        anchor = nil
        return skipsUnchangedWalks && pacing.walks()
    }

    /// An empty signature for a pass at `generation`, the storage of an earlier pass's reused.
    /// Taken, not copied: a copy left in place would retain and release each list.
    mutating func takeSignature(generation: Int) -> FrameSignature {
        var signature =
            spare.take() ?? FrameSignature(generation: 0, visible: [], ahead: [], kept: [], supplementaries: [], decorations: [])
        signature.empty(generation: generation)
        return signature
    }

    /// An empty list for the cells ahead; `putBack` returns it.
    mutating func takeAhead() -> [(distance: Double, path: ItemPath)] {
        var ahead: [(distance: Double, path: ItemPath)] = []
        swap(&ahead, &spareAhead)
        return ahead
    }

    /// Keeps `ahead`'s storage, emptied, for the next pass (swapped, so it stays unshared).
    mutating func putBack(ahead: inout [(distance: Double, path: ItemPath)]) {
        ahead.removeAll(keepingCapacity: true)
        swap(&ahead, &spareAhead)
    }

    /// An empty list for the rows a frame moves; `putBack` returns it.
    mutating func takeMovedRows() -> [(index: Int, offset: Double)] {
        var rows: [(index: Int, offset: Double)] = []
        swap(&rows, &spareMovedRows)
        return rows
    }

    /// Keeps `movedRows`' storage, emptied, for the next frame.
    mutating func putBack(movedRows: inout [(index: Int, offset: Double)]) {
        movedRows.emptyKeepingStorage()
        swap(&movedRows, &spareMovedRows)
    }

    /// Whether `signature` is the last full pass's (the pass would change nothing).
    func repeatsLast(_ signature: FrameSignature) -> Bool { signature == last }

    /// Ends a pass that found what the last found: its signature's storage goes back.
    mutating func endUnchanged(_ signature: consuming FrameSignature) { spare = signature }

    /// Ends a full pass: `signature` becomes the last, stamped with the live-state `generation`
    /// the pass left behind; the previous last becomes the spare.
    mutating func endFull(_ signature: consuming FrameSignature, generation: Int) {
        spare = last.take()
        last = FrameSignature(generation: generation, replacing: signature)
    }
}

/// A supplementary or decoration view on screen: its kind and index path, and whether it belongs
/// to the whole layout rather than a section.
struct SupplementaryKey: Hashable {
    var kind: String
    var indexPath: ItemPath
    var layoutWide: Bool
}

/// The elements one pass of `updateVisibleElements` worked from, and the live-state
/// generation after it: equal signatures mean an identical pass.
struct FrameSignature: Equatable {
    var generation: Int
    var visible: [ItemPath]
    var ahead: [ItemPath]
    var kept: [ItemPath]
    var supplementaries: [SupplementaryKey]
    var decorations: [SupplementaryKey]

    /// `signature` with the generation the pass left behind.
    init(generation: Int, replacing signature: FrameSignature) {
        self = signature
        self.generation = generation
    }

    /// Empties the lists, keeping their storage, for a pass at `generation` (the few
    /// supplementaries and decorations by `emptyKeepingStorage`).
    mutating func empty(generation: Int) {
        self.generation = generation
        visible.removeAll(keepingCapacity: true)
        ahead.removeAll(keepingCapacity: true)
        kept.removeAll(keepingCapacity: true)
        supplementaries.emptyKeepingStorage()
        decorations.emptyKeepingStorage()
    }

    init(
        generation: Int, visible: [ItemPath], ahead: [ItemPath], kept: [ItemPath], supplementaries: [SupplementaryKey],
        decorations: [SupplementaryKey]
    ) {
        self.generation = generation
        self.visible = visible
        self.ahead = ahead
        self.kept = kept
        self.supplementaries = supplementaries
        self.decorations = decorations
    }
}
