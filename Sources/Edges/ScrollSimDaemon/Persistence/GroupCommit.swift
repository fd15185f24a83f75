import Glibc
import Posix
import Systemd

/// fdatasync(2) off the loop thread, one sync for every record written meanwhile (group commit).
///
/// The loop writes each record with write(2) (the page cache: microseconds) and counts it here; a
/// reply to a call whose input was written is held until a sync that began after the write has
/// completed (`ClientConnection.held`). One sync runs at a time on the state file's worker
/// thread; the records written while it runs are covered by the next one, so many clients writing
/// at once cost about one fdatasync per round instead of one each, and the loop never waits for
/// the disk.
final class GroupCommit {
    /// Records written since the start (a count, not a file offset: it survives rewrites).
    private(set) var written = 0
    /// Records known to be on disk.
    private(set) var durable = 0
    /// How many fdatasync calls completed (GetStatus `state.syncs`).
    private(set) var syncs = 0
    /// The target of the sync running now.
    private var inFlight: Int?
    /// The state file's worker thread: syncs, and the compactions' writes in turn with them.
    let worker: LoopWorker
    /// The file to sync now (the store reopens it after a rewrite).
    private let fileDescriptor: () -> Int32?
    /// Called on the loop when `durable` moved: the records up to it are on disk, or the sync of
    /// those up to it failed (then `failure` says why).
    var onDurable: (_ durable: Int, _ failure: String?) -> Void = { _, _ in }

    init(loop: EventLoop, fileDescriptor: @escaping () -> Int32?) throws(SystemCallError) {
        self.fileDescriptor = fileDescriptor
        worker = try LoopWorker(loop: loop, label: "scrollsimd.state")
    }

    /// A record was written: returns its number (a reply after it waits for `durable` to reach
    /// it) and starts a sync if none is running.
    func noteWritten() -> Int {
        written += 1
        startIfNeeded()
        return written
    }

    /// Everything written is on disk (a rewrite fsynced the whole file), or a final sync of it
    /// failed (`failure`).
    func markAllDurable(failure: String? = nil) {
        guard durable < written else { return }
        durable = written
        onDurable(durable, failure)
    }

    /// Waits on the calling thread for the running sync and compaction (at shutdown, before the
    /// final rewrite), and hands their results over.
    func drain() { worker.drain() }

    private func startIfNeeded() {
        guard inFlight == nil, written > durable, let fd = fileDescriptor() else { return }
        let target = written
        // A duplicate of the descriptor: the store may close and reopen its own (a rewrite)
        // while the worker syncs; the duplicate keeps the file open until the sync returns.
        let copy = dup(fd)
        guard copy >= 0 else { return synced(target, error: errno) }
        inFlight = target
        let outcome = Handoff<Int32>()
        worker.run(
            {
                var error: Int32 = 0
                while fdatasync(copy) != 0 {
                    guard errno == EINTR else {
                        error = errno
                        break
                    }
                }
                Glibc.close(copy)
                outcome.value = error
            },
            then: { [unowned self] in
                inFlight = nil
                synced(target, error: outcome.value ?? 0)
                startIfNeeded()
            })
    }

    /// On the loop: a sync up to `target` completed; the next covers what was written meanwhile.
    private func synced(_ target: Int, error: Int32) {
        syncs += 1
        guard target > durable else { return }
        durable = target
        onDurable(durable, error == 0 ? nil : "fdatasync: \(String(cString: strerror(error)))")
    }
}
