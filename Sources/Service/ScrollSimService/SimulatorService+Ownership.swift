import JSONModel
import Varlink

/// A simulation belongs to the user who opened it: others may read it, only its owner (or root,
/// or the daemon's own user) may change or close it. The configuration's live simulations belong
/// to the daemon. Opens count against the opener's `simulationsPerUser`.
extension SimulatorService {
    /// Refuses a state-changing call on a simulation the caller does not own.
    func checkOwnership(_ call: VarlinkCall) throws(ServiceError) {
        guard !context.caller.isAdministrator, case .string(let id)? = call.parameters["simulation"],
            let entry = simulations[id]
        else { return }
        if entry.live { throw .notOwner(simulation: id, owner: "the daemon (a configured live simulation)") }
        // Records stored before owners were recorded belong to everyone, as they did.
        guard let owner = entry.record.owner, owner != context.caller.uid else { return }
        throw .notOwner(simulation: id, owner: "user \(owner)")
    }

    /// Refuses an open past the caller's share of simulations.
    func checkQuota() throws(ServiceError) {
        guard !context.caller.isAdministrator, let uid = context.caller.uid else { return }
        let held = simulations.values.count { $0.record.owner == uid } + (pendingOpensByOwner[uid] ?? 0)
        guard held < limits.simulationsPerUser else {
            throw .limitReached("simulationsPerUser", maximum: Double(limits.simulationsPerUser))
        }
    }
}
