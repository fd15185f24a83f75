import CollectionView
import Foundation

/// What a screen host (the ScrollSimHost library) needs of a simulator beyond the public API: the
/// daemon advances a screen in slices of real time and reads its layout as the engine has it.
extension ScrollSimulator {
    /// Runs frames and app work toward `target` while `more()` allows (asked after each event),
    /// so one call takes the real time its caller gives it, however heavy the screen's frames.
    /// Counts do not depend on where a run is cut: a cut run ends at its last event, not at a
    /// time of its own.
    /// - Returns: whether it reached `target`.
    package func advance(to target: TimeInterval, while more: () -> Bool) throws -> Bool {
        try simulate { try advanceLoop(to: Swift.max(time, target), while: more) }
    }

    /// The shown collection view's engine (a table view's backing one); nil before `show`.
    package var engine: UICollectionView.Engine? { collectionView?.engine }

    /// The shown screen's sections by name, in the snapshot's order (a classic data source's by
    /// index).
    package var sectionNames: [String] { sectionNamesByName().sorted { $0.value < $1.value }.map(\.key) }
}

extension ScrollSimulator {
    /// Up to `limit` logged events after `sequence`, oldest first (what a host sends the daemon
    /// after each call).
    package func events(after sequence: Int, limit: Int) -> [SimulationRecord] {
        runner.log.records(after: sequence, limit: limit)
    }

    /// Events ever logged (the sequence number of the last).
    package var eventCount: Int { runner.log.total }
}

extension ScrollSimulator {
    /// Adds a warning (each says once), as the simulator's own are.
    package func warn(_ message: String) { runner.warn(message) }
}
