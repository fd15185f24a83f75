import CollectionView

extension Simulation {
    /// Starts (or replaces) the motion of one target and makes sure frames run.
    func start(_ motion: ScrollMotion, on target: ScrollMotions<String>.Target) {
        motions.start(motion, on: target)
        scheduleFrame()
    }

    func scheduleFrame() {
        guard !frameScheduled, !motions.isEmpty else { return }
        frameScheduled = true
        queue.schedule(.frame, at: time + 1 / spec.frameRate)
    }

    /// One frame: every motion advances by 1/frameRate (P1.6), all new offsets are set in one
    /// layout cycle (cells realised once), finished motions end or settle.
    func frame() throws(SimulationError) {
        simulationCounts.total.frames += 1
        cause = "frame"
        let frame = motions.step(dt: 1000 / spec.frameRate, physics: spec.physics, offset: offset(of:))
        try view { () throws(CollectionViewError) in try collectionView.setOffsets(main: frame.main, rows: frame.rows) }
        _ = motions.finish(frame, offset: offset(of:))
        scheduleFrame()
        for (target, resting) in frame.released { dragEnded(target, at: resting) }
    }

    /// Runs the Texture checks of the feeds on a target whose drag just ended.
    func dragEnded(_ target: ScrollMotions<String>.Target, at offset: Double) {
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
