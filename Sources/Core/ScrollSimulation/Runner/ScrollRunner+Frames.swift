import CollectionView

extension ScrollRunner {
    /// Starts (or replaces) the motion of one scroll view and makes sure frames run.
    @inlinable
    public func start(_ motion: ScrollMotion, on target: Target) {
        _motions.start(motion, on: target)
        scheduleFrame()
    }

    /// Stops every motion (a programmatic scroll takes over).
    public func stopMotions() {
        _motions.removeAll()
    }

    /// The first half of a frame: counts it and steps every motion by 1/`frameRate` (P1.6). The
    /// host sets the returned offsets in one layout cycle (cells realised once), then calls
    /// `finishFrame`.
    @inlinable
    public func stepFrame(in view: View) -> ScrollMotions<Section>.Frame {
        _ownCounts.total.frames += 1
        cause = "frame"
        return _motions.step(dt: 1000 / frameRate, physics: physics) { Self.offset(of: $0, in: view) }
    }

    /// The second half of a frame, after its offsets were set: motions that reached their target
    /// or the content's edge end (no bounce, P1.6), and the next frame is scheduled while any goes
    /// on.
    /// - Returns: the scroll views whose motion ended.
    @discardableResult @inlinable
    public func finishFrame(_ frame: ScrollMotions<Section>.Frame, in view: View) -> [Target] {
        let ended = _motions.finish(frame) { Self.offset(of: $0, in: view) }
        scheduleFrame(preparing: view.hasPendingPrefetch)
        return ended
    }

    /// After the host handled an event: frames go on while cells wait to be prepared ahead even
    /// if nothing moves (one per frame, PF4).
    @inlinable
    public func settle(_ view: View) {
        scheduleFrame(preparing: view.hasPendingPrefetch)
    }

    /// The current offset of a scroll view; nil for a section that is not an orthogonal row.
    /// Runs every frame, so it only reads cached values.
    @inlinable
    public static func offset(of target: Target, in view: View) -> Double? {
        switch target {
        case .main: view.contentOffset
        case .row(let section): view.rowOffset(of: section)
        }
    }
}
