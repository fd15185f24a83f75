/// The frames of one group instance.
struct GroupSolution: Sendable, Hashable {
    /// The group's size; on estimated axes, the extent of its content (UIKit model G1.10.2).
    var size: Size
    /// Cell frames relative to the group's origin, after content insets, in the depth-first order
    /// in which they consume data items (G1.4.6).
    var leaves: [Rect]
    /// Item supplementaries (badges) of the leaves, relative to the group's origin.
    var supplementaries: [PlacedItemSupplementary] = []

    /// The lowest and highest coordinate of any leaf along `axis`, relative to the group origin.
    ///
    /// Leaves and badges may stick out of the group (edge spacing, `repeatingSubitem` overflow,
    /// custom frames, anchored offsets),
    /// so range queries widen their search by this overhang to stay exact.
    func leafExtent(along axis: Axis) -> (min: Double, max: Double) {
        var low = 0.0
        var high = size.length(along: axis)
        for frame in leaves + supplementaries.map(\.frame) {
            low = Swift.min(low, frame.min(along: axis))
            high = Swift.max(high, frame.max(along: axis))
        }
        return (low, high)
    }
}
