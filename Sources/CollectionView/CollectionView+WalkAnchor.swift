import CollectionTypes
import CompositionalLayout

extension CollectionView {
    /// How far the scroll views may move from where a pass walked the layout before that walk's
    /// answer could change: a frame that stays within it holds the same elements in the same
    /// regions, so it has nothing to do and needs no walk (most frames of a scroll: callgrind
    /// counted 89 % of the home screen's frames ending with an unchanged walk).
    ///
    /// Which elements a pass finds changes only when an element's edge crosses an edge of a
    /// region (kept, wanted, visible; `Rect.intersects` is strict). Scrolling the main list moves
    /// every region along the main axis; scrolling a row moves that row's windows across. So the
    /// pass measures, over the elements within `reach` of the kept region, the smallest distance
    /// from an element's edge to a region's edge along the axis that moves it: the main list's
    /// slack over all elements, a row's over its own. Elements farther than `reach` cannot enter
    /// within it, so a slack is at most `reach`.
    ///
    /// Held only while nothing else changed: the layout's geometry (its generation), the view's
    /// size, the prefetch distances and the directions that shape the wanted region. A pass that
    /// meets a header or footer pinning to the bounds records none: its frame follows the
    /// viewport.
    struct WalkAnchor {
        var geometryGeneration: Int
        var viewSize: Size
        var prefetch: PrefetchPolicy
        var mainDirection: Double
        var rowDirections: [Double]
        var contentOffset: Double
        var rowOffsets: [Double]
        var mainSlack: Double
        /// By section index, as `rowOffsets`; `reach` for a row with no element near.
        var rowSlack: [Double]

        /// How far beyond the kept region the slack walk looks (points): a slack never exceeds it.
        static var reach: Double { 256 }
    }

    /// The anchor's inputs as they are now (everything but the slacks), read before a pass walks.
    func walkAnchorBasis() -> WalkAnchor {
        WalkAnchor(
            geometryGeneration: layout.geometryGeneration, viewSize: context.size, prefetch: prefetch,
            mainDirection: mainDirection, rowDirections: rowDirectionList, contentOffset: contentOffset,
            rowOffsets: orthogonalOffsetList, mainSlack: 0, rowSlack: [])
    }

    /// Whether a frame's walk would find what the anchor's walk found: nothing but the offsets
    /// changed, each by less than its slack.
    func walkAnchorHolds(_ anchor: WalkAnchor) -> Bool {
        guard anchor.geometryGeneration == layout.geometryGeneration, !layout.needsLayout,
            abs(contentOffset - anchor.contentOffset) < anchor.mainSlack, anchor.mainDirection == mainDirection,
            anchor.viewSize == context.size, anchor.prefetch == prefetch,
            orthogonalOffsetList.count == anchor.rowOffsets.count, rowDirectionList == anchor.rowDirections
        else { return false }
        for i in orthogonalOffsetList.indices where orthogonalOffsetList[i] != anchor.rowOffsets[i] {
            guard abs(orthogonalOffsetList[i] - anchor.rowOffsets[i]) < anchor.rowSlack[i] else { return false }
        }
        return true
    }

    /// Completes `basis` (read before the pass walked `regions`) with the slacks, walking the
    /// layout once more over the kept region widened by `reach`; nil when the geometry changed
    /// during the pass (a provider applied) or a pinnable header or footer is near.
    func makeWalkAnchor(_ basis: WalkAnchor, regions: PrefetchRegions) -> WalkAnchor? {
        guard basis.geometryGeneration == layout.geometryGeneration, !layout.needsLayout else { return nil }
        let reach = WalkAnchor.reach
        let main = regions.main
        let cross = main.other
        let kept = regions.kept
        let widened = Viewport(
            rect: kept.rect.extended(along: main, before: reach, after: reach).extended(
                along: cross, before: reach, after: reach),
            orthogonalOffsets: kept.orthogonalOffsets, pinningBoundary: kept.pinningBoundary, pinningEnd: kept.pinningEnd,
            rowMargins: kept.rowMargins)
        // The regions' edges along the main axis: kept, wanted, visible.
        let mainEdges = [kept.rect, regions.wanted.rect, regions.view].map { ($0.min(along: main), $0.max(along: main)) }
        var mainSlack = reach
        var rowSlack = [Double](repeating: reach, count: basis.rowOffsets.count)
        var pinnable = false
        // A row's windows across (kept, wanted, visible), for the section last seen.
        var windowSection = -1
        var windows: [(low: Double, high: Double)] = []
        layout.forEachVisibleElement(in: widened, marking: widened) { element, _ in
            if element.isPinnable { pinnable = true }
            let low = element.frame.min(along: main)
            let high = element.frame.max(along: main)
            for (edgeLow, edgeHigh) in mainEdges {
                mainSlack = Swift.min(mainSlack, abs(low - edgeHigh), abs(high - edgeLow))
            }
            let s = element.indexPath.section
            guard element.category != .layoutSupplementaryView, s < rowSlack.count,
                layout.orthogonalContentLength(ofSection: s) != nil
            else { return }
            if s != windowSection {
                windowSection = s
                let offset = basis.rowOffsets[s]
                func window(_ rect: Rect, _ margin: Viewport.Margin?) -> (low: Double, high: Double) {
                    let shifted = rect.offset(by: offset, along: cross)
                    return (
                        shifted.min(along: cross) - (margin?.before ?? 0), shifted.max(along: cross) + (margin?.after ?? 0)
                    )
                }
                windows = [
                    window(kept.rect, kept.rowMargins[s]), window(regions.wanted.rect, regions.wanted.rowMargins[s]),
                    window(regions.view, nil),
                ]
            }
            // Every element of an orthogonal section counts against its row, headers included:
            // they do not move with the row, so this only makes the row's slack smaller.
            let acrossLow = element.frame.min(along: cross)
            let acrossHigh = element.frame.max(along: cross)
            for (edgeLow, edgeHigh) in windows {
                rowSlack[s] = Swift.min(rowSlack[s], abs(acrossLow - edgeHigh), abs(acrossHigh - edgeLow))
            }
        }
        guard !pinnable else { return nil }
        // Rounding: an edge recomputed from a moved offset may differ in its last bits.
        let tolerance = 1e-6 + 1e-12 * abs(kept.rect.max(along: main))
        var anchor = basis
        anchor.mainSlack = mainSlack - tolerance
        anchor.rowSlack = rowSlack.map { $0 - tolerance }
        return anchor
    }
}
