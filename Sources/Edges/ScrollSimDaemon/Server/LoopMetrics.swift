import ScrollSimService

/// How the loop keeps up over the last `LatencyWindow.window` seconds, as GetStatus reports it:
/// how late the live tick fires, how long a call waits between being read and being dispatched,
/// and how long each turn (a tick, a work turn, one connection's I/O) kept the loop from the
/// sockets.
struct LoopMetrics {
    var tickLateness = LatencyWindow()
    var callWaits = LatencyWindow()
    var busyTurns = LatencyWindow()

    /// A turn held the loop from `start` to `end`.
    mutating func busy(from start: Double, to end: Double) {
        busyTurns.record(latenessMs: (end - start) * 1000, at: end)
    }

    /// A call read at `arrived` is dispatched at `time`.
    mutating func callWaited(since arrived: Double, at time: Double) {
        callWaits.record(latenessMs: Swift.max(0, time - arrived) * 1000, at: time)
    }

    /// The tick that fired at `time` was `lateness` seconds late.
    mutating func tickFired(lateness: Double, at time: Double) {
        tickLateness.record(latenessMs: lateness * 1000, at: time)
    }

    /// Writes the figures over the window ending at `time` into `status`.
    func report(into status: inout SimulatorService.DaemonStatus, at time: Double) {
        status.ticks = tickLateness.count
        (status.latenessP50Ms, status.latenessP99Ms, status.latenessMaxMs) = tickLateness.percentiles(now: time)
        (status.callWaitP50Ms, status.callWaitP99Ms, status.callWaitMaxMs) = callWaits.percentiles(now: time)
        (_, status.busyTurnP99Ms, status.busyTurnMaxMs) = busyTurns.percentiles(now: time)
    }
}
