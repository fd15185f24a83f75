import JSONModel
import ScrollSimulation
import Varlink

/// A `Perform` whose snapshot edit is large (many items, or a simulation holding many), applied
/// off the daemon's loop: checked and stored at once (`SimulatorService.route` returns it as
/// `.edit`), applied by `apply()` on a worker thread, answered on the loop by
/// `SimulatorService.finishEdit` once the whole edit is in. An edit costs what it touches, and
/// in a section of 10^6 items that is hundreds of milliseconds no other client should wait for.
///
/// Meanwhile the simulation is the worker's: calls about it wait (they are held like calls about
/// a simulation being restored, so no reader sees half an edit), its realtime advance and its
/// `Watch` updates pause, and `ListSimulations` describes it as it was before the edit.
///
/// `@unchecked Sendable`: the worker thread runs `apply()` and nothing else touches the
/// simulation until the daemon hands the edit to `finishEdit` after `apply()` completed.
package final class PendingEdit: @unchecked Sendable {
    let entry: SimulationEntry
    let input: SimulationInput
    /// UIKit's error or the refusal the edit ended with (nil: applied).
    private(set) var outcome: SimulationError?
    private(set) var isApplied = false

    init(entry: SimulationEntry, input: SimulationInput) {
        self.entry = entry
        self.input = input
    }

    package var simulation: String { entry.id }

    /// The costly part: the snapshot edit and the layout pass it causes (any thread, once).
    package func apply() {
        do throws(SimulationError) {
            try entry.simulation.perform(input)
        } catch {
            outcome = error
        }
        isApplied = true
    }
}

extension SimulatorService {
    /// Snapshot edits touching this many items or more, or made to a simulation holding
    /// `backgroundOpenItems` or more, are applied off the loop (`PendingEdit`).
    package static let backgroundEditItems = 10_000

    /// Whether `input` on `entry` is applied off the loop.
    func appliesInBackground(_ input: SimulationInput, on entry: SimulationEntry) -> Bool {
        guard case .app(let action) = input, let engine = entry.engine else { return false }
        switch action {
        case .apply, .applyUsingReloadData:
            return input.editedItems >= Self.backgroundEditItems || engine.itemCount >= Self.backgroundOpenItems
        case .scrollTo:
            return false
        }
    }

    /// Hands a stored input to the worker: the simulation takes no other call until it is in.
    func beginEdit(_ input: SimulationInput, record: InputRecord, on entry: SimulationEntry) -> PendingEdit {
        entry.remember(record)
        entry.infoBeforeEdit = info(entry)
        entry.isBusy = true
        entry.isEditing = true
        editsInFlight += 1
        return PendingEdit(entry: entry, input: input)
    }

    /// Ends an edit applied off the loop: the simulation is the loop's again, and the caller is
    /// answered as a `Perform` applied at once would have been. On the loop, after `apply()`.
    package func finishEdit(_ pending: PendingEdit) -> VarlinkReply {
        let entry = pending.entry
        precondition(pending.isApplied, "finishEdit before the edit was applied")
        entry.isEditing = false
        entry.isBusy = false
        entry.infoBeforeEdit = nil
        editsInFlight -= 1
        entry.changed()
        do throws(ServiceError) {
            if let error = pending.outcome {
                switch error {
                case .limitReached(let name, let maximum): throw .limitReached(name, maximum: Double(maximum))
                case .invalidSpec: throw .rejectedGesture(error)
                default: entry.fail(error)
                }
            }
            if let failure = entry.failure { throw .simulationFailed(failure) }
            return VarlinkReply(parameters: ["simulation": info(entry)])
        } catch {
            return VarlinkReply(error: error.varlinkError)
        }
    }

    /// Whether calls about `id` wait: it is being restored, or an edit of it is being applied.
    package func holdsCalls(about id: String) -> Bool {
        guard let entry = simulations[id] else { return false }
        return entry.isRestoring || entry.isEditing
    }
}
