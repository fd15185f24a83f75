import Varlink

/// Brings one simulation back after a start: applies its stored inputs in order and runs its
/// time forward in slices (a realtime simulation up to where the daemon's clock stood when the
/// restore began), between other clients' calls, so the daemon is ready at once whatever its
/// uptime. Until it is done the simulation takes no change (`isBusy`) and the daemon holds calls
/// about it.
///
/// The target is fixed when the job starts: a simulation too heavy to keep up with real time would
/// chase a target moving with the clock for ever (its held calls with it). What the clock gained
/// during the restore is the live tick's to catch up, as for any simulation behind.
public final class RestoreJob: ServiceJob {
    private let service: SimulatorService
    private let entry: SimulationEntry
    /// Where a realtime simulation's time should reach; nil for a virtual one (its stored
    /// inputs are all it has).
    private let target: Double?

    init(service: SimulatorService, entry: SimulationEntry, target: Double?) {
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
        return Swift.max(0, Swift.max(last, target ?? 0) - entry.simulation.time)
    }

    public var isFinished: Bool {
        guard entry.isRestoring else { return true }
        // Closed meanwhile (a reload dropped it), or stopped by UIKit's error: nothing to run.
        guard service.simulations[entry.id] === entry, entry.failure == nil else { return true }
        guard entry.restored == entry.restoreQueue.count else { return false }
        guard let target else { return true }
        return entry.simulation.time >= target
    }

    /// Applies stored inputs and runs time while `more()` allows (asked after each event and
    /// each input), so one slice never replays more than the daemon gave it.
    public func step(while more: () -> Bool) {
        repeat {
            guard !isFinished else { return finish() }
            if entry.restored < entry.restoreQueue.count {
                let record = entry.restoreQueue[entry.restored]
                if let time = record.time, entry.simulation.time < time {
                    guard entry.advance(to: time, while: more) else { return }
                    continue
                }
                service.apply(record, to: entry, remembering: false)
                entry.restored += 1
                if entry.restored == entry.restoreQueue.count {
                    entry.restoreQueue = []
                    entry.restored = 0
                }
            } else if let target {
                guard entry.advance(to: target, while: more) else { return }
            }
        } while more()
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
