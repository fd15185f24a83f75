import CollectionView

extension ScenarioSimulation {
    /// One frame: every motion advances by 1/frameRate (P1.6), all new offsets are set in one
    /// layout cycle (cells realised once), finished motions end or settle, and drags released in
    /// it run the fetch checks.
    func frame() throws(SimulationError) {
        if collectionView.layout.needsLayout {
            try view { () throws(CollectionViewError) in try collectionView.layoutIfNeeded() }
        }
        let frame = runner.stepFrame(in: collectionView)
        try view { () throws(CollectionViewError) in try collectionView.setOffsets(main: frame.main, rows: frame.rows) }
        runner.finishFrame(frame, in: collectionView)
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
