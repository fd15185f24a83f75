/// What a script step or a client's `Perform` does to a running screen: the user's finger, the
/// app's code, or the device (the scenario format's "script" steps, docs/scenarios.md).
public enum SimulationInput: Sendable, Hashable {
    /// The user touches the screen.
    case gesture(Gesture)
    /// The app's code changes its data or scrolls.
    case app(AppAction)
    /// The device turns (a bounds-size change): the next pass re-runs the section provider for
    /// every section (docs/uikit-model.md, 2.2).
    case rotate(width: Double, height: Double)

    /// The section the input acts on, if any.
    public var section: String? {
        switch self {
        case .gesture(.fling(let section, _)), .gesture(.drag(let section, _, _)): section
        case .gesture(.tap(let section, _)): section
        case .app(let action): action.section
        case .rotate: nil
        }
    }

    /// Items a snapshot edit touches (0 for every other input).
    public var editedItems: Int {
        if case .app(.apply(let edit, _)) = self { return edit.count }
        return 0
    }

    /// The input in a few words, for the event log: `fling company 3000.0pt/s`.
    public var summary: String {
        switch self {
        case .gesture(.fling(let section, let velocity)): "fling \(section ?? "main") \(velocity)pt/s"
        case .gesture(.drag(let section, let by, let duration)): "drag \(section ?? "main") by \(by) in \(duration)s"
        case .gesture(.tap(let section, let item)): "tap \(section)[\(item)]"
        case .app(.scrollTo(let section, let item)): "scrollTo \(section)[\(item)]"
        case .app(.apply(let edit, true)): edit.summary
        case .app(.apply(let edit, false)): edit.summary + " (not animated)"
        case .app(.applyUsingReloadData): "applySnapshotUsingReloadData"
        case .rotate(let width, let height): "rotate \(width)x\(height)"
        }
    }
}

/// A touch of the user's.
public enum Gesture: Sendable, Hashable {
    /// A flick with `velocity` in pt/s, on the main axis (`section` nil) or an orthogonal row.
    case fling(section: String?, velocity: Double)
    /// A finger drag by `by` points over `duration` seconds; then a row settles on its snap point.
    case drag(section: String?, by: Double, duration: Double)
    /// A tap on an outline parent: expand or collapse it.
    case tap(section: String, item: Int)
}

/// Something the app's code does.
public enum AppAction: Sendable, Hashable {
    /// Scroll so the item is at the leading edge (main axis or its row), without animation.
    case scrollTo(section: String, item: Int)
    /// A snapshot edit applied with `apply(_:animatingDifferences:)` (UIKit's default argument is
    /// `true`; under `uikit14` a non-animated apply is `reloadData`, D3.2).
    case apply(SnapshotEdit, animatingDifferences: Bool)
    /// `applySnapshotUsingReloadData` with the current snapshot: every section re-queried, every
    /// visible cell requested again, on any iOS version (D3.2).
    case applyUsingReloadData

    /// The section the action changes; nil for a reload of everything.
    public var section: String? {
        switch self {
        case .scrollTo(let section, _): section
        case .apply(let edit, _): edit.section
        case .applyUsingReloadData: nil
        }
    }
}

/// A change the app makes to its snapshot before applying it.
public enum SnapshotEdit: Sendable, Hashable {
    /// Append `count` new items to a section.
    case appendItems(section: String, count: Int)
    /// Delete the last `count` items of a section.
    case deleteItems(section: String, count: Int)
    /// Reload (new cells) or reconfigure (same cells) the first `count` items of a section.
    case reloadItems(section: String, count: Int)
    case reconfigureItems(section: String, count: Int)

    /// How many items it touches (what applying it costs grows with).
    public var count: Int {
        switch self {
        case .appendItems(_, let count), .deleteItems(_, let count), .reloadItems(_, let count),
            .reconfigureItems(_, let count):
            count
        }
    }

    /// The section it changes.
    public var section: String {
        switch self {
        case .appendItems(let section, _), .deleteItems(let section, _), .reloadItems(let section, _),
            .reconfigureItems(let section, _):
            section
        }
    }

    /// The edit in a few words, for the event log: `appendItems company +5`.
    public var summary: String {
        switch self {
        case .appendItems(let section, let count): "appendItems \(section) +\(count)"
        case .deleteItems(let section, let count): "deleteItems \(section) -\(count)"
        case .reloadItems(let section, let count): "reloadItems \(section) \(count)"
        case .reconfigureItems(let section, let count): "reconfigureItems \(section) \(count)"
        }
    }
}
