import CollectionTypes

/// What is on screen or prepared: live cells and the items they show, the cells inside the
/// visible rectangle, supplementary and decoration views; and a generation bumped by every change
/// to any of them, so a frame can tell that nothing changed since the last pass (`FrameCache`).
struct LiveElements<ItemID: Hashable> {
    /// Live cells by index path (visible or prepared ahead). Free of the generic item type: this
    /// is the per-frame hot path, where generic storage costs metadata look-ups on every access.
    var cells: [ItemPath: CellHandle] = [:] {
        didSet { generation &+= 1 }
    }
    /// The item each live cell shows (read on applies only).
    var items: [ItemPath: ItemID] = [:]
    /// Live cells inside the visible rectangle (they had `cellDisplayed`).
    var displayed: Set<ItemPath> = [] {
        didSet { generation &+= 1 }
    }
    var supplementaries: Set<SupplementaryKey> = [] {
        didSet { generation &+= 1 }
    }
    /// Decoration views on screen (`layoutWide` unused: always false).
    var decorations: Set<SupplementaryKey> = [] {
        didSet { generation &+= 1 }
    }
    /// Bumped by every change to the cells, the displayed set or the views.
    private(set) var generation = 0
}
