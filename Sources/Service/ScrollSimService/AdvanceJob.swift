import JSONModel
import Varlink

/// An `Advance` the daemon runs in slices: the input is already stored (a restart replays it whole), and the simulation
/// runs toward its target in slices; until it answers, the simulation takes no other change
/// (`SimulationBusy`), while reads see it part-way.
package final class AdvanceJob: ServiceJob {
    private let service: SimulatorService
    private let entry: SimulationEntry
    private let target: Double

    init(service: SimulatorService, entry: SimulationEntry, target: Double) {
        self.service = service
        self.entry = entry
        self.target = target
        entry.isBusy = true
    }

    package var isFinished: Bool { entry.failure != nil || entry.simulation.time >= target || !entry.isBusy }

    package func step(while more: () -> Bool) {
        guard !isFinished else { return }
        entry.advance(to: target, while: more)
        if isFinished { entry.isBusy = false }
    }

    package func result() -> VarlinkReply {
        entry.isBusy = false
        if let failure = entry.failure { return VarlinkReply(error: ServiceError.simulationFailed(failure).varlinkError) }
        return VarlinkReply(parameters: ["simulation": service.info(entry)])
    }

    package func progressReply() -> VarlinkReply? { nil }

    /// The stored input still holds: a restart replays the advance to its target.
    package func cancel() { entry.isBusy = false }
}
