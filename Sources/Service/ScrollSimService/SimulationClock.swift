/// How a simulation's time advances.
public enum SimulationClock: String, Sendable, Hashable {
    /// Only by `Advance` calls.
    case virtual
    /// With the daemon's clock (live simulations).
    case realtime
}
