import Foundation
import Posix
import ScrollSimService
import Systemd

/// The state directory as the daemon keeps it: its lock, the input log (`StateStore`), the syncs
/// that replies wait for (`GroupCommit`), the clock checkpoints and the compactions. Opening it
/// replays the log into the service; from then on the service's inputs are appended through
/// `append`, and replies wait for `written` to be durable.
final class StateFile {
    private let store: StateStore
    let groupCommit: GroupCommit
    /// Held for the daemon's life: no second daemon touches the same state directory.
    private let lock: StateDirectoryLock
    private let service: SimulatorService
    private let logger: Logger
    private let clock: @Sendable () -> Double
    /// The latest time the log recorded: where the daemon's own time continues from.
    let restoredTime: Double
    private var compaction = CompactionPolicy()
    private var lastCheckpoint = 0.0
    /// Writing failed at the last checkpoint: logged once per spell, not every second.
    private var checkpointFailing = false
    /// Inputs are refused for want of space (since this daemon time): logged once per spell.
    private var shortOfSpaceSince: Double?
    /// A compaction failed: logged once per spell, however often it is tried again.
    private var compactionFailing = false

    /// Locks `directory`, replays its log into `service` (deferred: the simulations' inputs run
    /// later, in work turns) and rewrites the log compactly.
    init(
        directory: String, service: SimulatorService, loop: EventLoop, logger: Logger,
        clock: @escaping @Sendable () -> Double
    ) throws {
        lock = try StateDirectoryLock(directory: directory)
        self.service = service
        self.logger = logger
        self.clock = clock
        store = StateStore(directory: directory)
        restoredTime = try Self.replay(store, into: service, logger: logger, compaction: &compaction)
        groupCommit = try GroupCommit(loop: loop) { [unowned store] in store.fileDescriptor }
    }

    /// Records written since the start; a reply after record n waits for n to be durable.
    var written: Int { groupCommit.written }

    /// Appends one of the service's inputs and starts a sync if none runs. Refused, changing
    /// nothing, when the file system has less free space than a compaction needs
    /// (`CompactionPolicy.reserve`): the log never fills the disk itself, so once space returns
    /// (or a compaction frees it) inputs are accepted again, without a restart.
    func append(_ record: InputRecord) throws {
        if let free = store.freeBytes, free < compaction.reserve {
            if shortOfSpaceSince == nil {
                shortOfSpaceSince = clock()
                logger.log(
                    .err,
                    "state directory short of space: \(free) bytes free, \(compaction.reserve) kept for compaction; inputs refused until there is room",
                    event: "state-space-short")
                compactIfDue(at: clock())
            }
            throw NoSpace(free: free, reserve: compaction.reserve)
        }
        if let since = shortOfSpaceSince {
            shortOfSpaceSince = nil
            logger.log(
                .notice, "state directory has room again after \(Int(clock() - since)) s: inputs are accepted",
                event: "state-space-recovered")
        }
        try store.append(record)
        _ = groupCommit.noteWritten()
    }

    /// Why an input was not stored: the state directory's file system is (nearly) full.
    struct NoSpace: Error, CustomStringConvertible {
        let free: Int
        let reserve: Int
        var description: String {
            "no space left for the state file: \(free) bytes free, \(reserve) kept so it can be compacted; the input was not stored or applied (inputs are accepted again once there is room)"
        }
    }

    /// Replays the log, keeps a copy of a damaged one, and rewrites it compactly. Returns the
    /// latest time it recorded.
    private static func replay(
        _ store: StateStore, into service: SimulatorService, logger: Logger, compaction: inout CompactionPolicy
    ) throws -> Double {
        let (records, lines, problems) = try store.open()
        for problem in problems { logger.log(.warning, "state file \(store.path): \(problem)", event: "state-damaged") }
        var latest = 0.0
        var replayed = 0
        var failures = 0
        for (record, line) in zip(records, lines) {
            do {
                try service.replay(record, deferred: true)
                if case .clock(let time) = record { latest = Swift.max(latest, time) }
                replayed += 1
            } catch {
                failures += 1
                logger.log(.warning, "state file \(store.path): line \(line): \(error)", event: "replay-failed")
            }
        }
        // What could not be read or replayed is left out of the compacted file: keep the file as
        // it was, next to it, so nothing is lost without a copy.
        if !problems.isEmpty || failures > 0 {
            do {
                let copy = try store.preserveCopy(now: Date().timeIntervalSince1970)
                logger.log(
                    .warning, "state file \(store.path) had \(problems.count + failures) bad records; kept as it was in \(copy)",
                    event: "state-preserved")
            } catch {
                logger.log(.err, "could not keep a copy of the damaged state file: \(error)", event: "state-write-failed")
            }
        }
        do {
            try store.rewrite(service.compactRecords(clock: latest))
            compaction.compacted(size: store.size)
        } catch {
            compaction.failed(at: 0)
            // The log as it is replays the same state; a disk too full to compact it must not
            // keep the daemon from serving (new inputs then fail with PersistenceFailed).
            logger.log(.warning, "state file not compacted, kept as it is: \(error)", event: "state-write-failed")
        }
        if !records.isEmpty {
            logger.log(
                .info, "restored \(service.simulationIDs.count) simulations from \(replayed) records in \(store.path)",
                event: "restored", fields: [("SCROLLSIM_SIMULATIONS", "\(service.simulationIDs.count)")])
        }
        return latest
    }

    /// Every `interval` of the daemon's time, while realtime simulations run: records the time
    /// they follow, and compacts the log when it has grown. Not synced: a clock record only bounds
    /// how much real time a restart replays, it acknowledges no client's input. Reads only the
    /// service's records and inputs, never a simulation: the tick calls it while the live
    /// workers run.
    func checkpointIfDue(at time: Double, every interval: Double) {
        guard time - lastCheckpoint >= interval else { return }
        lastCheckpoint = time
        compactIfDue(at: time)
        guard service.realtimeCount > 0, shortOfSpaceSince == nil else { return }
        do {
            try store.append(.clock(time: time))
            if checkpointFailing {
                checkpointFailing = false
                logger.log(.notice, "the state file is writable again", event: "state-write-recovered")
            }
        } catch {
            if !checkpointFailing {
                checkpointFailing = true
                logger.log(.err, "cannot write the state file: \(error)", event: "state-write-failed")
            }
        }
    }

    /// Starts a compaction when the log has grown enough, or when inputs are refused for want
    /// of space and it holds more than the state (none while one runs, or before a failed
    /// one's back-off is over).
    private func compactIfDue(at time: Double) {
        guard store.tail == nil else { return }
        let short = shortOfSpaceSince != nil || (store.freeBytes.map { $0 < compaction.reserve } ?? false)
        if compaction.isDue(size: store.size, at: time, short: short) { compactInBackground(clock: time) }
    }

    /// Rewrites the log compactly without stopping the loop: the records are gathered here
    /// (values, cheap), encoded, written and fsynced on the worker thread; the records appended
    /// meanwhile go to the old file as usual and are added to the new one before it replaces the
    /// old (`StateStore.finishRewrite`).
    private func compactInBackground(clock time: Double) {
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
                    .debug, "state file compacted to \(store.size) bytes in \(Int((clock() - started) * 1000)) ms",
                    event: "state-compacted")
                if compactionFailing {
                    compactionFailing = false
                    logger.log(.notice, "state file compacted again (\(store.size) bytes)", event: "state-write-recovered")
                }
            } catch {
                // The old file is whole (every record went to it too). Tried again after a
                // back-off; said once per spell (a full disk must not fill the journal).
                compaction.failed(at: clock())
                if !compactionFailing {
                    compactionFailing = true
                    logger.log(.warning, "state file not compacted: \(error); trying again", event: "state-write-failed")
                }
            }
        }
    }

    /// At a stop: rewrites the log compactly at `time`, then lets every held reply go (or, the
    /// rewrite failing, after a sync; the sync failing too, with its failure).
    func close(at time: Double) {
        groupCommit.drain()
        do {
            try store.rewrite(service.compactRecords(clock: time))
            groupCommit.markAllDurable()
        } catch {
            logger.log(.err, "cannot write the state file: \(error)", event: "state-write-failed")
            do {
                try store.syncNow()
                groupCommit.markAllDurable()
            } catch {
                groupCommit.markAllDurable(failure: "\(error)")
            }
        }
    }

    /// GetStatus' `state`, with the simulations still being restored.
    func status(restoring: Int) -> SimulatorService.StateStatus {
        .init(records: groupCommit.written, syncs: groupCommit.syncs, fileBytes: store.size, restoring: restoring)
    }
}
