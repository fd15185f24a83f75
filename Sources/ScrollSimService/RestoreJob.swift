import Varlink

/// Brings one simulation back after a start: applies its stored inputs in order and runs its
/// time forward in slices (a realtime simulation up to the daemon's present), between other
/// clients' calls, so the daemon is ready at once whatever its uptime. Until it is done the
/// simulation takes no change (`isBusy`) and the daemon holds calls about it.
public final class RestoreJob: ServiceJob {
    private let service: SimulatorService
    private let entry: SimulationEntry
    /// Where a realtime simulation's time should be now; nil for a virtual one (its stored
    /// inputs are all it has).
    private let target: (() -> Double)?
    /// Within this of the present, a realtime simulation is left to the live tick.
    static let closeEnough = 0.1

    init(service: SimulatorService, entry: SimulationEntry, target: (() -> Double)?) {
        self.service = service
        self.entry = entry
        self.target = target
        entry.isBusy = true
        entry.isRestoring = true
    }

    public var simulation: String { entry.id }

    /// Seconds of simulation time left to run (for progress lines).
    public var remaining: Double {
        let last = entry.restoreQueue.last.flatMap(\.time) ?? 0
        return Swift.max(0, Swift.max(last, target?() ?? 0) - entry.simulation.time)
    }

    public var isFinished: Bool {
        guard entry.isRestoring else { return true }
        // Closed meanwhile (a reload dropped it), or stopped by UIKit's error: nothing to run.
        guard service.simulations[entry.id] === entry, entry.failure == nil else { return true }
        guard entry.restored == entry.restoreQueue.count else { return false }
        guard let target else { return true }
        return target() - entry.simulation.time <= Self.closeEnough
    }

    public func step(slice: Double) {
        guard !isFinished else { return finish() }
        if entry.restored < entry.restoreQueue.count {
            let record = entry.restoreQueue[entry.restored]
            if let time = record.time, entry.simulation.time < time {
                entry.advance(to: Swift.min(time, entry.simulation.time + slice))
                return
            }
            service.apply(record, to: entry, remembering: false)
            entry.restored += 1
            if entry.restored == entry.restoreQueue.count {
                entry.restoreQueue = []
                entry.restored = 0
            }
        } else if let target {
            entry.advance(to: Swift.min(target(), entry.simulation.time + slice))
        }
        if isFinished { finish() }
    }

    private func finish() {
        entry.isBusy = false
        entry.isRestoring = false
        entry.restoreQueue = []
        entry.restored = 0
    }

    public func result() -> VarlinkReply {
        finish()
        return VarlinkReply(parameters: ["simulation": service.info(entry)])
    }

    public func progressReply() -> VarlinkReply? { nil }

    /// The stored inputs still hold: the next start restores them again.
    public func cancel() { finish() }
}
