import CollectionView
import ScrollSimulation

/// What runs an open simulation: the engine in this process for a scenario (`ScenarioSimulation`), or a
/// screen host's process for a team's own screen (`ScreenSession`). The service reads and drives
/// both the same way, so every method works on both.
package protocol SimulationBackend: AnyObject {
    /// Seconds of virtual time since opening.
    var time: Double { get }
    var log: EventLog { get }
    var warnings: [String] { get }
    /// Counts in total and per section name.
    var counts: CountSet<String> { get }
    var totalCounts: Counts { get }
    /// The section names in the current snapshot's order (GetCounts lists them so).
    var sectionNames: [String] { get }
    /// Advances toward `target` while `more()` allows (asked after each event).
    /// - Returns: whether it reached `target`.
    func advance(to target: Double, while more: () -> Bool) throws(SimulationError) -> Bool
    /// Performs a gesture, an app action or a rotation at the current time.
    func perform(_ input: SimulationInput) throws(SimulationError)
}

extension ScenarioSimulation: SimulationBackend {
    package var sectionNames: [String] { spec.sections.map(\.id) }
}
