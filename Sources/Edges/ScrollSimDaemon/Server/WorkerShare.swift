/// When the loop lets the live-simulation workers run, as a value the loop's hooks consult.
///
/// The workers wait while the loop runs handlers that need the simulations, a batch of them at a
/// time (no pause per call; polls answered from published counts need none). A loop that has
/// been busy for `dispatchBatch` (one long batch, or many with no real gap between them) and kept
/// a worker from its turn then steps aside until that worker has caught up, for at most `share`:
/// a flood of calls or back-to-back work turns slows the live simulations down without stopping
/// them. Workers asleep until their next tick are owed nothing (a loop that
/// stepped aside for them anyway would serve fewer calls for no gain).
struct WorkerShare {
    /// The longest the loop dispatches without letting the workers run, and how long it then
    /// leaves them alone when it was busy all that time (a third of its time).
    static let dispatchBatch = 0.002
    static let share = 0.001

    private var batchStarted = 0.0
    private var lastResume = -Double.infinity
    /// Since when the loop has been busy without a real gap.
    private var busySince: Double

    init(at time: Double) { busySince = time }

    /// A batch of handlers starts at `time` (the workers are paused now).
    mutating func batchStarts(at time: Double) {
        // The loop waited a while since the last batch: the workers had their time.
        if time - lastResume >= Self.share { busySince = time }
        batchStarted = time
    }

    /// Whether the batch may run another handler at `time`.
    func keepDispatching(at time: Double) -> Bool { time - batchStarted < Self.dispatchBatch }

    /// The batch ended at `time` and the workers were resumed; `heldBack`: one of them had a turn
    /// to take and waited for the batch. Whether the loop should now step aside for `share`.
    mutating func batchEnded(heldBack: Bool, at time: Double) -> Bool {
        lastResume = time
        return heldBack && time - busySince >= Self.dispatchBatch
    }

    /// The loop stepped aside until `time`: the workers have had their share.
    mutating func steppedAside(until time: Double) {
        busySince = time
        lastResume = time
    }
}
