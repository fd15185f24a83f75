import JSONModel
import Varlink

/// A simulation belongs to the user who opened it: others may read it, only its owner (or root,
/// or the daemon's own user) may change or close it. The configuration's live simulations belong
/// to the daemon. What a user's simulations hold counts against `simulationsPerUser` and
/// `itemsPerUser`; administrators' do not.
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

    /// Under `ReadOthers=no`, refuses a read of a simulation another user opened.
    func checkReadable(_ call: VarlinkCall) throws(ServiceError) {
        guard case .string(let id)? = call.parameters["simulation"], let entry = simulations[id],
            !isVisible(entry, to: context.caller), let owner = entry.record.owner
        else { return }
        throw .notOwner(simulation: id, owner: "user \(owner)", reading: true)
    }

    /// Whether `caller` may see `entry` in lists and streams of every simulation: always, unless
    /// `ReadOthers=no` and another user opened it.
    func isVisible(_ entry: SimulationEntry, to caller: Caller) -> Bool {
        guard !limits.readOthers, !caller.isAdministrator, let owner = entry.record.owner else { return true }
        return owner == caller.uid
    }

    /// The simulations `caller` may see, in id order.
    func visibleIDs(to caller: Caller) -> [String] {
        limits.readOthers ? simulationIDs : simulationIDs.filter { isVisible(simulations[$0]!, to: caller) }
    }

    /// Refuses an open past the caller's share of simulations.
    func checkQuota() throws(ServiceError) {
        guard !context.caller.isAdministrator, let uid = context.caller.uid else { return }
        let held = simulations.values.count { $0.record.owner == uid } + (pendingOpensByOwner[uid] ?? 0)
        guard held < limits.simulationsPerUser else {
            throw .limitReached("simulationsPerUser", maximum: Double(limits.simulationsPerUser))
        }
    }

    /// The ledger of the items a simulation opened by `owner` holds; nil for the daemon's own
    /// and an administrator's (held only to `MaxSimulations`).
    func ledger(of owner: UInt32?) -> ItemLedger? {
        guard let owner, !administrators.contains(owner) else { return nil }
        if let ledger = itemLedgers[owner] { return ledger }
        let ledger = ItemLedger(maximum: limits.itemsPerUser)
        itemLedgers[owner] = ledger
        return ledger
    }

    /// Takes what an open starts with from its owner's items, or refuses it.
    func reserveItems(for plan: EntryPlan) throws(ServiceError) {
        guard plan.scenario != nil, let ledger = ledger(of: plan.record.owner) else { return }
        guard ledger.take(plan.items) else { throw .limitReached("itemsPerUser", maximum: Double(ledger.maximum)) }
    }

    /// Gives back what `reserveItems` took for an open that did not happen.
    func unreserveItems(for plan: EntryPlan) {
        guard plan.scenario != nil, let ledger = ledger(of: plan.record.owner) else { return }
        ledger.give(plan.items)
    }

    /// Charges a built simulation's growth to its owner's items; `replayed`: its start is taken
    /// now, whatever the limit (it was accepted before).
    func chargeItems(of entry: SimulationEntry, items: Int, replayed: Bool = false) {
        guard let engine = entry.engine, let ledger = ledger(of: entry.record.owner) else { return }
        if replayed { ledger.force(items) }
        engine.charge(items, to: ledger)
    }

    /// Takes a simulation out of the open ones, giving back the items it holds.
    func unregister(_ id: String) {
        simulations[id]?.engine?.releaseCharge()
        simulations[id] = nil
    }
}
