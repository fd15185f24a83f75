import CollectionView
import Foundation
import ScrollSimulation

import struct CollectionTypes.AnyIdentifier

extension ScrollSimulator {
    /// A flick of the main scroll view at `velocity` points per second (positive toward the end of
    /// the content): it decelerates at the normal rate (P1.2) and stops at the content's edge.
    public func fling(velocity: CGFloat) throws {
        try gesture("fling main \(velocity)pt/s") { view in
            let proposed = runner.flingMain(velocity: Double(velocity), in: view.engine)
            // A layout of the app's own chooses where the fling rests (a carousel snaps, CL5).
            guard let bridge = view.collectionViewLayout.customBridge else { return }
            let target = Double(bridge.targetOffset(proposed: CGFloat(proposed), velocity: velocity))
            guard target != proposed else { return }
            let range = view.engine.contentOffsetRange
            runner.start(
                .approach(
                    target: min(max(target, range.lowerBound), range.upperBound), deceleration: runner.physics.mainDeceleration),
                on: .main)
        }
    }

    /// A flick of an orthogonal section's row: it comes to rest where its
    /// `orthogonalScrollingBehavior` snaps (P2.1 to P2.5).
    public func fling(section: Int, velocity: CGFloat) throws {
        try gesture("fling section \(section) \(velocity)pt/s") { view in
            guard runner.flingRow(try row(section, in: view), velocity: Double(velocity), in: view.engine) != nil else {
                throw ScrollSimulatorError.notOrthogonal(section: section)
            }
        }
    }

    /// A finger drag of the main scroll view by `distance` points over `duration` seconds; it stops
    /// where the finger lifts.
    public func drag(by distance: CGFloat, duration: TimeInterval = 0.25) throws {
        try gesture("drag main by \(distance) in \(duration)s") { view in
            runner.drag(nil, by: Double(distance), duration: duration, in: view.engine)
        }
    }

    /// A finger drag of an orthogonal row; when the finger lifts the row settles on its snap point.
    public func drag(section: Int, by distance: CGFloat, duration: TimeInterval = 0.25) throws {
        try gesture("drag section \(section) by \(distance) in \(duration)s") { view in
            guard runner.drag(try row(section, in: view), by: Double(distance), duration: duration, in: view.engine) else {
                throw ScrollSimulatorError.notOrthogonal(section: section)
            }
        }
    }

    /// A tap on an item's cell: selection (`didSelectItemAt`), and for a list cell with an outline
    /// disclosure of header style (or automatic style on a parent) expand or collapse (D5.8, D5.9).
    public func tap(itemAt indexPath: IndexPath) throws {
        try gesture("tap \(indexPath)") { view in
            guard let cell = view.cellForItem(at: indexPath), view.indexPathsForVisibleItems.contains(indexPath) else {
                throw ScrollSimulatorError.itemNotOnScreen(indexPath)
            }
            if view.allowsSelection, view.delegate?.collectionView(view, shouldSelectItemAt: indexPath) ?? true {
                view.selectItem(at: indexPath, animated: false, scrollPosition: [])
                view.delegate?.collectionView(view, didSelectItemAt: indexPath)
            }
            guard let disclosure = (cell as? UICollectionViewListCell)?.accessories.lazy.compactMap(\.outlineDisclosure).first
            else {
                return
            }
            let isParent = hasChildren(indexPath, in: view)
            switch disclosure.options.style {
            case .header: toggle(indexPath, in: view, action: disclosure.action)
            case .automatic where isParent: toggle(indexPath, in: view, action: disclosure.action)
            case .automatic, .cell: break
            }
        }
    }

    /// A tap on the outline disclosure of an item's cell: expands or collapses it whatever the
    /// disclosure's style.
    public func tapOutlineDisclosure(at indexPath: IndexPath) throws {
        try gesture("tap disclosure \(indexPath)") { view in
            guard let cell = view.cellForItem(at: indexPath) as? UICollectionViewListCell,
                let disclosure = cell.accessories.lazy.compactMap(\.outlineDisclosure).first
            else { throw ScrollSimulatorError.itemNotOnScreen(indexPath) }
            toggle(indexPath, in: view, action: disclosure.action)
        }
    }

    /// Turns the device (portrait ↔ landscape): a bounds-size change, so the next pass re-runs the
    /// section provider for every section (UIKit model 2.2).
    public func rotate() throws {
        try gesture(isLandscape ? "rotate to portrait" : "rotate to landscape") { view in
            let before = traits
            let shown = rootController.map { Self.containers(from: $0, to: shownController ?? $0) } ?? []
            for controller in shown {
                controller.viewWillTransition(to: screen.landscape.size, with: ImmediateTransitionCoordinator())
            }
            isLandscape.toggle()
            for controller in shown { controller.viewIfLoaded?.assignedTraits = traits }
            placeOnScreen(view)
            view.layoutIfNeeded()
            if traits != before { for controller in shown { controller.traitCollectionDidChange(before) } }
        }
    }

    // MARK: Helpers

    func gesture(_ name: String, _ body: (UICollectionView) throws -> Void) throws {
        guard let view = collectionView else { throw ScrollSimulatorError.notShowing }
        try simulate {
            runner.cause = "gesture \(name)"
            runner.append(.gesture, section: nil, item: nil, detail: name)
            try body(view)
            runner.settle(view.engine)
            runner.cause = "frame"
        }
    }

    /// The identifier of the section at `section`, laid out first so its row's size is current.
    /// A row off screen cannot be touched on a device: the gesture still moves it (a test may
    /// mean to), and the run says so in the app's terms.
    private func row(_ section: Int, in view: UICollectionView) throws -> AnyIdentifier {
        view.layoutIfNeeded()
        let ids = view.engine.dataSource.snapshot().sectionIdentifiers
        guard ids.indices.contains(section) else {
            throw ScrollSimulatorError.noSuchSection(section: section, sections: ids.count)
        }
        let visible = view.engine.visibleRect
        if let frame = view.engine.layout.sectionFrame(section), !frame.intersects(visible) {
            let axis = view.engine.layout.configuration.scrollDirection
            runner.warn(
                "a gesture on section \(section)'s row, which is off screen (it spans \(Int(frame.min(along: axis)))…\(Int(frame.max(along: axis))) pt, the screen shows \(Int(visible.min(along: axis)))…\(Int(visible.max(along: axis)))): a user could not touch it; scroll it into view first (fling(velocity:) or scrollToItem)"
            )
        }
        return ids[section]
    }

    private func hasChildren(_ indexPath: IndexPath, in view: UICollectionView) -> Bool {
        let data = view.engine.dataSource
        guard let item = data.itemIdentifier(for: indexPath.core),
            let section = data.snapshot().sectionIdentifier(containingItem: item)
        else { return false }
        return !(data.snapshot(for: section)?.children(of: item).isEmpty ?? true)
    }

    private func toggle(_ indexPath: IndexPath, in view: UICollectionView, action: (@MainActor () -> Void)?) {
        if let action {
            action()
            return
        }
        guard let item = view.engine.dataSource.itemIdentifier(for: indexPath.core) else { return }
        view.perform { engine in try engine.toggleExpansion(of: item) }
    }

    // MARK: Frames

    /// One frame: every motion advances by 1/frameRate (P1.6); the new offsets are set in one
    /// layout cycle; motions that reached their target or the content's edge end.
    func frame() {
        guard let view = collectionView else { return }
        runner.cause = "frame"
        // A layout invalidated since the last frame is laid out first (cheap check: most frames
        // only scroll).
        if view.engine.layout.needsLayout { view.layoutIfNeeded() }
        let frame = runner.stepFrame(in: view.engine)
        let mainBefore = view.engine.contentOffset
        let invalidation = frame.main.flatMap(view.boundsChangeInvalidation(toMain:))
        view.perform { engine in try engine.setOffsets(main: frame.main, rows: frame.rows) }
        if view.engine.contentOffset != mainBefore {
            view.invalidate(afterBoundsChange: invalidation)
            view.delegate?.scrollViewDidScroll(view)
        }
        if runner.finishFrame(frame, in: view.engine).contains(.main) { view.delegate?.scrollViewDidEndDecelerating(view) }
    }
}
