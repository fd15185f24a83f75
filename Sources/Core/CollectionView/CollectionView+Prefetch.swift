import CollectionTypes
import CompositionalLayout

/// The regions of one visible-elements update (PF2 to PF5): the visible rectangle; the region
/// where cells are wanted (visible, or ahead in each scroll view's direction); the wider region
/// where live cells stay prepared (the prefetch distance on both sides).
struct PrefetchRegions {
    let main: Axis
    /// The visible rectangle of the main content.
    let view: Rect
    /// Visible or about to be: the query that finds cells to request.
    let wanted: Viewport
    /// Within the prefetch distance on either side: live cells outside it end.
    let kept: Viewport
    /// Orthogonal sections' offsets by section index (0 for none or beyond the end).
    let rowOffsets: [Double]
    let layout: CompositionalLayout

    /// Where a cell is: visible, or how far ahead of the visible area (along whichever axis it
    /// lies beyond it); nil for neither.
    func place(of frame: Rect, section: Int) -> (visible: Bool, distance: Double) {
        let cross = main.other
        let shown =
            layout.orthogonalContentLength(ofSection: section) != nil
            ? frame.offset(by: -(section < rowOffsets.count ? rowOffsets[section] : 0), along: cross) : frame
        if shown.intersects(view) { return (true, 0) }
        func gap(_ axis: Axis) -> Double {
            Swift.max(0, view.min(along: axis) - shown.max(along: axis), shown.min(along: axis) - view.max(along: axis))
        }
        return (false, Swift.max(gap(main), gap(cross)))
    }
}

extension CollectionView {
    /// The regions for the current offsets and scroll directions.
    func prefetchRegions() -> PrefetchRegions {
        let main = mainAxis
        let cross = main.other
        let view = visibleRect
        let pinning = self.pinning
        guard prefetch.isEnabled else {
            let viewport = Viewport(
                rect: view, orthogonalOffsets: scroll.rowsByIndex, pinningBoundary: pinning.boundary,
                pinningEnd: pinning.viewportEnd)
            return PrefetchRegions(
                main: main, view: view, wanted: viewport, kept: viewport, rowOffsets: scroll.rowList,
                layout: layout)
        }
        let along = prefetch.length(viewport: context.size.length(along: main))
        let across = prefetch.length(viewport: context.size.length(along: cross))
        let ahead = view.extended(
            along: main, before: scroll.mainDirection < 0 ? along : 0, after: scroll.mainDirection > 0 ? along : 0)
        let (aheadMargins, keptMargins) = prefetched.rowMargins(across: across, directions: scroll.directionList)
        return PrefetchRegions(
            main: main, view: view,
            wanted: Viewport(
                rect: ahead, orthogonalOffsets: scroll.rowsByIndex, pinningBoundary: pinning.boundary,
                pinningEnd: pinning.viewportEnd, rowMargins: aheadMargins),
            kept: Viewport(
                rect: view.extended(along: main, before: along, after: along), orthogonalOffsets: scroll.rowsByIndex,
                pinningBoundary: pinning.boundary, pinningEnd: pinning.viewportEnd, rowMargins: keptMargins),
            rowOffsets: scroll.rowList, layout: layout)
    }
}
