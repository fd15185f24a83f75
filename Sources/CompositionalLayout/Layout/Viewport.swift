/// What a viewport query asks for: the visible rectangle of the main content plus each orthogonal
/// section's own offset (SEMANTICS B3.2, G1.9.5, G1.9.6).
public struct Viewport: Sendable, Hashable {
    /// The visible rectangle in content coordinates (content offset and bounds size; widen it by
    /// the prefetch distance to include prefetched cells).
    public var rect: Rect
    /// Orthogonal offsets by section index; a missing section is at offset 0.
    public var orthogonalOffsets: [Int: Double]
    /// The main-axis coordinate below which pinned headers may not go (content offset plus the
    /// adjusted content inset's leading part, G1.8.4); nil pins to `rect`'s start.
    public var pinningBoundary: Double?

    public init(rect: Rect, orthogonalOffsets: [Int: Double] = [:], pinningBoundary: Double? = nil) {
        self.rect = rect
        self.orthogonalOffsets = orthogonalOffsets
        self.pinningBoundary = pinningBoundary
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
