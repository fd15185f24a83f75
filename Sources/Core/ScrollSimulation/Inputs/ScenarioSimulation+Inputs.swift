import CollectionTypes
import CollectionView
import CompositionalLayout
import DiffableDataSource

extension ScenarioSimulation {
    /// Runs one input now: a gesture, an app action or a rotation.
    func run(_ input: SimulationInput) throws(SimulationError) {
        inputCount += 1
        runner.cause = "gesture#\(inputCount) \(input.summary)"
        runner.append(.gesture, section: input.section, item: nil, detail: input.summary)
        defer { runner.cause = "frame" }
        switch input {
        case .gesture(let gesture): try run(gesture)
        case .app(let action): try run(action)
        case .rotate(let width, let height):
            var context = collectionView.context
            context.size = Size(width: width, height: height)
            try view { () throws(CollectionViewError) in try collectionView.setContext(context) }
        }
    }

    private func run(_ gesture: Gesture) throws(SimulationError) {
        switch gesture {
        case .fling(nil, let velocity):
            let start = collectionView.contentOffset
            let target = runner.flingMain(velocity: velocity, in: collectionView)
            let range = collectionView.contentOffsetRange
            if target == start, velocity < 0 ? start <= range.lowerBound : start >= range.upperBound {
                // Nothing moves: say so, with the sign convention, rather than a silent no-op.
                warn(
                    range.lowerBound == range.upperBound
                        ? "a fling at \(formatPoints(velocity)) pt/s did nothing: the content fits the screen, so the page does not scroll"
                        : "a fling at \(formatPoints(velocity)) pt/s did nothing: the page is already at its \(velocity < 0 ? "start" : "end") (a positive velocity scrolls toward the end of the content, a negative one toward its start)"
                )
            }
            for i in feeds.indices where feeds[i].spec.trigger.isLeadingScreens && isMainAxisFeed(i) {
                checkLeadingScreens(feed: i, offset: target, velocity: velocity / 1000)  // P3.3: at drag end, with the target
            }
        case .fling(let section?, let velocity):
            warnIfOffScreen(section)
            let start = collectionView.orthogonalOffsets[section] ?? 0
            guard let target = runner.flingRow(section, velocity: velocity, in: collectionView) else {
                throw .invalidSpec("fling: '\(section)' is not an orthogonal section")
            }
            if target == start, let range = collectionView.orthogonalOffsetRange(of: section),
                velocity < 0 ? start <= range.lowerBound : start >= range.upperBound
            {
                warn(
                    range.lowerBound == range.upperBound
                        ? "a fling of '\(section)' at \(formatPoints(velocity)) pt/s did nothing: the row's content fits its width, so it does not scroll"
                        : "a fling of '\(section)' at \(formatPoints(velocity)) pt/s did nothing: the row is already at its \(velocity < 0 ? "start" : "end") (a positive velocity scrolls toward the end of the row, a negative one toward its start)"
                )
            }
            for i in feeds.indices where feeds[i].spec.section == section && feeds[i].spec.trigger.isLeadingScreens {
                checkLeadingScreens(feed: i, offset: target, velocity: velocity / 1000)
            }
        case .drag(let section, let by, let duration):
            if let section { warnIfOffScreen(section) }
            guard runner.drag(section, by: by, duration: duration, in: collectionView) else {
                throw .invalidSpec("drag: '\(section ?? "")' is not an orthogonal section")
            }
        case .tap(let section, let item):
            guard let s = collectionView.dataSource.snapshot().indexOfSection(section),
                let id = collectionView.dataSource.itemIdentifier(for: ItemPath(item: item, section: s))
            else { throw .invalidSpec("tap: no item \(item) in section '\(section)'") }
            try apply { () throws(CollectionViewError) in _ = try collectionView.toggleExpansion(of: id) }
        }
    }

    /// A gesture on a row that is off screen: a user could not touch it. It still runs (a script
    /// may mean to move a row out of sight), and the warnings say where the row is.
    private func warnIfOffScreen(_ section: String) {
        guard let index = collectionView.sectionIndex(of: section), let frame = collectionView.layout.sectionFrame(index)
        else { return }
        let visible = collectionView.visibleRect
        guard !frame.intersects(visible) else { return }
        let axis = collectionView.layout.configuration.scrollDirection
        warn(
            "a gesture on '\(section)', whose row is off screen (it spans \(formatPoints(frame.min(along: axis)))…\(formatPoints(frame.max(along: axis))) pt, the screen shows \(formatPoints(visible.min(along: axis)))…\(formatPoints(visible.max(along: axis)))): a user could not touch it; scroll it into view first"
        )
    }

    private func run(_ action: AppAction) throws(SimulationError) {
        switch action {
        case .scrollTo(let section, let item):
            try scrollTo(section: section, item: item)
        case .apply(let change, let animated):
            try apply(change, animatingDifferences: animated)
        case .applyUsingReloadData:
            let snapshot = collectionView.dataSource.snapshot()
            try apply { () throws(CollectionViewError) in _ = try collectionView.applyUsingReloadData(snapshot) }
        }
    }

    private func apply(_ change: SnapshotEdit, animatingDifferences: Bool) throws(SimulationError) {
        switch change {
        case .appendItems(let section, let count):
            // Appends may not grow a simulation past what an opened one may hold.
            let total = collectionView.dataSource.snapshot().numberOfItems
            guard total + count <= Self.maxItems else {
                throw .invalidSpec(
                    "appendItems: \(section) would make \(total + count) items; a simulation holds at most \(Self.maxItems)")
            }
            guard takeItems(count) else { throw .limitReached(name: budget!.name, maximum: budget!.maximum) }
            do throws(SimulationError) {
                try edit(section: section, animatingDifferences: animatingDifferences) { snapshot, spec throws(SnapshotError) in
                    let items = (0..<count).map { _ in itemID(for: nil, section: spec) }
                    try snapshot.appendItems(items, toSection: section)
                }
            } catch {
                giveItems(count)
                throw error
            }
        case .deleteItems(let section, let count):
            var deleted = 0
            try edit(section: section, animatingDifferences: animatingDifferences) { snapshot, _ in
                // The stored list, not a copy of it: a delete at the end of a row of 10^6 items
                // reads the items it deletes.
                let items = snapshot.items(inSection: section) ?? []
                deleted = min(count, items.count)
                snapshot.deleteItems(Array(items.suffix(count)))
            }
            giveItems(deleted)
        case .reloadItems(let section, let count):
            try edit(section: section, animatingDifferences: animatingDifferences) { snapshot, _ throws(SnapshotError) in
                try snapshot.reloadItems(Array((snapshot.items(inSection: section) ?? []).prefix(count)))
            }
        case .reconfigureItems(let section, let count):
            try edit(section: section, animatingDifferences: animatingDifferences) { snapshot, _ throws(SnapshotError) in
                try snapshot.reconfigureItems(Array((snapshot.items(inSection: section) ?? []).prefix(count)))
            }
        }
    }

    /// A snapshot edit applied through the collection view, counted as one apply.
    private func edit(
        section: String, animatingDifferences: Bool,
        _ body: (inout Snapshot<String, Int>, SectionSpec) throws(SnapshotError) -> Void
    ) throws(SimulationError) {
        guard let spec = sectionSpecs[section] else { throw .invalidSpec("no section '\(section)'") }
        var snapshot = collectionView.dataSource.snapshot()
        do {
            try body(&snapshot, spec)
        } catch {
            throw .snapshot(error)
        }
        try apply { () throws(CollectionViewError) in
            _ = try collectionView.apply(snapshot, animatingDifferences: animatingDifferences)
        }
    }

    /// Runs an apply with its cost attributed to it in the log.
    func apply(_ body: () throws(CollectionViewError) -> Void) throws(SimulationError) {
        applyCount += 1
        let outer = runner.cause
        runner.cause = "apply#\(applyCount) (\(outer))"
        defer { runner.cause = outer }
        try view(body)
    }

    private func scrollTo(section: String, item: Int) throws(SimulationError) {
        guard let s = collectionView.dataSource.snapshot().indexOfSection(section),
            let frame = collectionView.layout.frame(for: ItemPath(item: item, section: s))
        else { throw .invalidSpec("scrollTo: no item \(item) in section '\(section)'") }
        let main = collectionView.layout.configuration.scrollDirection
        runner.stopMotions()
        if collectionView.layout.orthogonalContentLength(ofSection: s) != nil, let snap = snapTarget(for: section) {
            let row = frame.min(along: main.other) - snap.leadingInset
            try view { () throws(CollectionViewError) in try collectionView.setOrthogonalOffset(row, section: section) }
        }
        let sectionTop = collectionView.layout.sectionFrame(s)!.min(along: main)
        let top = collectionView.layout.orthogonalContentLength(ofSection: s) != nil ? sectionTop : frame.min(along: main)
        try view { () throws(CollectionViewError) in
            try collectionView.setContentOffset(top - collectionView.context.safeAreaInsets.start(along: main))
        }
    }

    /// The snapping model of an orthogonal section at its current size (P2).
    func snapTarget(for section: String) -> SnapTarget? { runner.snapTarget(for: section, in: collectionView) }
}
