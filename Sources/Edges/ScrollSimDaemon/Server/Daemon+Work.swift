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
        tickTimer?.cancel()
        statusTimer?.cancel()
        let interval = configuration.tickInterval
        tickExpected = clock() + interval
        // Not above I/O: a tick that overruns its interval must not keep clients from being
        // served (sd-event takes one pending source per turn, equal priorities in turn).
        tickTimer = try loop.addTimer(after: .microseconds(Int64(interval * 1e6)), repeating: true) {
            [unowned self] in tick()
        }
        statusTimer = try loop.addTimer(after: .microseconds(Int64(configuration.statusInterval * 1e6)), repeating: true) {
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
        ticks.record(latenessMs: Swift.max(0, wall - tickExpected) * 1000, at: wall)
        tickExpected = wall + configuration.tickInterval
        let time = now
        let deadline = wall + configuration.tickBudget
        if workers == nil {
            // The deadline is asked after every event, so a costly simulation stretches a tick by
            // one frame at most.
            service.advanceRealtime(to: time, maxStep: configuration.tickInterval * 4) { clock() < deadline }
        }
        // Streams are polled round-robin from where the last tick stopped; the first is polled
        // even past the deadline, so every stream advances.
        let streaming = connections.values.filter { $0.stream != nil }.sorted { $0.id < $1.id }
        if !streaming.isEmpty {
            let start = streaming.firstIndex { $0.id > streamCursor } ?? 0
            for k in 0..<streaming.count {
                let connection = streaming[(start + k) % streaming.count]
                pollStream(connection)
                serve(connection)
                streamCursor = connection.id
                if clock() >= deadline { break }
            }
        }
        if time - lastCheckpoint >= configuration.checkpointInterval { checkpoint(time) }
        let end = clock()
        busyTurns.record(latenessMs: (end - wall) * 1000, at: end)
    }

    /// Starts the worker threads the configuration asks for (stopping those running), paused:
    /// the loop hands them the realtime simulations after its next dispatch.
    func startWorkers() {
        workers?.stop()
        workers = nil
        workersGeneration = -1
        let count = configuration.workers ?? ProcessInfo.processInfo.activeProcessorCount
        guard count > 0 else { return }
        let (base, started, clock) = (clockBase, startedAt, clock)
        workers = RealtimeWorkers(
            count: count, clock: { base + clock() - started }, interval: configuration.tickInterval,
            maxStep: configuration.tickInterval)
    }

    /// After a dispatch: hands the workers the realtime simulations if some were opened or
    /// closed, and lets them go on. Returns whether one of them was kept from a turn.
    func resumeWorkers() -> Bool {
        guard let workers else { return false }
        if workersGeneration != service.simulationsGeneration {
            workers.assign(service.realtimeSimulations)
            workersGeneration = service.simulationsGeneration
        }
        return workers.resume()
    }

    /// Records the daemon's time, which the realtime simulations follow, and compacts the state
    /// file when it has grown. Not synced: a clock record only bounds how much real time a
    /// restart replays, it acknowledges no client's input.
    func checkpoint(_ time: Double) {
        lastCheckpoint = time
        guard let store, service.realtimeCount > 0 else { return }
        do {
            try store.append(.clock(time: time))
            if compaction.isDue(size: store.size), store.tail == nil, let groupCommit {
                compactInBackground(store, groupCommit, clock: time)
            }
            if checkpointFailing {
                checkpointFailing = false
                logger.log(.notice, "the state file is writable again", event: "state-write-recovered")
            }
        } catch {
            // Once per failure spell, not every second while the disk stays full.
            if !checkpointFailing {
                checkpointFailing = true
                logger.log(.err, "cannot write the state file: \(error)", event: "state-write-failed")
            }
        }
    }

    /// Rewrites the state file compactly without stopping the loop: the records are gathered
    /// here (values, cheap), encoded, written and fsynced on the worker thread; the records
    /// appended meanwhile go to the old file as usual and are added to the new one before it
    /// replaces the old (`StateStore.finishRewrite`).
    func compactInBackground(_ store: StateStore, _ groupCommit: GroupCommit, clock time: Double) {
        let records = service.compactRecords(clock: time)
        let temporary = store.beginRewrite()
        let started = clock()
        let written = Handoff<Result<Int, SystemCallError>>()
        groupCommit.worker.run({
            written.value = Result { () throws(SystemCallError) in try StateStore.writeTemporary(temporary, records: records) }
        }) { [unowned self] in
            do {
                try store.finishRewrite(written.value!)
                compaction.compacted(size: store.size)
                logger.log(
                    .debug,
                    "state file compacted to \(store.size) bytes in \(Int((clock() - started) * 1000)) ms",
                    event: "state-compacted")
            } catch {
                // The old file is whole (every record went to it too). Try again once it has
                // doubled again, not every second (a full disk would fill the journal).
                compaction.compacted(size: store.size)
                logger.log(.warning, "state file not compacted: \(error)", event: "state-write-failed")
            }
        }
    }

    /// One job's turn: `JobSlice` of real time, ending with the turn at the latest (at least one
    /// event runs, so a job always progresses).
    func slice(within deadline: Double) -> () -> Bool {
        let end = Swift.min(deadline, clock() + configuration.jobSlice)
        return { [clock] in clock() < end }
    }

    func scheduleWork() {
        guard !workScheduled else { return }
        workScheduled = true
        if let workTimer {
            workTimer.rearm(after: .zero)
        } else {
            workTimer = try? loop.addTimer(after: .zero) { [unowned self] in work() }
        }
    }

    /// Runs profile slices round-robin for a few milliseconds, then yields to I/O; also serves
    /// the connections whose pipelined calls were left for a later turn.
    func work() {
        workScheduled = false
        let started = clock()
        defer {
            let end = clock()
            busyTurns.record(latenessMs: (end - started) * 1000, at: end)
        }
        let deadline = started + Self.workBudget
        let waiting = pendingServe.sorted()
        pendingServe = []
        for id in waiting {
            if let connection = connections[id] { serve(connection) }
        }
        stepRestoring(until: deadline)
        for job in detachedJobs where clock() < deadline {
            job.step(while: slice(within: deadline))
            if job.isFinished { _ = job.result() }
        }
        detachedJobs.removeAll { $0.isFinished }
        // One slice per job, users in turn and each user's jobs in turn (`FairRoundRobin`), until
        // the budget is spent: the deadline is checked after every slice, so many jobs cannot
        // stretch a turn, and one user's many jobs cannot crowd out another's.
        var running = connections.values.compactMap { c in c.job == nil ? nil : (user: c.peer?.uid ?? .max, id: c.id) }
        var stepped = 0
        while clock() < deadline || stepped == 0 {
            guard let id = jobTurns.next(among: running) else { break }
            guard let connection = connections[id], let job = connection.job else {
                running.removeAll { $0.id == id }  // closed or answered meanwhile
                continue
            }
            job.step(while: slice(within: deadline))
            stepped += 1
            if job.isFinished {
                let reply = job.result()
                if connection.jobReplies { connection.enqueue(reply) }
                finishDeferred(connection)
                running.removeAll { $0.id == id }
            } else if connection.jobMore, clock() - connection.lastProgressSent >= 0.25,
                let progress = job.progressReply()
            {
                connection.lastProgressSent = clock()
                connection.enqueue(progress)
                serve(connection)
            }
        }
        if connections.values.contains(where: { $0.job != nil }) || !pendingServe.isEmpty || !detachedJobs.isEmpty
            || !restoring.isEmpty
        {
            scheduleWork()
        }
    }
}
