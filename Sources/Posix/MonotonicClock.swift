import Glibc

/// CLOCK_MONOTONIC in seconds: the daemon's only clock (the service and the simulations get time
/// as values from it).
public enum MonotonicClock {
    public static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
