/// What a viewport query asks for: the visible rectangle of the main content plus each orthogonal
/// section's own offset (UIKit model B3.2, G1.9.5, G1.9.6).
public struct Viewport: Sendable, Hashable {
    /// The visible rectangle in content coordinates (content offset and bounds size; widen it by
    /// the prefetch distance to include prefetched cells).
    public var rect: Rect
    /// Orthogonal offsets by section index; a missing section is at offset 0.
    public var orthogonalOffsets: [Int: Double]
    /// The main-axis coordinate below which pinned headers may not go (content offset plus the
    /// adjusted content inset's leading part, G1.8.4); nil pins to `rect`'s start.
    public var pinningBoundary: Double?
    /// Where pinned footers stop (the visible area's end); nil: `rect`'s end.
    public var pinningEnd: Double?
    /// How far orthogonal rows' windows reach beyond `rect` across the main axis, by section
    /// index (the prefetched and retained cells of rows, PF3, PF5); a missing section: none.
    public var rowMargins: [Int: Margin]

    /// Lengths added before the start and after the end of a range.
    public struct Margin: Sendable, Hashable {
        public var before: Double
        public var after: Double

        public init(before: Double, after: Double) {
            self.before = before
            self.after = after
        }
    }

    public init(
        rect: Rect, orthogonalOffsets: [Int: Double] = [:], pinningBoundary: Double? = nil, pinningEnd: Double? = nil,
        rowMargins: [Int: Margin] = [:]
    ) {
        self.rect = rect
        self.orthogonalOffsets = orthogonalOffsets
        self.pinningBoundary = pinningBoundary
        self.pinningEnd = pinningEnd
        self.rowMargins = rowMargins
    }
    /// The window orthogonal section `section`'s items are tested against (B3.2, PF3): `rect`
    /// shifted across the main axis (`cross`) by the row's offset — `offset`, or else the one
    /// stored here — and widened by the row's margins. The layout's walk and a collection view's
    /// walk anchor both take a row's edges from here, so they agree to the last bit.
    public func rowWindow(_ section: Int, across cross: Axis, offset: Double? = nil) -> Rect {
        let shifted = rect.offset(by: offset ?? orthogonalOffsets[section] ?? 0, along: cross)
        guard let margin = rowMargins[section] else { return shifted }
        return shifted.extended(along: cross, before: margin.before, after: margin.after)
    }
}

/// Where pinned headers and footers go for one scroll position (G1.8.4): a pinned header stays
/// at or below `boundary` (the content offset plus the adjusted content inset's leading part), a
/// pinned footer at or above `viewportEnd` (the visible area's trailing edge), each within its
/// section.
public struct Pinning: Sendable, Hashable {
    public var boundary: Double
    public var viewportEnd: Double

    public init(boundary: Double, viewportEnd: Double) {
        self.boundary = boundary
        self.viewportEnd = viewportEnd
    }
}
