import Foundation
import Glibc
import Posix
import ScrollSimService
import Synchronization

/// Threads that advance the realtime simulations while the loop's thread serves the sockets
/// (docs/internals.md, "Live simulations on worker threads").
///
/// Each worker owns a share of the simulations and advances them one turn at a time (at most
/// `maxStep` of virtual time), round-robin, toward the daemon's clock; once a whole round finds
/// every one caught up, it sleeps for a tick interval. The loop touches simulations only from its
/// handlers, and `pause()`, called before the first handler of a batch that needs them, asks the
/// workers to leave their turns (a turn stops between two events when asked), waits until none is
/// inside one, and keeps them from starting another until `resume()` at the batch's end: no
/// simulation is ever touched by two threads at once, and a handler waits for at most one event
/// per worker, however costly a turn would be. A batch that needs no simulation (polls answered
/// from published counts) leaves the workers running.
///
/// Counts stay exactly those of a single-threaded daemon at the same virtual time: a simulation
/// depends only on its virtual time and its inputs, and an input brings a realtime simulation to
/// the present before it applies, however far the workers had taken it. Reads answer at the time
/// the workers reached, as they answered at the time the loop's tick reached.
final class RealtimeWorkers {
    /// One worker's state: every field is read and written under `mutex` (hence `@unchecked`).
    private final class Shard: @unchecked Sendable {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        /// Signalled when the worker may go on: resumed, given new simulations, or stopped.
        let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        /// Signalled when the worker leaves a turn while paused, when it has caught up, and when
        /// it exits.
        let idle = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        var simulations: [RealtimeSimulation] = []
        var cursor = 0
        /// Consecutive turns that found their simulation with nothing to do.
        var caughtUp = 0
        /// Workers start paused: the loop resumes them after its first dispatch.
        var paused = true
        /// Set by `pause()` without the lock: a turn in progress reads it after each event and
        /// stops there.
        let leave = Atomic<Bool>(true)
        var inTurn = false
        /// Waiting for `resume()` (not merely sleeping until the next tick, which a resume must
        /// not cut short: the loop dispatches thousands of times a second under load).
        var waitingForResume = false
        /// Kept from a turn by the last pause and not yet caught up since: the loop owes it time.
        var owed = false
        var running = true
        var exited = false

        init() {
            pthread_mutex_init(mutex, nil)
            var attributes = pthread_condattr_t()
            pthread_condattr_init(&attributes)
            // Sleeps are measured on the clock the daemon's time follows.
            pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
            pthread_cond_init(wake, &attributes)
            pthread_cond_init(idle, &attributes)
            pthread_condattr_destroy(&attributes)
        }

        deinit {
            pthread_cond_destroy(idle)
            pthread_cond_destroy(wake)
            pthread_mutex_destroy(mutex)
            idle.deallocate()
            wake.deallocate()
            mutex.deallocate()
        }

        func lock() { pthread_mutex_lock(mutex) }
        func unlock() { pthread_mutex_unlock(mutex) }
    }

    private let shards: [Shard]
    /// The generation of the simulations handed out last (`assign(_:generation:)`).
    private var assignedGeneration: Int?
    /// Paused by the loop and not resumed since (read and written on the loop's thread only):
    /// workers start paused, and a second `pause()` in a batch costs a comparison.
    private(set) var isPaused = true

    var count: Int { shards.count }
    /// The workers' nice value, the open worker's (`Daemon.init`).
    static let niceness: Int32 = 10

    /// Starts `count` workers, paused and without simulations.
    /// - Parameters:
    ///   - clock: the daemon's time, read on the workers' threads.
    ///   - interval: how long a worker with nothing to do sleeps (the tick interval).
    ///   - maxStep: the most virtual time one turn advances a simulation.
    init(count: Int, clock: @escaping @Sendable () -> Double, interval: Double, maxStep: Double) {
        shards = (0..<count).map { _ in Shard() }
        for (index, shard) in shards.enumerated() {
            let thread = Thread { Self.work(shard, clock: clock, interval: interval, maxStep: maxStep) }
            thread.name = "scrollsimd-live-\(index)"
            thread.start()
        }
    }

    deinit { stop() }

    /// Waits until no worker is inside a turn, and keeps them out of the simulations until
    /// `resume()`. Called on the loop's thread before a handler touches them; idempotent.
    func pause() {
        guard !isPaused else { return }
        isPaused = true
        for shard in shards { shard.leave.store(true, ordering: .relaxed) }
        for shard in shards {
            shard.lock()
            shard.paused = true
            while shard.inTurn { pthread_cond_wait(shard.idle, shard.mutex) }
            shard.unlock()
        }
    }

    /// Lets the workers go on. Returns whether one of them had a turn to take and was kept
    /// waiting by the pause (a worker asleep until its next tick, or without simulations, was
    /// not): only then does a busy loop owe the workers time. Not paused, it does nothing.
    @discardableResult
    func resume() -> Bool {
        guard isPaused else { return false }
        isPaused = false
        var heldBack = false
        for shard in shards {
            shard.lock()
            shard.paused = false
            shard.leave.store(false, ordering: .relaxed)
            if shard.waitingForResume {
                pthread_cond_signal(shard.wake)
                if !shard.simulations.isEmpty { shard.owed = true }
            }
            heldBack = heldBack || shard.owed
            shard.unlock()
        }
        return heldBack
    }

    /// Gives the workers kept from a turn the processor for up to `seconds`: returns once each
    /// has caught up (and gone to sleep until its next tick) or the time is up. Called on the
    /// loop's thread after `resume()`, when calls have kept it busy.
    func stepAside(for seconds: Double) {
        var deadline = MonotonicClock.deadline(after: seconds)
        for shard in shards {
            shard.lock()
            while shard.owed && shard.running {
                guard pthread_cond_timedwait(shard.idle, shard.mutex, &deadline) == 0 else { break }
            }
            shard.unlock()
        }
    }

    /// Hands out the simulations of `generation` unless they are the ones handed out last: the
    /// list is only gathered when simulations were opened or closed since. Only while paused.
    func assign(_ simulations: @autoclosure () -> [RealtimeSimulation], generation: Int) {
        guard generation != assignedGeneration else { return }
        assign(simulations())
        assignedGeneration = generation
    }

    /// Hands out `simulations`, the k-th to worker k mod count. Only while paused.
    func assign(_ simulations: [RealtimeSimulation]) {
        for (index, shard) in shards.enumerated() {
            shard.lock()
            precondition(shard.paused && !shard.inTurn, "simulations are handed over only while the workers are paused")
            shard.simulations = stride(from: index, to: simulations.count, by: shards.count).map { simulations[$0] }
            shard.cursor = 0
            shard.caughtUp = 0
            shard.owed = false
            // A worker asleep until the next tick, or idle without simulations, starts on its new
            // ones at once (once resumed).
            pthread_cond_signal(shard.wake)
            shard.unlock()
        }
    }

    /// Ends the threads and waits for them; the simulations are the loop's again. Idempotent.
    func stop() {
        for shard in shards {
            shard.lock()
            shard.running = false
            pthread_cond_signal(shard.wake)
            while !shard.exited { pthread_cond_wait(shard.idle, shard.mutex) }
            shard.unlock()
        }
    }

    private static func work(_ shard: Shard, clock: @Sendable () -> Double, interval: Double, maxStep: Double) {
        // Well below the loop's thread: on a busy machine, serving clients comes first — a call
        // waits for the loop alone, and the loop runs at once when one arrives only if the
        // workers weigh little beside it — yet, as with the open worker, not so low that other
        // processes could starve them (Linux sets the nice value of the calling thread, not of
        // the whole process).
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.niceness)
        shard.lock()
        while shard.running {
            if shard.paused || shard.simulations.isEmpty {
                shard.waitingForResume = shard.paused
                pthread_cond_wait(shard.wake, shard.mutex)
                shard.waitingForResume = false
                continue
            }
            if shard.caughtUp >= shard.simulations.count {
                // A whole round had nothing to do: sleep until the clock has moved on a tick.
                shard.caughtUp = 0
                if shard.owed {
                    shard.owed = false
                    pthread_cond_signal(shard.idle)
                }
                var deadline = MonotonicClock.deadline(after: interval)
                pthread_cond_timedwait(shard.wake, shard.mutex, &deadline)
                continue
            }
            let simulation = shard.simulations[shard.cursor]
            shard.cursor = (shard.cursor + 1) % shard.simulations.count
            shard.inTurn = true
            shard.unlock()
            let done = simulation.advance(to: clock(), maxStep: maxStep, while: { !shard.leave.load(ordering: .relaxed) })
            shard.lock()
            shard.inTurn = false
            if shard.paused { pthread_cond_signal(shard.idle) }
            shard.caughtUp = done ? shard.caughtUp + 1 : 0
        }
        shard.exited = true
        pthread_cond_signal(shard.idle)
        shard.unlock()
    }

}
