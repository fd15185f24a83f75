/// Where the group instances of one section sit along the axis they repeat on.
///
/// Instance k starts at `k × (extent + spacing)` while no cell has been measured (the section is
/// periodic, UIKit model G1.6.2 and G1.9.2), so positions are arithmetic and cost no memory per item.
/// Once a self-sizing cell changes an instance's extent, a Fenwick tree over the instance pitches
/// keeps positions and searches at O(log n).
struct InstanceRun: Sendable {
    let count: Int
    /// The extent of an unmeasured instance.
    let extent: Double
    let spacing: Double
    /// Extents of measured instances that differ from `extent`.
    private(set) var measuredExtents: [Int: Double] = [:]
    private var pitches: FenwickTree?

    init(count: Int, extent: Double, spacing: Double) {
        self.count = count
        self.extent = extent
        self.spacing = spacing
    }

    /// The distance between the starts of consecutive unmeasured instances.
    var pitch: Double { extent + spacing }

    /// The start of instance `k`.
    /// - Complexity: O(1) while unmeasured, O(log n) after.
    func start(of k: Int) -> Double {
        if let pitches { return pitches.prefixSum(k) }
        return Double(k) * pitch
    }

    /// The extent of instance `k`.
    func extent(of k: Int) -> Double { measuredExtents[k] ?? extent }

    /// The total length: instances and the spacing between them (not after the last).
    var length: Double {
        guard count > 0 else { return 0 }
        return start(of: count - 1) + extent(of: count - 1)
    }

    /// Records a new extent for instance `k`.
    /// - Complexity: O(log n); O(n) the first time, to build the tree.
    mutating func setExtent(_ value: Double, of k: Int) {
        let old = extent(of: k)
        guard value != old else { return }
        if pitches == nil { pitches = FenwickTree(count: count, value: pitch) }
        pitches!.add(value - old, at: k)
        measuredExtents[k] = value == extent ? nil : value
    }

    /// The instances whose span `[start − before, start + extent + after)` intersects `[low, high)`.
    ///
    /// `before` and `after` widen each instance by how far its leaves may stick out of it.
    /// - Complexity: O(log n) to find the bounds.
    func instances(intersecting low: Double, _ high: Double, before: Double, after: Double) -> Range<Int> {
        guard count > 0, low < high else { return 0..<0 }
        let first: Int
        if pitches != nil || pitch <= 0 {
            first = firstEnding(after: low - after)
        } else {
            // end(k) = k·p + extent; first k with end(k) + after > low, corrected for rounding.
            var k = clampedIndex(((low - after - extent) / pitch).rounded(.down) + 1)
            while k > 0, start(of: k - 1) + extent + after > low { k -= 1 }
            while k < count, start(of: k) + extent + after <= low { k += 1 }
            first = k
        }
        var last = first
        if pitches == nil, pitch > 0 {
            var k = Swift.max(first, clampedIndex(((high + before) / pitch).rounded(.up)))
            while k > first, start(of: k - 1) - before >= high { k -= 1 }
            while k < count, start(of: k) - before < high { k += 1 }
            last = k
        } else {
            while last < count, start(of: last) - before < high { last += 1 }
        }
        return first..<Swift.max(first, last)
    }

    /// `value` as an instance index in `0...count`; safe for huge, negative or NaN values.
    private func clampedIndex(_ value: Double) -> Int {
        guard value > 0 else { return 0 }
        return value >= Double(count) ? count : Int(value)
    }

    /// The first instance whose end lies after `position`.
    private func firstEnding(after position: Double) -> Int {
        guard let pitches else {
            // Zero pitch: every instance sits at 0.
            return extent > position ? 0 : count
        }
        // end(k) = prefix(k + 1) − spacing; find the first k with end(k) > position.
        let m = pitches.firstPrefix(exceeding: position + spacing)
        return Swift.min(count, Swift.max(0, m - 1))
    }
}
