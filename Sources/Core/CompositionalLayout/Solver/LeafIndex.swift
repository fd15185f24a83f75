/// A search structure over a group's leaves along one axis, for groups with many leaves (a custom
/// group holding a whole section's items, as a flow layout's sections of mixed sizes do): the
/// leaves a range may meet are found in O(log n + leaves in between) instead of O(n).
///
/// Exact for leaves in any order: `prefixMaxEnd` (the furthest end of leaves 0...j) rises and
/// `suffixMinStart` (the nearest start of leaves j...) rises, so the leaves before the first whose
/// prefix reaches the range all end before it, and the leaves from the first whose suffix starts
/// past the range all start after it. Leaves in between are checked one by one by the caller.
struct LeafIndex: Sendable, Hashable {
    private let prefixMaxEnd: [Double]
    private let suffixMinStart: [Double]

    /// Groups with fewer leaves are scanned whole (the index would not pay for itself).
    static let threshold = 64

    init(_ leaves: [Rect], along axis: Axis) {
        var prefix = [Double]()
        prefix.reserveCapacity(leaves.count)
        var furthest = -Double.infinity
        for leaf in leaves {
            furthest = Swift.max(furthest, leaf.max(along: axis))
            prefix.append(furthest)
        }
        var suffix = [Double](repeating: 0, count: leaves.count)
        var nearest = Double.infinity
        for j in leaves.indices.reversed() {
            nearest = Swift.min(nearest, leaves[j].min(along: axis))
            suffix[j] = nearest
        }
        prefixMaxEnd = prefix
        suffixMinStart = suffix
    }

    /// The leaves that may meet `low...high` along the axis (relative to the group's origin).
    /// - Complexity: O(log n).
    func candidates(from low: Double, to high: Double) -> Range<Int> {
        let start = firstIndex(in: prefixMaxEnd) { $0 >= low }
        let end = firstIndex(in: suffixMinStart) { $0 > high }
        return start..<Swift.max(start, end)
    }

    /// The first index whose value satisfies `predicate` in a rising array (its count if none).
    private func firstIndex(in values: [Double], where predicate: (Double) -> Bool) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let mid = (low + high) / 2
            if predicate(values[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
