import Glibc

/// CLOCK_MONOTONIC: the programs' only clock (the service and the simulations get time as values
/// from it; the daemon holds it as an injectable function, so tests can drive time themselves).
public enum MonotonicClock {
    /// Seconds.
    public static func now() -> Double {
        let spec = timespecNow()
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// Nanoseconds, for budgets counted in whole units on hot paths.
    public static func nanoseconds() -> Int {
        let spec = timespecNow()
        return spec.tv_sec * 1_000_000_000 + spec.tv_nsec
    }

    /// The instant `seconds` from now, as the absolute time `pthread_cond_timedwait` takes on a
    /// condition variable set to this clock.
    public static func deadline(after seconds: Double) -> timespec {
        let now = timespecNow()
        let nanoseconds = Int(now.tv_nsec) + Int(seconds * 1e9)
        return timespec(tv_sec: now.tv_sec + nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
    }

    private static func timespecNow() -> timespec {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return spec
    }
}
