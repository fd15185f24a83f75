extension SectionGeometry {
    /// How far items and decorations reach before the section's start and after its end along
    /// the main axis (zero for items inside their groups; an orthogonal row's items stay within
    /// its length).
    var elementReach: (before: Double, after: Double) {
        var before = 0.0
        var after = 0.0
        if !isOrthogonal, itemCount > 0 {
            let start = contentOrigin.value(along: mainAxis)
            before = overhang.before - start
            after = start + run.length + overhang.after - length
        }
        for i in decorations.indices {
            let frame = decorationFrame(i)
            before = Swift.max(before, -frame.min(along: mainAxis))
            after = Swift.max(after, frame.max(along: mainAxis) - length)
        }
        return (Swift.max(before, 0), Swift.max(after, 0))
    }

    /// The leaves of instance `k` relative to the instance origin.
    @inline(__always)
    func leaves(ofInstance k: Int) -> [Rect] { measuredInstances[k]?.leaves ?? template.leaves }

    /// The section-local origin of instance `k`.
    @inline(__always)
    func origin(ofInstance k: Int) -> Point {
        let start = run.start(of: k)
        return runAxis == .horizontal
            ? Point(x: contentOrigin.x + start, y: contentOrigin.y)
            : Point(x: contentOrigin.x, y: contentOrigin.y + start)
    }

    /// The section-local frame of `item` (unscrolled for orthogonal sections).
    /// - Complexity: O(1), O(log n) once cells were measured.
    func frame(ofItem item: Int) -> Rect? {
        guard item >= 0, item < itemCount else { return nil }
        let n = leavesPerInstance
        let k = item / n
        let o = origin(ofInstance: k)
        return leaves(ofInstance: k)[item - k * n].offsetBy(dx: o.x, dy: o.y)
    }

    /// The group instances whose leaves or badges may meet `rect` (section-local), widened by the
    /// overhang so the answer stays exact.
    private func instances(intersecting rect: Rect) -> Range<Int> {
        let base = contentOrigin.value(along: runAxis)
        return run.instances(
            intersecting: rect.min(along: runAxis) - base, rect.max(along: runAxis) - base,
            before: overhang.before, after: overhang.after)
    }

    /// Calls `body` with each item whose section-local frame intersects `rect`, in item order.
    /// - Complexity: O(log n + instances the rect touches × leaves per instance); for a group of
    ///   many leaves, O(log leaves + leaves near the rect) per instance (LeafIndex).
    func forEachItem(intersecting rect: Rect, _ body: (Int, Rect) -> Void) {
        let range = instances(intersecting: rect)
        let n = leavesPerInstance
        for k in range {
            let o = origin(ofInstance: k)
            if let leafIndex, measuredInstances[k] == nil {
                let shift = o.value(along: runAxis)
                let leaves = template.leaves
                for j in leafIndex.candidates(from: rect.min(along: runAxis) - shift, to: rect.max(along: runAxis) - shift) {
                    let item = k * n + j
                    guard item < itemCount else { break }
                    let frame = leaves[j].offsetBy(dx: o.x, dy: o.y)
                    if frame.intersects(rect) { body(item, frame) }
                }
                continue
            }
            for (j, leaf) in leaves(ofInstance: k).enumerated() {
                let item = k * n + j
                guard item < itemCount else { break }
                let frame = leaf.offsetBy(dx: o.x, dy: o.y)
                if frame.intersects(rect) { body(item, frame) }
            }
        }
    }

    /// Calls `body` with each item supplementary (badge) whose section-local frame intersects
    /// `rect`: the item index, the placed supplementary and its frame, in item order.
    /// - Complexity: O(log n + instances the rect touches × supplementaries per instance); O(1)
    ///   for sections without item supplementaries.
    func forEachItemSupplementary(intersecting rect: Rect, _ body: (Int, PlacedItemSupplementary, Rect) -> Void) {
        guard !template.supplementaries.isEmpty else { return }
        let range = instances(intersecting: rect)
        let n = leavesPerInstance
        for k in range {
            let o = origin(ofInstance: k)
            for placed in measuredInstances[k]?.supplementaries ?? template.supplementaries {
                let item = k * n + placed.leaf
                guard item < itemCount else { break }
                let frame = placed.frame.offsetBy(dx: o.x, dy: o.y)
                if frame.intersects(rect) { body(item, placed, frame) }
            }
        }
    }

    /// Every item supplementary with its item index and section-local frame.
    /// - Complexity: O(items × supplementaries per item).
    func allItemSupplementaries() -> [(item: Int, placed: PlacedItemSupplementary, frame: Rect)] {
        guard !template.supplementaries.isEmpty, itemCount > 0 else { return [] }
        var result: [(Int, PlacedItemSupplementary, Rect)] = []
        let n = leavesPerInstance
        for k in 0...((itemCount - 1) / n) {
            let o = origin(ofInstance: k)
            for placed in measuredInstances[k]?.supplementaries ?? template.supplementaries where k * n + placed.leaf < itemCount
            {
                result.append((k * n + placed.leaf, placed, placed.frame.offsetBy(dx: o.x, dy: o.y)))
            }
        }
        return result
    }

    /// Every item frame, section-local. For tests and the benchmark's brute-force baseline.
    /// - Complexity: O(items).
    func allItemFrames() -> [Rect] {
        (0..<itemCount).map { frame(ofItem: $0)! }
    }
}
