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
        restoration = Restoration(service.restoreJobs(now: now), at: clock())
        guard !restoration.isEmpty else { return }
        logger.log(
            .info,
            "restoring \(restoration.count) simulations in the background (\(Int(restoration.remainingSeconds)) s of simulated time)",
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
        guard restoration.hasRunnable else { return }
        let order = restoration.order(awaited: Set(connections.values.compactMap { $0.heldCall.flatMap(Self.simulationID) }))
        func runnable(_ job: RestoreJob) -> Bool { !job.isFinished && job.editInFlight == nil }
        var k = 0
        repeat {
            let job = order[k % order.count]
            k += 1
            if runnable(job) {
                job.step(while: slice(within: deadline))
                if let edit = job.takeEdit() { applyOffTheLoop(edit, restoring: job) }
            }
        } while clock() < deadline && order.contains(where: runnable)
        guard restoration.removeFinished() else { return }
        resumeHeldCalls()
        if restoration.isEmpty {
            logger.log(
                .info,
                "restored \(restoration.total) simulations in \(String(format: "%.1f", clock() - restoration.startedAt)) s",
                event: "restored")
            _ = try? ServiceManager.notify(NotifyMessage(status: statusLine()))
        }
    }

    /// A large stored edit is replayed on the open worker, as a client's would be applied: the
    /// simulation is being restored, so nothing else touches it, and its job waits for the edit.
    private func applyOffTheLoop(_ edit: PendingEdit, restoring job: RestoreJob) {
        openWorker.run({ edit.apply() }) { [unowned self] in
            job.editApplied(edit)
            scheduleWork()
        }
    }

    /// Dispatches the held calls whose simulation is restored now.
    func resumeHeldCalls() {
        for connection in connections.inOrder {
            guard let call = connection.heldCall, !(Self.simulationID(of: call).map(service.holdsCalls(about:)) ?? false) else {
                continue
            }
            connection.activity = .idle
            connection.state.finishDeferred()
            dispatch(call, on: connection)
            serve(connection)
        }
    }
}
