/// A realtime simulation handed to a thread other than the one that serves calls: the daemon's
/// workers advance these between the loop's turns.
///
/// `@unchecked Sendable` because the simulation inside is not: whoever holds one must make sure
/// that only one thread touches the simulation at a time and that the service is not using it
/// meanwhile. The daemon's `RealtimeWorkers` does so by pausing every worker, between two of its
/// simulations' turns, whenever the loop runs its handlers.
package struct RealtimeSimulation: @unchecked Sendable {
    let entry: SimulationEntry

    init(_ entry: SimulationEntry) { self.entry = entry }

    package var id: String { entry.id }

    /// Advances the simulation toward the daemon's time `now`, by at most `maxStep` of virtual
    /// time (so one far behind gives the thread back soon), and while `more()` allows (asked after
    /// each event: the loop waiting to take the simulations back stops a turn between two frames,
    /// however heavy they are). Counts and events are those of any other way of reaching the same
    /// time: only virtual time matters to a simulation.
    /// - Returns: whether it has nothing left to do until the clock moves on.
    package func advance(to now: Double, maxStep: Double, while more: () -> Bool = { true }) -> Bool {
        entry.advanceRealtime(to: now, maxStep: maxStep, while: more)
    }
}
