/// How the collection view prepares cells before they are visible (UIKit's `isPrefetchingEnabled`,
/// true by default; docs/uikit-model.md, PF1 to PF6).
///
/// Once a scroll view moves, cells within `distance` ahead of its viewport in the direction it
/// moves are requested before they show, at most `cellsPerPass` per layout pass (one frame), so
/// the work is spread over frames; visible cells are never held back. Cells that leave the
/// viewport, or were prepared and not shown, stay prepared while they are within `distance` of it
/// on either side: coming back costs no cell-provider call. Nothing is prepared ahead before the
/// first scroll.
public struct PrefetchPolicy: Sendable, Hashable {
    /// How far ahead cells are prepared and how far behind they are kept.
    public enum Distance: Sendable, Hashable {
        /// A fixed length in points.
        case points(Double)
        /// A fraction of the scroll view's viewport length along the direction it scrolls.
        case screens(Double)
    }

    public var distance: Distance
    /// Cells prepared ahead per layout pass (frame), nearest first.
    public var cellsPerPass: Int

    public init(distance: Distance, cellsPerPass: Int = 1) {
        self.distance = distance
        self.cellsPerPass = cellsPerPass
    }

    /// UIKit's default as modelled: half a viewport ahead, one cell per frame (PF3, PF4 [B]).
    public static let uikit = PrefetchPolicy(distance: .screens(0.5), cellsPerPass: 1)
    /// No prefetching (`isPrefetchingEnabled = false`): only visible cells are requested, and a
    /// cell that leaves the viewport goes back to its pool at once.
    public static let disabled = PrefetchPolicy(distance: .points(0), cellsPerPass: 0)

    /// Whether cells are prepared ahead at all.
    public var isEnabled: Bool { cellsPerPass > 0 && length(viewport: 1) > 0 }

    /// The distance in points for a viewport of `viewport` points along the scroll direction.
    public func length(viewport: Double) -> Double {
        switch distance {
        case .points(let points): Swift.max(0, points)
        case .screens(let screens): Swift.max(0, screens) * Swift.max(0, viewport)
        }
    }
}
