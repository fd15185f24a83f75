import CollectionView

extension Simulation {
    /// Starts (or replaces) the motion of one target and makes sure frames run.
    func startAnimation(_ animation: Animation) {
        animations.removeAll { $0.target == animation.target }
        animations.append(animation)
        scheduleFrame()
    }

    func scheduleFrame() {
        guard !frameScheduled, !animations.isEmpty else { return }
        frameScheduled = true
        queue.schedule(.frame, at: time + 1 / spec.frameRate)
    }

    /// One frame: every motion advances by 1/frameRate (P1.6), all new offsets are set in one
    /// layout cycle (cells realised once), finished motions end or settle.
    func frame() throws(SimulationError) {
        simulationCounts.total.frames += 1
        cause = "frame"
        let dt = 1000 / spec.frameRate
        var mainOffset: Double?
        var rowOffsets: [(section: String, offset: Double)] = []
        var moved: [(target: Animation.Target, position: Double, following: Animation?)] = []
        for animation in animations {
            guard let position = offset(of: animation.target) else { continue }
            let step = animation.motion.step(from: position, dt: dt, physics: spec.physics)
            let newPosition = step.position
            let following = step.next.map { Animation(target: animation.target, motion: $0) }
            if let target = step.releasedToward { pendingDragEnds.append((animation.target, target)) }
            switch animation.target {
            case .main: mainOffset = newPosition
            case .row(let section): rowOffsets.append((section, newPosition))
            }
            moved.append((animation.target, newPosition, following))
        }
        try view { () throws(CollectionViewError) in try collectionView.setOffsets(main: mainOffset, rows: rowOffsets) }
        var next: [Animation] = []
        for entry in moved {
            // A motion clamped at the content's edge stops there (no bounce, P1.6).
            if let following = entry.following, offset(of: entry.target) == entry.position { next.append(following) }
        }
        animations = next
        scheduleFrame()
        let ended = pendingDragEnds
        pendingDragEnds.removeAll()
        for (target, offset) in ended { dragEnded(target, at: offset) }
    }

    /// Runs the Texture checks of the feeds on a target whose drag just ended.
    func dragEnded(_ target: Animation.Target, at offset: Double) {
        for i in feeds.indices where feeds[i].spec.trigger.isLeadingScreens {
            let matches: Bool
            switch target {
            case .main: matches = isMainAxisFeed(i)
            case .row(let section): matches = feeds[i].spec.section == section
            }
            if matches { checkLeadingScreens(feed: i, offset: offset, velocity: 0) }
        }
    }

}
