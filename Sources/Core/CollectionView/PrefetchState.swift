import CollectionTypes
import CompositionalLayout

/// What a collection view has prepared ahead of its visible rectangle (PF1 to PF6): cells requested
/// before they were visible and not shown yet, items announced to a prefetch data source whose
/// cells are not requested yet, whether cells ahead still wait for a pass's budget, and the rows'
/// prefetch margins.
struct PrefetchState<ItemID: Hashable> {
    /// Live cells requested ahead that have not been visible yet.
    private(set) var unshown: Set<ItemPath> = []
    /// Index paths announced to a prefetch data source whose cells are not requested yet, with
    /// the items they showed when announced.
    private(set) var announced: [ItemPath: ItemID] = [:]
    /// Cells ahead of the viewport still waiting to be prepared (the per-pass budget ran out).
    var hasPending = false
    /// The rows' margins by section index for a prefetch length `across`, built when a row turns
    /// or the sections change rather than every frame.
    private var margins: (across: Double, ahead: [Int: Viewport.Margin], kept: [Int: Viewport.Margin])?

    /// A cell was requested ahead of being visible.
    mutating func prepared(_ path: ItemPath) { unshown.insert(path) }

    /// A cell became visible.
    mutating func shown(_ path: ItemPath) { unshown.remove(path) }

    /// A live cell ends; returns whether it was prepared ahead and never shown.
    mutating func ended(_ path: ItemPath) -> Bool { unshown.remove(path) != nil }

    /// The announcements of a pass whose cells ahead are `ahead`: paths whose cell is now live
    /// (`isLive`) are forgotten quietly; announced paths no longer ahead are cancelled (in index
    /// path order); paths ahead with no cell and no announcement are announced (nearest first)
    /// with the item `item` gives.
    mutating func announce(
        ahead: [(distance: Double, path: ItemPath)], isLive: (ItemPath) -> Bool, item: (ItemPath) -> ItemID?
    ) -> (cancelled: [ItemPath], fresh: [ItemPath]) {
        for path in announced.keys where isLive(path) { announced[path] = nil }
        let aheadPaths = Set(ahead.map(\.path))
        let cancelled = announced.keys.filter { !aheadPaths.contains($0) }.sorted()
        for path in cancelled { announced[path] = nil }
        let fresh = ahead.filter { !isLive($0.path) && announced[$0.path] == nil }
            .sorted { ($0.distance, $0.path) < ($1.distance, $1.path) }.map(\.path)
        for path in fresh { announced[path] = item(path) }
        return (cancelled, fresh)
    }

    /// After an apply: the cells prepared ahead are now at `unshown`; announced items follow
    /// their identifiers (`newPath`), and those of deleted items are dropped.
    mutating func remap(unshown: Set<ItemPath>, announcedAt newPath: (ItemID) -> ItemPath?) {
        self.unshown = unshown
        var moved: [ItemPath: ItemID] = [:]
        for (_, item) in announced {
            if let path = newPath(item) { moved[path] = item }
        }
        announced = moved
    }

    /// Forgets the rows' margins: a row turned or the sections changed.
    mutating func forgetMargins() { margins = nil }

    /// The rows' margins for a prefetch length `across`, given each row's direction by section
    /// index (0: not scrolled yet). Only rows that have scrolled can hold cells beyond their
    /// window (nothing is prepared ahead of a row before it moves, PF2), so only they get
    /// margins: the kept region `across` both ways, the wanted one ahead in the row's direction.
    mutating func rowMargins(
        across: Double, directions: [Double]
    ) -> (ahead: [Int: Viewport.Margin], kept: [Int: Viewport.Margin]) {
        if let margins, margins.across == across { return (margins.ahead, margins.kept) }
        var ahead: [Int: Viewport.Margin] = [:]
        var kept: [Int: Viewport.Margin] = [:]
        for (index, direction) in directions.enumerated() where direction != 0 {
            kept[index] = Viewport.Margin(before: across, after: across)
            ahead[index] = Viewport.Margin(before: direction < 0 ? across : 0, after: direction > 0 ? across : 0)
        }
        margins = (across, ahead, kept)
        return (ahead, kept)
    }
}
