/// How a simulation's time advances.
package enum SimulationClock: String, Sendable, Hashable {
    /// Only by `Advance` calls.
    case virtual
    /// With the daemon's clock (live simulations).
    case realtime
}
