import Foundation
import JSONModel
import Posix
import ScrollSimService
import Systemd
import Varlink

/// The timers: the live tick (realtime simulations and streams), status and checkpoints, and the
/// work turns that run jobs (profiles, advances, restores) in slices of processor time between I/O.
extension Daemon {
    /// Wall time one work turn may take before the loop serves I/O again.
    static let workBudget = 0.004

    func startTimers() throws {
        timers.tick?.cancel()
        timers.status?.cancel()
        let interval = configuration.tickInterval
        tickSchedule.restart(interval: interval, at: clock())
        // Not above I/O: a tick that overruns its interval must not keep clients from being
        // served (sd-event takes one pending source per turn, equal priorities in turn).
        timers.tick = try loop.addTimer(after: .microseconds(Int64(interval * 1e6)), repeating: true) {
            [unowned self] in tick()
        }
        timers.status = try loop.addTimer(after: .microseconds(Int64(configuration.statusInterval * 1e6)), repeating: true) {
            [unowned self] in
            _ = try? ServiceManager.notify(NotifyMessage(status: statusLine()))
            closeIdleConnections()
        }
    }

    /// Advances the realtime simulations to now, feeds the streams, and checkpoints the clock —
    /// all inside one budget: what does not fit (simulations behind, streams not polled) waits
    /// for the next tick, and clients are served in between.
    func tick() {
        let wall = clock()
        metrics.tickFired(lateness: tickSchedule.fire(at: wall), at: wall)
        // The hosts' pipes are the screen simulations' too, which the workers may be advancing.
        if !screenHosts.hosts.isEmpty { workers?.pause() }
        superviseScreenHosts()
        let time = now
        let deadline = wall + configuration.tickBudget
        if workers == nil {
            // The deadline is asked after every event, so a costly simulation stretches a tick by
            // one frame at most.
            service.advanceRealtime(to: time, maxStep: tickSchedule.maxStep) { clock() < deadline }
        }
        // The first stream is polled even past the deadline, so every stream advances.
        let streaming = connections.values.compactMap { $0.stream == nil ? nil : $0.id }
        for id in tickSchedule.pollingOrder(streaming) {
            guard let connection = connections[id] else { continue }
            pollStream(connection)
            serve(connection)
            tickSchedule.polled(id)
            if clock() >= deadline { break }
        }
        stateFile?.checkpointIfDue(at: time, every: configuration.checkpointInterval)
        metrics.busy(from: wall, to: clock())
    }

    /// Starts the worker threads the configuration asks for (stopping those running), paused:
    /// the loop hands them the realtime simulations after its next dispatch.
    func startWorkers() {
        workers?.stop()
        workers = nil
        let count = configuration.workers ?? ProcessInfo.processInfo.activeProcessorCount
        guard count > 0 else { return }
        let clock = clock
        // A turn may run several ticks' frames, as the loop's own tick may: the first event of a
        // turn pays for bringing the simulation into the processor's caches, which costs more
        // than a frame, so a worker that turned to a simulation only one tick at a time spent
        // most of its time there once its round took longer than a tick.
        workers = RealtimeWorkers(
            count: count, clock: { clock.now }, interval: configuration.tickInterval,
            maxStep: configuration.tickInterval * TickSchedule.catchUpIntervals)
    }

    /// After a dispatch: hands the workers the realtime simulations if some were opened or
    /// closed, and lets them go on. Returns whether one of them was kept from a turn.
    func resumeWorkers() -> Bool {
        guard let workers else { return false }
        // Gathered, and the workers paused for it, only when simulations were opened or closed.
        workers.assign(service.realtimeSimulations, generation: unpausedService.simulationsGeneration)
        return workers.resume()
    }

    /// One job's turn: `JobSlice` of real time, ending with the turn at the latest (at least one
    /// event runs, so a job always progresses).
    func slice(within deadline: Double) -> () -> Bool {
        let end = Swift.min(deadline, clock() + configuration.jobSlice)
        return { [clock] in clock() < end }
    }

    func scheduleWork() {
        guard !work.isScheduled else { return }
        work.isScheduled = true
        if let timer = timers.work {
            timer.rearm(after: .zero)
        } else {
            timers.work = try? loop.addTimer(after: .zero) { [unowned self] in workTurn() }
        }
    }

    /// Runs profile slices round-robin for a few milliseconds, then yields to I/O; also serves
    /// the connections whose pipelined calls were left for a later turn.
    func workTurn() {
        work.isScheduled = false
        let started = clock()
        defer { metrics.busy(from: started, to: clock()) }
        let deadline = started + Self.workBudget
        for id in work.takePending() {
            if let connection = connections[id] { serve(connection) }
        }
        stepRestoring(until: deadline)
        for job in work.detachedJobs where clock() < deadline {
            job.step(while: slice(within: deadline))
            if job.isFinished { _ = job.result() }
        }
        work.detachedJobs.removeAll { $0.isFinished }
        // One slice per job, users in turn and each user's jobs in turn (`FairRoundRobin`), until
        // the budget is spent: the deadline is checked after every slice, so many jobs cannot
        // stretch a turn, and one user's many jobs cannot crowd out another's.
        var running = connections.values.compactMap { c in c.job == nil ? nil : (user: c.peer?.uid ?? .max, id: c.id) }
        var stepped = 0
        while clock() < deadline || stepped == 0 {
            guard let id = work.jobTurns.next(among: running) else { break }
            guard let connection = connections[id], let current = connection.activity.running else {
                running.removeAll { $0.id == id }  // closed or answered meanwhile
                continue
            }
            let job = current.job
            job.step(while: slice(within: deadline))
            stepped += 1
            if job.isFinished {
                let reply = job.result()
                if current.replies { connection.enqueue(reply) }
                finishDeferred(connection)
                running.removeAll { $0.id == id }
            } else if current.progress, clock() - current.lastProgressSent >= 0.25,
                let progress = job.progressReply()
            {
                current.lastProgressSent = clock()
                connection.enqueue(progress)
                serve(connection)
            }
        }
        if connections.hasJobs || !work.pendingServe.isEmpty || !work.detachedJobs.isEmpty || restoration.hasRunnable {
            scheduleWork()
        }
    }
}
