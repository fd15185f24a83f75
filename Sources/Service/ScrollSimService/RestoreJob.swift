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
package final class RestoreJob: ServiceJob {
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

    package var simulation: String { entry.id }

    /// Whoever runs the job applies large stored edits off the loop (`takeEdit`); false: `step`
    /// applies them itself, as it does every other input.
    package var appliesLargeEditsElsewhere = false
    /// A large stored edit handed out by `takeEdit` and not yet back (`editApplied`): the job
    /// waits for it.
    package private(set) var editInFlight: PendingEdit?
    private var largeEditReady = false

    /// Seconds of simulation time left to run (for progress lines).
    package var remaining: Double {
        let last = entry.restoreQueue.last.flatMap(\.time) ?? 0
        return Swift.max(0, Swift.max(last, target ?? 0) - entry.simulation.time)
    }

    package var isFinished: Bool {
        guard entry.isRestoring else { return true }
        guard editInFlight == nil else { return false }
        // Closed meanwhile (a reload dropped it), or stopped by UIKit's error: nothing to run.
        guard service.simulations[entry.id] === entry, entry.failure == nil else { return true }
        guard entry.restored == entry.restoreQueue.count else { return false }
        guard let target else { return true }
        return entry.simulation.time >= target
    }

    /// Applies stored inputs and runs time while `more()` allows (asked after each event and
    /// each input), so one slice never replays more than the daemon gave it.
    package func step(while more: () -> Bool) {
        guard editInFlight == nil, !largeEditReady else { return }
        repeat {
            guard !isFinished else { return finish() }
            if entry.restored < entry.restoreQueue.count {
                let record = entry.restoreQueue[entry.restored]
                if let time = record.time, entry.simulation.time < time {
                    guard entry.advance(to: time, while: more) else { return }
                    continue
                }
                if appliesLargeEditsElsewhere, case .perform(_, _, let input) = record,
                    service.appliesInBackground(input, on: entry)
                {
                    largeEditReady = true
                    return
                }
                service.apply(record, to: entry, remembering: false)
                inputApplied()
            } else if let target {
                guard entry.advance(to: target, while: more) else { return }
            }
        } while more()
        if isFinished { finish() }
    }

    /// The large stored edit `step` stopped before, for the runner to apply off the loop (nil
    /// when there is none); the job waits until `editApplied`.
    package func takeEdit() -> PendingEdit? {
        guard largeEditReady, case .perform(_, _, let input) = entry.restoreQueue[entry.restored] else { return nil }
        largeEditReady = false
        entry.infoBeforeEdit = service.info(entry)
        entry.isEditing = true
        let edit = PendingEdit(entry: entry, input: input)
        editInFlight = edit
        return edit
    }

    /// The edit `takeEdit` handed out is applied: as in `SimulatorService.apply`, a refused edit
    /// changes nothing and UIKit's error stops the simulation. On the loop.
    package func editApplied(_ edit: PendingEdit) {
        guard edit === editInFlight else { return }
        editInFlight = nil
        entry.isEditing = false
        entry.infoBeforeEdit = nil
        entry.changed()
        switch edit.outcome {
        case nil, .invalidSpec?, .limitReached?: break
        case let error?: entry.fail(error)
        }
        inputApplied()
    }

    private func inputApplied() {
        entry.restored += 1
        if entry.restored == entry.restoreQueue.count {
            entry.restoreQueue = []
            entry.restored = 0
        }
    }

    private func finish() {
        entry.isBusy = false
        entry.isRestoring = false
        entry.restoreQueue = []
        entry.restored = 0
    }

    package func result() -> VarlinkReply {
        finish()
        return VarlinkReply(parameters: ["simulation": service.info(entry)])
    }

    package func progressReply() -> VarlinkReply? { nil }

    /// The stored inputs still hold: the next start restores them again.
    package func cancel() { finish() }
}
