/// The motions in progress on one screen: at most one per scroll view (the main one or an
/// orthogonal row), stepped in the order they started so runs are deterministic. The simulation
/// and `ScrollSimUIKit`'s simulator both drive their frames with it; the caller owns the offsets.
/// Inlinable: it runs every frame, and called unspecialized from another module its generic code
/// would go through value witnesses on every step (`scrollsim-bench uikit` measures the frames).
public struct ScrollMotions<Row: Hashable & Sendable>: Sendable {
    /// Which scroll view a motion moves.
    public enum Target: Hashable, Sendable {
        case main
        case row(Row)
    }

    /// One frame's new offsets, to set in one layout cycle, then pass to `finish`.
    public struct Frame: Sendable {
        /// The main offset, if a motion moved it.
        public var main: Double?
        /// The rows' offsets, in motion order.
        public var rows: [(section: Row, offset: Double)] = []
        /// Drags whose finger lifted in this frame, with where they will rest (P3.3).
        public var released: [(target: Target, restingAt: Double)] = []
        /// Each stepped motion's target, and its position and continuation, in motion order: two
        /// lists rather than one of (target, position, next) tuples, which would be copied through
        /// the runtime's generic tuple witnesses every frame.
        @usableFromInline var movedTargets: [Target] = []
        @usableFromInline var moved: [(position: Double, next: ScrollMotion?)] = []

        @inlinable init() {}

        /// Empties the lists, keeping their storage. They hold a motion or two: taking those off
        /// the end skips `removeAll(keepingCapacity:)`'s general path. Written out rather than
        /// through a shared helper, which would not be specialised for these generic tuples (see
        /// CollectionView's `emptyKeepingStorage`).
        @inlinable mutating func empty() {
            main = nil
            while !rows.isEmpty { rows.removeLast() }
            while !released.isEmpty { released.removeLast() }
            while !movedTargets.isEmpty { movedTargets.removeLast() }
            while !moved.isEmpty { moved.removeLast() }
        }
    }

    /// The motions in progress and their targets, side by side (not a list of tuples: see
    /// `Frame.moved`).
    @usableFromInline var targets: [Target] = []
    @usableFromInline var motions: [ScrollMotion] = []
    /// The last frame `finish` was given: its lists are the next frame's, emptied (a frame then
    /// allocates none of its own; by then the caller has let go of its copy).
    @usableFromInline var spare = Frame()

    public init() {}

    /// Whether nothing moves.
    @inlinable public var isEmpty: Bool { targets.isEmpty }

    /// Starts a motion, replacing the target's current one.
    @inlinable public mutating func start(_ motion: ScrollMotion, on target: Target) {
        if let i = targets.firstIndex(of: target) {
            targets.remove(at: i)
            motions.remove(at: i)
        }
        targets.append(target)
        motions.append(motion)
    }

    /// Stops every motion.
    @inlinable public mutating func removeAll() {
        targets.removeAll()
        motions.removeAll()
    }

    /// Advances every motion by `dt` milliseconds (P1.6) from the offsets `offset` reads; a
    /// motion whose target has no offset (a row that is no longer orthogonal) is skipped.
    @inlinable public mutating func step(dt: Double, physics: PhysicsParameters, offset: (Target) -> Double?) -> Frame {
        var frame = spare
        spare = Frame()
        frame.empty()
        for (target, motion) in zip(targets, motions) {
            guard let position = offset(target) else { continue }
            let step = motion.step(from: position, dt: dt, physics: physics)
            switch target {
            case .main: frame.main = step.position
            case .row(let section): frame.rows.append((section, step.position))
            }
            if let resting = step.releasedToward { frame.released.append((target, resting)) }
            frame.movedTargets.append(target)
            frame.moved.append((step.position, step.next))
        }
        return frame
    }

    /// After the frame's offsets were set: keeps the motions that go on, and returns the targets
    /// whose motion ended — finished, or clamped at the content's edge (no bounce, P1.6).
    @inlinable public mutating func finish(_ frame: Frame, offset: (Target) -> Double?) -> [Target] {
        // The motions are rebuilt from the frame in their own storage.
        while !targets.isEmpty { targets.removeLast() }
        while !motions.isEmpty { motions.removeLast() }
        var ended: [Target] = []
        for (target, (position, following)) in zip(frame.movedTargets, frame.moved) {
            if let following, offset(target) == position {
                targets.append(target)
                motions.append(following)
            } else {
                ended.append(target)
            }
        }
        spare = frame
        return ended
    }
}
