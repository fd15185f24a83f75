import CollectionTypes
import CompositionalLayout

/// How far the scroll views may move from where a pass walked the layout before that walk's
/// answer could change: a frame that stays within it holds the same elements in the same
/// regions, so it has nothing to do and needs no walk (most frames of a scroll are such frames).
///
/// Which elements a pass finds changes only when an element's edge crosses an edge of a
/// region (kept, wanted, visible; `Rect.intersects` is strict). Scrolling the main list moves
/// every region along the main axis; scrolling a row moves that row's windows (and only its
/// items and their supplementary views) across. So the pass measures, over the elements within
/// `reach` of the kept region, how far each offset may go back and forward before a region's
/// edge meets an element's edge along the axis it moves: the main list's slack over all
/// elements, a row's over its own. Elements farther than `reach` cannot come within it, so a
/// slack is at most `reach`.
///
/// Held only while nothing else changed: the layout's geometry (its generation), the view's
/// size, the prefetch distances and the directions that shape the wanted region. A pass that
/// meets a header or footer pinning to the bounds records none: its frame follows the
/// viewport.
///
/// Outside the generic `CollectionView`: a nested type's metadata is looked up on every use in
/// the unspecialised code ScrollSimUIKit runs.
struct WalkAnchor {
    var geometryGeneration: Int
    var viewSize: Size
    var prefetch: PrefetchPolicy
    var mainDirection: Double
    var rowDirections: [Double]
    var contentOffset: Double
    var rowOffsets: [Double]
    /// How far the main offset may go back and forward.
    var mainSlack: Slack
    /// By section index, as `rowOffsets`; `reach` both ways for a row with no element near.
    var rowSlack: [Slack]

    /// How far an offset may move each way before an edge meets another: the nearest edge
    /// behind a scroll does not limit it (a scroll meets the ones ahead).
    struct Slack {
        var back: Double
        var forward: Double

        func allows(_ delta: Double) -> Bool { delta < forward && -delta < back }

        /// Narrowed for an element edge that the moving region edge meets after `distance`
        /// (element edge − region edge; zero: touching, no move allowed either way).
        @inline(__always) mutating func meet(_ distance: Double) {
            if distance >= 0 { forward = Swift.min(forward, distance) }
            if distance <= 0 { back = Swift.min(back, -distance) }
        }
    }

    /// How far beyond the kept region the slack walk looks (points): a slack never exceeds it.
    static var reach: Double { 256 }
}

/// Which passes record a `WalkAnchor`. Recording is a second walk; on a screen where every frame
/// finds something changed (or a pinnable header is always near), no frame would use the anchor,
/// so after three unused in a row a pass records one only every eighth time, until one is used.
struct WalkAnchorPacing {
    private var attempted = false
    private var lastUsed = false
    private var unused = 0
    private var wait = 0

    /// A frame skipped its walk on the anchor recorded last.
    mutating func used() { lastUsed = true }

    /// A pass walks: returns whether it records an anchor.
    mutating func walks() -> Bool {
        if attempted { unused = lastUsed ? 0 : unused + 1 }
        lastUsed = false
        if unused < 3 {
            attempted = true
        } else {
            if wait == 0 { wait = 8 }
            wait -= 1
            attempted = wait == 0
        }
        return attempted
    }
}

extension CollectionView {
    /// The anchor's inputs as they are now (everything but the slacks), read before a pass walks.
    func walkAnchorBasis() -> WalkAnchor {
        WalkAnchor(
            geometryGeneration: layout.geometryGeneration, viewSize: context.size, prefetch: prefetch,
            mainDirection: scroll.mainDirection, rowDirections: scroll.directionList, contentOffset: contentOffset,
            rowOffsets: scroll.rowList, mainSlack: WalkAnchor.Slack(back: 0, forward: 0), rowSlack: [])
    }

    /// Whether a frame's walk would find what the anchor's walk found: nothing but the offsets
    /// changed, each by less than its slack.
    func walkAnchorHolds(_ anchor: WalkAnchor) -> Bool {
        guard anchor.geometryGeneration == layout.geometryGeneration, !layout.needsLayout,
            contentOffset == anchor.contentOffset || anchor.mainSlack.allows(contentOffset - anchor.contentOffset),
            anchor.mainDirection == scroll.mainDirection,
            anchor.viewSize == context.size, anchor.prefetch == prefetch,
            scroll.rowList.count == anchor.rowOffsets.count, scroll.directionList == anchor.rowDirections
        else { return false }
        let rows = scroll.rowList
        for i in rows.indices where rows[i] != anchor.rowOffsets[i] {
            guard anchor.rowSlack[i].allows(rows[i] - anchor.rowOffsets[i]) else { return false }
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
        let wanted = regions.wanted
        let widened = Viewport(
            rect: kept.rect.extended(along: main, before: reach, after: reach).extended(
                along: cross, before: reach, after: reach),
            orthogonalOffsets: kept.orthogonalOffsets, pinningBoundary: kept.pinningBoundary, pinningEnd: kept.pinningEnd,
            rowMargins: kept.rowMargins)
        // The regions' edges along the main axis (kept, wanted, visible): tuples, not a list, so
        // that the walk's closure reads them without a heap box.
        let keptAlong = (kept.rect.min(along: main), kept.rect.max(along: main))
        let wantedAlong = (wanted.rect.min(along: main), wanted.rect.max(along: main))
        let viewAlong = (regions.view.min(along: main), regions.view.max(along: main))
        var mainSlack = WalkAnchor.Slack(back: reach, forward: reach)
        var rowSlack = [WalkAnchor.Slack](repeating: mainSlack, count: basis.rowOffsets.count)
        var pinnable = false
        // The row windows' edges across (kept, wanted, visible) of the section last seen.
        var windowSection = -1
        var keptAcross = (0.0, 0.0)
        var wantedAcross = (0.0, 0.0)
        var viewAcross = (0.0, 0.0)
        /// Overlap is strict (`Rect.intersects`): it changes when the region's high edge passes
        /// the element's low one, or its low edge the element's high one.
        @inline(__always) func meet(_ slack: inout WalkAnchor.Slack, _ low: Double, _ high: Double, _ edges: (Double, Double)) {
            slack.meet(low - edges.1)
            slack.meet(high - edges.0)
        }
        layout.forEachVisibleElement(in: widened, marking: widened) { element, _ in
            if element.isPinnable { pinnable = true }
            let low = element.frame.min(along: main)
            let high = element.frame.max(along: main)
            meet(&mainSlack, low, high, keptAlong)
            meet(&mainSlack, low, high, wantedAlong)
            meet(&mainSlack, low, high, viewAlong)
            let s = element.indexPath.section
            guard element.movesWithRow, s < rowSlack.count else { return }
            if s != windowSection {
                windowSection = s
                // The windows the walk tested this row's items against (the layout's own
                // arithmetic), at the offsets the pass saw.
                let offset = basis.rowOffsets[s]
                let keptWindow = kept.rowWindow(s, across: cross, offset: offset)
                let wantedWindow = wanted.rowWindow(s, across: cross, offset: offset)
                let viewWindow = Viewport(rect: regions.view).rowWindow(s, across: cross, offset: offset)
                keptAcross = (keptWindow.min(along: cross), keptWindow.max(along: cross))
                wantedAcross = (wantedWindow.min(along: cross), wantedWindow.max(along: cross))
                viewAcross = (viewWindow.min(along: cross), viewWindow.max(along: cross))
            }
            let acrossLow = element.frame.min(along: cross)
            let acrossHigh = element.frame.max(along: cross)
            meet(&rowSlack[s], acrossLow, acrossHigh, keptAcross)
            meet(&rowSlack[s], acrossLow, acrossHigh, wantedAcross)
            meet(&rowSlack[s], acrossLow, acrossHigh, viewAcross)
        }
        guard !pinnable else { return nil }
        // Rounding: an edge recomputed from a moved offset may differ in its last bits.
        let magnitude = abs(kept.rect.max(along: main)) + (basis.rowOffsets.lazy.map(abs).max() ?? 0) + reach
        let tolerance = 1e-6 + 1e-12 * magnitude
        func shrunk(_ slack: WalkAnchor.Slack) -> WalkAnchor.Slack {
            WalkAnchor.Slack(back: slack.back - tolerance, forward: slack.forward - tolerance)
        }
        var anchor = basis
        anchor.mainSlack = shrunk(mainSlack)
        for i in rowSlack.indices { rowSlack[i] = shrunk(rowSlack[i]) }
        anchor.rowSlack = rowSlack
        return anchor
    }
}
