import Dispatch
import Glibc
import Posix
import Synchronization
import Systemd

/// fdatasync(2) off the loop thread, one sync for every record written meanwhile (group commit).
///
/// The loop writes each record with write(2) (the page cache: microseconds) and counts it here; a
/// reply to a call whose input was written is held until a sync that began after the write has
/// completed (`ClientConnection.held`). One sync runs at a time on a worker thread; the records
/// written while it runs are covered by the next one, so many clients writing at once cost about
/// one fdatasync per round instead of one each, and the loop never waits for the disk.
final class GroupCommit {
    /// Records written since the start (a count, not a file offset: it survives rewrites).
    private(set) var written = 0
    /// Records known to be on disk.
    private(set) var durable = 0
    /// The target of the sync running now.
    private var inFlight: Int?
    /// Completed syncs, handed from the worker to the loop (through `signal`).
    private let completions: Completions
    private var source: EventSource?
    private let queue = DispatchQueue(label: "scrollsimd.fdatasync")
    /// The file to sync now (the store reopens it after a rewrite).
    private let fileDescriptor: () -> Int32?
    /// Called on the loop when `durable` moved: the records up to it are on disk, or the sync of
    /// those up to it failed (then `failure` says why).
    var onDurable: (_ durable: Int, _ failure: String?) -> Void = { _, _ in }
    /// Background tasks' completion handlers, by number.
    private var tasks: [Int: (Result<Int, SystemCallError>) -> Void] = [:]
    private var nextTask = 0
    /// How many fdatasync calls ran, and how many records they covered (GetStatus-style figures).
    private(set) var syncs = 0

    /// What the worker finished: a sync (its target record and errno), or a background task
    /// (its number and result).
    enum Completion: Sendable {
        case sync(target: Int, error: Int32)
        case task(Int, Result<Int, SystemCallError>)
    }

    /// The worker's side: results under a lock, and a pipe whose read end wakes the loop.
    final class Completions: Sendable {
        let results = Mutex<[Completion]>([])
        let readFD: Int32
        let writeFD: Int32
        init(readFD: Int32, writeFD: Int32) {
            self.readFD = readFD
            self.writeFD = writeFD
        }
        func post(_ completion: Completion) {
            results.withLock { $0.append(completion) }
            var one: UInt8 = 1
            _ = Glibc.write(writeFD, &one, 1)  // a full pipe already wakes the loop
        }
    }

    init(loop: EventLoop, fileDescriptor: @escaping () -> Int32?) throws(SystemCallError) {
        self.fileDescriptor = fileDescriptor
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SystemCallError("pipe", errno: errno) }
        for fd in ends {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        completions = Completions(readFD: ends[0], writeFD: ends[1])
        do {
            source = try loop.addReadable(fd: ends[0]) { [unowned self] in completed() }
        } catch {
            throw SystemCallError("sd_event_add_io", errno: -error.code)
        }
    }

    deinit {
        source?.cancel()
        Glibc.close(completions.readFD)
        Glibc.close(completions.writeFD)
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

    /// Runs `work` on the worker thread, in turn with the syncs, and `done` with its result on
    /// the loop (a compaction writes the new file this way, off the loop).
    func background(
        _ work: @escaping @Sendable () -> Result<Int, SystemCallError>, done: @escaping (Result<Int, SystemCallError>) -> Void
    ) {
        nextTask += 1
        let number = nextTask
        tasks[number] = done
        let completions = self.completions
        queue.async { completions.post(.task(number, work())) }
    }

    /// Waits on the calling thread for the running sync and tasks (at shutdown, before the final
    /// rewrite), and hands their results over.
    func drain() {
        queue.sync {}
        completed()
    }

    private func startIfNeeded() {
        guard inFlight == nil, written > durable, let fd = fileDescriptor() else { return }
        // A duplicate of the descriptor: the store may close and reopen its own (a rewrite)
        // while the worker syncs; the duplicate keeps the file open until the sync returns.
        let copy = dup(fd)
        guard copy >= 0 else {
            completions.post(.sync(target: written, error: errno))
            return
        }
        let target = written
        inFlight = target
        let completions = self.completions
        queue.async {
            var error: Int32 = 0
            while fdatasync(copy) != 0 {
                guard errno == EINTR else {
                    error = errno
                    break
                }
            }
            Glibc.close(copy)
            completions.post(.sync(target: target, error: error))
        }
    }

    /// On the loop: takes the finished syncs, moves `durable`, and starts the next sync for what
    /// was written meanwhile.
    private func completed() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while Glibc.read(completions.readFD, &bytes, bytes.count) == bytes.count {}
        let results = completions.results.withLock { results in
            defer { results = [] }
            return results
        }
        for result in results {
            switch result {
            case .sync(let target, let error):
                if target == inFlight { inFlight = nil }
                syncs += 1
                guard target > durable else { continue }
                durable = target
                onDurable(durable, error == 0 ? nil : "fdatasync: \(String(cString: strerror(error)))")
            case .task(let number, let result):
                tasks.removeValue(forKey: number)?(result)
            }
        }
        startIfNeeded()
    }
}
