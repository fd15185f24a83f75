import Dispatch
import Foundation
import Glibc
import Posix
import Synchronization
import Systemd

/// A serial worker thread for work that would block the loop (an fdatasync, writing a compacted
/// state file, building a simulation from a large definition), handing each piece's completion
/// back to the loop: `done` runs on the loop's thread, woken through a pipe the loop watches.
///
/// The work and its completion share what the work produced through a `Handoff`: written by the
/// worker before it posts, read by the loop after it sees the post (the lock around the posted
/// list orders the two), so nothing is touched by both threads at once.
final class LoopWorker {
    /// The pieces waiting for the thread, in order (nil: the thread ends), and a count of them.
    private final class Pieces: Sendable {
        let queue = Mutex<[(@Sendable () -> Void)?]>([])
        let waiting = DispatchSemaphore(value: 0)

        func add(_ piece: (@Sendable () -> Void)?) {
            queue.withLock { $0.append(piece) }
            waiting.signal()
        }

        /// Runs the pieces as they come, until the nil one.
        func run() {
            while true {
                waiting.wait()
                guard let piece = queue.withLock({ $0.removeFirst() }) else { return }
                piece()
            }
        }
    }

    private let pieces = Pieces()
    private let posted: Posted
    /// Held so that the loop outlives the worker's event source (the daemon's properties are
    /// released in no particular order).
    private let loop: EventLoop
    private var source: EventSource?
    private var handlers: [Int: () -> Void] = [:]
    private var next = 0

    /// The worker's side: finished pieces' numbers under a lock, and the pipe's write end.
    final class Posted: Sendable {
        let numbers = Mutex<[Int]>([])
        let readFD: Int32
        let writeFD: Int32
        init(readFD: Int32, writeFD: Int32) {
            self.readFD = readFD
            self.writeFD = writeFD
        }
        // Closed with the last reference: a piece still running holds one, so it never writes to
        // a descriptor closed (and perhaps reused) under it.
        deinit {
            Glibc.close(readFD)
            Glibc.close(writeFD)
        }
        func post(_ number: Int) {
            numbers.withLock { $0.append(number) }
            var one: UInt8 = 1
            _ = Glibc.write(writeFD, &one, 1)  // a full pipe already wakes the loop
        }
    }

    /// `niceness`: the thread runs at this nice value (Linux sets it per thread), so that its
    /// pieces (one user's large open or edit) give way to the loop serving everyone else.
    init(loop: EventLoop, label: String, niceness: Int32? = nil) throws(SystemCallError) {
        self.loop = loop
        let pieces = pieces
        let thread = Thread {
            if let niceness { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness) }
            pieces.run()
        }
        thread.name = label
        thread.start()
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SystemCallError("pipe", errno: errno) }
        for fd in ends {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        posted = Posted(readFD: ends[0], writeFD: ends[1])
        do {
            source = try loop.addReadable(fd: ends[0]) { [unowned self] in completed() }
        } catch {
            throw SystemCallError("sd_event_add_io", errno: -error.code)
        }
    }

    deinit {
        source?.cancel()
        pieces.add(nil)  // the thread ends after the pieces before
    }

    /// Pieces started and not yet completed on the loop.
    var pending: Int { handlers.count }

    /// Runs `work` on the worker thread after the pieces before it, then `done` on the loop.
    func run(_ work: @escaping @Sendable () -> Void, then done: @escaping () -> Void) {
        next += 1
        let number = next
        handlers[number] = done
        let posted = self.posted
        pieces.add {
            work()
            posted.post(number)
        }
    }

    /// Waits on the calling thread until the worker is idle, then runs the completions (at
    /// shutdown).
    func drain() {
        let idle = DispatchSemaphore(value: 0)
        pieces.add { idle.signal() }
        idle.wait()
        completed()
    }

    private func completed() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while Glibc.read(posted.readFD, &bytes, bytes.count) == bytes.count {}
        let numbers = posted.numbers.withLock { numbers in
            defer { numbers = [] }
            return numbers
        }
        for number in numbers { handlers.removeValue(forKey: number)?() }
    }
}

/// What a worker's piece produced, for its completion on the loop (see `LoopWorker`).
final class Handoff<Value>: @unchecked Sendable {
    var value: Value?
}
