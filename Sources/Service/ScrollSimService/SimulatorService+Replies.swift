import CollectionView
import CompositionalLayout
import JSONModel
import ScrollSimulation

/// Replies built from what the service holds (`SimulationInfo`, `SectionCounts`).
extension SimulatorService {
    func info(_ entry: SimulationEntry) -> JSONValue {
        if entry.isEditing, let before = entry.infoBeforeEdit { return before }
        return SimulationInfo(
            simulation: entry.id, scenario: entry.name, width: entry.viewport.width, height: entry.viewport.height,
            policy: entry.policy.rawValue, seed: Double(entry.seed), clock: entry.clock.rawValue, live: entry.live,
            time: entry.simulation.time, warnings: entry.simulation.warnings, failure: entry.failure?.description,
            restoring: entry.isRestoring, behind: behind(entry)
        ).json
    }

    /// A realtime simulation trailing the clock by this much or more is reported behind (in its
    /// info and its counts): a live tick trails by milliseconds; seconds mean its frames cost
    /// more than the processor time the daemon can give it.
    package static let behindThreshold = 1.0

    /// How far a realtime simulation trails the daemon's time, when that is `behindThreshold`
    /// or more (nil otherwise, for virtual ones, and for failed or restoring ones).
    func behind(_ entry: SimulationEntry) -> Double? {
        behind(entry, time: entry.simulation.time, failed: entry.failure != nil, at: now)
    }

    /// How far behind the daemon's time `now` a realtime simulation at its own `time` is, if by
    /// `behindThreshold` or more; nil for one that is not realtime, failed, or waits for a restore
    /// or an edit (the entry's flags, the loop's own; `time` and `failed` as a snapshot has them).
    func behind(_ entry: SimulationEntry, time: Double, failed: Bool, at now: Double) -> Double? {
        guard entry.clock == .realtime, !failed, !entry.isRestoring, !entry.isEditing else { return nil }
        let lag = now - entry.origin - time
        return lag >= Self.behindThreshold ? lag : nil
    }

    /// Each section's counts, in the scenario's order (a section nothing counted yet has zeros).
    static func sectionCounts(_ counts: CountSet<String>, sections: [String]) -> [SectionCounts] {
        sections.map { SectionCounts(section: $0, counts: counts.sections[$0] ?? Counts()) }
    }
}
