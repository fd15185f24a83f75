import Posix
import ScrollSimService
import Systemd
import Varlink

/// Restoring after a start in the background: the state file is read and checked before READY=1
/// (O(records)), and the simulations' stored inputs and time are run afterwards in work turns,
/// so the daemon is ready in constant time whatever its uptime. A call about a simulation still
/// being restored waits for it (its job goes first), and is then dispatched as if it had just
/// arrived: no client ever sees a simulation part-way restored.
extension Daemon {
    func startRestoring() {
        restoring = service.restoreJobs(now: now)
        restoreCount = restoring.count
        guard !restoring.isEmpty else { return }
        restoreStarted = clock()
        logger.log(
            .info,
            "restoring \(restoring.count) simulations in the background (\(Int(restoring.reduce(0) { $0 + $1.remaining })) s of simulated time)",
            event: "restoring")
        scheduleWork()
    }

    /// The simulation a call is about, if it names one.
    static func simulationID(of call: VarlinkCall) -> String? {
        guard call.interface == SimulatorService.interfaceName, case .string(let id)? = call.parameters["simulation"] else {
            return nil
        }
        return id
    }

    /// Runs restore slices until the turn's deadline, the simulations someone waits for first.
    func stepRestoring(until deadline: Double) {
        guard !restoring.isEmpty else { return }
        let awaited = Set(connections.values.compactMap { $0.heldCall.flatMap(Self.simulationID) })
        let order = restoring.filter { awaited.contains($0.simulation) } + restoring.filter { !awaited.contains($0.simulation) }
        var k = 0
        repeat {
            let job = order[k % order.count]
            k += 1
            if !job.isFinished { job.step(while: slice(within: deadline)) }
        } while clock() < deadline && order.contains { !$0.isFinished }
        guard restoring.contains(where: \.isFinished) else { return }
        for job in restoring where job.isFinished { _ = job.result() }
        restoring.removeAll { $0.isFinished }
        resumeHeldCalls()
        if restoring.isEmpty {
            logger.log(
                .info,
                "restored \(restoreCount) simulations in \(String(format: "%.1f", clock() - restoreStarted)) s",
                event: "restored")
            _ = try? ServiceManager.notify(NotifyMessage(status: statusLine()))
        }
    }

    /// Dispatches the held calls whose simulation is restored now.
    func resumeHeldCalls() {
        for connection in connections.values.sorted(by: { $0.id < $1.id }) {
            guard let call = connection.heldCall, !(Self.simulationID(of: call).map(service.isRestoring) ?? false) else {
                continue
            }
            connection.heldCall = nil
            connection.state.finishDeferred()
            dispatch(call, on: connection)
            serve(connection)
        }
    }
}
