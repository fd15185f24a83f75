import CollectionTypes
import CollectionView
import CompositionalLayout
import DiffableDataSource

extension Simulation {
    /// Runs one gesture or app action now.
    func run(_ gesture: Gesture) throws(SimulationError) {
        gestureCount += 1
        cause = "gesture#\(gestureCount) \(describe(gesture))"
        append(.gesture, section: gesture.section, item: nil, detail: describe(gesture))
        defer { cause = "frame" }
        switch gesture {
        case .fling(let section, let velocity):
            try fling(section: section, velocity: velocity / 1000)
        case .drag(let section, let by, let duration):
            let frames = Swift.max(1, Int((duration * spec.frameRate).rounded()))
            let target: ScrollMotions<String>.Target = section.map { .row($0) } ?? .main
            guard let start = offset(of: target) else {
                throw .invalidSpec("drag: '\(section ?? "")' is not an orthogonal section")
            }
            let settle = section.flatMap { snapTarget(for: $0) }
            self.start(.drag(remaining: frames, delta: by / Double(frames), settle: settle, dragStart: start), on: target)
        case .scrollTo(let section, let item):
            try scrollTo(section: section, item: item)
        case .tap(let section, let item):
            guard let s = collectionView.dataSource.snapshot().indexOfSection(section),
                let id = collectionView.dataSource.itemIdentifier(for: IndexPath(item: item, section: s))
            else { throw .invalidSpec("tap: no item \(item) in section '\(section)'") }
            try apply { () throws(CollectionViewError) in _ = try collectionView.toggleExpansion(of: id) }
        case .rotate(let width, let height):
            var context = collectionView.context
            context.size = Size(width: width, height: height)
            try view { () throws(CollectionViewError) in try collectionView.setContext(context) }
        case .appendItems(let section, let count):
            try edit(section: section) { snapshot, spec throws(SnapshotError) in
                let items = (0..<count).map { _ in itemID(for: nil, section: spec) }
                try snapshot.appendItems(items, toSection: section)
            }
        case .deleteItems(let section, let count):
            try edit(section: section) { snapshot, _ in
                let items = snapshot.itemIdentifiers(inSection: section) ?? []
                snapshot.deleteItems(Array(items.suffix(count)))
            }
        case .reloadItems(let section, let count):
            try edit(section: section) { snapshot, _ throws(SnapshotError) in
                try snapshot.reloadItems(Array((snapshot.itemIdentifiers(inSection: section) ?? []).prefix(count)))
            }
        case .reconfigureItems(let section, let count):
            try edit(section: section) { snapshot, _ throws(SnapshotError) in
                try snapshot.reconfigureItems(Array((snapshot.itemIdentifiers(inSection: section) ?? []).prefix(count)))
            }
        }
    }

    /// A snapshot edit applied through the collection view, counted as one apply.
    private func edit(
        section: String, _ body: (inout Snapshot<String, Int>, SectionSpec) throws(SnapshotError) -> Void
    ) throws(SimulationError) {
        guard let spec = sectionSpecs[section] else { throw .invalidSpec("no section '\(section)'") }
        var snapshot = collectionView.dataSource.snapshot()
        do {
            try body(&snapshot, spec)
        } catch {
            throw .collectionView(error.description)
        }
        try apply { () throws(CollectionViewError) in _ = try collectionView.apply(snapshot) }
    }

    /// Runs an apply with its cost attributed to it in the log.
    func apply(_ body: () throws(CollectionViewError) -> Void) throws(SimulationError) {
        applyCount += 1
        let outer = cause
        cause = "apply#\(applyCount) (\(outer))"
        defer { cause = outer }
        try view(body)
    }

    private func fling(section: String?, velocity: Double) throws(SimulationError) {
        guard let section else {
            // Main axis: plain deceleration, no snapping (P2.6), clamped to the content.
            let start = collectionView.contentOffset
            let rest = spec.physics.mainDeceleration.restingPoint(from: start, velocity: velocity)
            let range = collectionView.contentOffsetRange
            let target = Swift.min(Swift.max(rest, range.lowerBound), range.upperBound)
            self.start(.approach(target: target, deceleration: spec.physics.mainDeceleration), on: .main)
            for i in feeds.indices where feeds[i].spec.trigger.isLeadingScreens && isMainAxisFeed(i) {
                checkLeadingScreens(feed: i, offset: target, velocity: velocity)  // P3.3: at drag end, with the target
            }
            return
        }
        guard let snap = snapTarget(for: section) else { throw .invalidSpec("fling: '\(section)' is not an orthogonal section") }
        let start = collectionView.orthogonalOffsets[section] ?? 0
        let target = snap.target(release: start, dragStart: start, velocity: velocity)
        self.start(.approach(target: target, deceleration: snap.deceleration), on: .row(section))
        for i in feeds.indices where feeds[i].spec.section == section && feeds[i].spec.trigger.isLeadingScreens {
            checkLeadingScreens(feed: i, offset: target, velocity: velocity)
        }
    }

    private func scrollTo(section: String, item: Int) throws(SimulationError) {
        guard let s = collectionView.dataSource.snapshot().indexOfSection(section),
            let frame = collectionView.layout.frame(for: IndexPath(item: item, section: s))
        else { throw .invalidSpec("scrollTo: no item \(item) in section '\(section)'") }
        let main = collectionView.layout.configuration.scrollDirection
        motions.removeAll()
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
    func snapTarget(for section: String) -> SnapTarget? {
        collectionView.snapTarget(forSection: section, velocityThreshold: spec.physics.pagingVelocityThreshold)
    }

    /// The current offset of a motion's target; nil for a section that is not an orthogonal row.
    /// Runs every frame, so it only reads cached values.
    func offset(of target: ScrollMotions<String>.Target) -> Double? {
        switch target {
        case .main: return collectionView.contentOffset
        case .row(let section):
            guard collectionView.isOrthogonal(section) else { return nil }
            return collectionView.orthogonalOffsets[section] ?? 0
        }
    }

    func describe(_ gesture: Gesture) -> String {
        switch gesture {
        case .fling(let section, let velocity): "fling \(section ?? "main") \(velocity)pt/s"
        case .drag(let section, let by, let duration): "drag \(section ?? "main") by \(by) in \(duration)s"
        case .scrollTo(let section, let item): "scrollTo \(section)[\(item)]"
        case .tap(let section, let item): "tap \(section)[\(item)]"
        case .rotate(let width, let height): "rotate \(width)x\(height)"
        case .appendItems(let section, let count): "appendItems \(section) +\(count)"
        case .deleteItems(let section, let count): "deleteItems \(section) -\(count)"
        case .reloadItems(let section, let count): "reloadItems \(section) \(count)"
        case .reconfigureItems(let section, let count): "reconfigureItems \(section) \(count)"
        }
    }
}

extension Gesture {
    /// The section a gesture acts on, if any.
    public var section: String? {
        switch self {
        case .fling(let section, _), .drag(let section, _, _): section
        case .scrollTo(let section, _), .tap(let section, _), .appendItems(let section, _), .deleteItems(let section, _),
            .reloadItems(let section, _), .reconfigureItems(let section, _):
            section
        case .rotate: nil
        }
    }
}
