import Foundation
import Glibc
import Posix
import ScrollSimService
import Systemd
import Varlink

/// Signals: SIGHUP reloads, SIGTERM and SIGINT drain and exit 0 (swift-service-lifecycle's
/// start, ready, drain, in systemd's terms).
extension Daemon {
    /// How long a stop waits for replies to be written before exiting anyway.
    static let drainTimeout = 2.0

    /// Blocks the signals the loop handles, for the calling thread and every thread it starts:
    /// `main` calls this first, so a SIGTERM during start-up waits for the loop (and drains)
    /// instead of killing the process (docs/internals.md S4, S6).
    package static func blockSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    func setUpSignals() throws {
        try loop.addSignal(SIGHUP) { [unowned self] _ in reload() }
        try loop.addSignal(SIGTERM) { [unowned self] pid in stop(reason: "SIGTERM from pid \(pid)") }
        try loop.addSignal(SIGINT) { [unowned self] _ in stop(reason: "SIGINT") }
        signal(SIGPIPE, SIG_IGN)  // a vanished client is an error from send(), not a signal
        if options.ephemeral { watchParent() }
    }

    /// `--ephemeral`: the client that started this daemon holds the other end of standard input;
    /// when it ends, however it ends (even SIGKILL), the pipe closes and the daemon stops.
    func watchParent() {
        do {
            timers.parentWatch = try loop.addIO(fd: STDIN_FILENO, events: .readable) { [unowned self] _ in
                var byte: UInt8 = 0
                let n = read(STDIN_FILENO, &byte, 1)
                guard n <= 0, !(n < 0 && (errno == EAGAIN || errno == EINTR)) else { return }
                timers.parentWatch?.cancel()
                timers.parentWatch = nil
                stop(reason: "standard input closed: the client that started this daemon is gone")
            }
        } catch {
            logger.log(.warning, "--ephemeral: cannot watch standard input (\(error)); stop me with SIGTERM", event: "ephemeral")
        }
    }

    /// Loads the configuration again; a broken one is refused and the running one stays.
    func reload() {
        _ = try? ServiceManager.notify(NotifyMessage(reloading: true, status: "reloading the configuration"))
        let loader = ConfigurationLoader(path: options.configurationPath)
        do {
            // A main file gone since the start would mean the built-in defaults, which allow every
            // caller: refused, as a broken file is (access is never weakened by a missing file).
            if configurationFileAtStart, !FileManager.default.fileExists(atPath: options.configurationPath) {
                throw ConfigurationError.unreadable(
                    file: options.configurationPath,
                    reason: "is missing (it was read at start; restore it, or restart to run on the built-in defaults)")
            }
            let next = try loader.load()
            let previous = configuration
            reloadScreenHosts(next)
            configuration = next
            logger.level = next.logLevel
            access = next.accessPolicy
            service.limits = next.service
            service.catalog = Self.catalog(next)
            startLiveSimulations(next.live)
            if next.tickInterval != previous.tickInterval || next.statusInterval != previous.statusInterval {
                _ = try? startTimers()
            }
            if next.workers != previous.workers || next.tickInterval != previous.tickInterval { startWorkers() }
            logger.log(
                .notice, "configuration reloaded from \(loader.files().joined(separator: ", ").ifEmpty("built-in defaults"))",
                event: "reloaded")
            _ = try? ServiceManager.notify(NotifyMessage(ready: true, status: statusLine()))
        } catch {
            logger.log(.err, "configuration not reloaded, keeping the running one: \(error)", event: "reload-failed")
            _ = try? ServiceManager.notify(NotifyMessage(ready: true, status: "reload refused: \(error); " + statusLine()))
        }
    }

    /// Stops accepting, ends streams and jobs with ShuttingDown, answers what is queued, writes
    /// the state file, and exits once the replies are written (or after `drainTimeout`).
    func stop(reason: String) {
        guard !stopping else { return }
        stopping = true
        _ = try? ServiceManager.notify(NotifyMessage(stopping: true, status: "stopping: \(reason)"))
        logger.log(.notice, "stopping: \(reason)", event: "stopping")
        // From here on calls bring realtime simulations up to date themselves.
        workers?.stop()
        workers = nil
        listener.close()
        timers.tick?.cancel()
        timers.status?.cancel()
        work.cancelDetached()
        // Opens still being built: nothing is stored yet; the build finishes unused (or the
        // process exits first).
        for connection in connections.inOrder {
            guard case .building(let pending, let replies) = connection.activity else { continue }
            service.abandonOpen(pending)
            connection.activity = .idle
            connection.state.finishDeferred()
            if replies { connection.enqueue(VarlinkReply(error: ServiceError.shuttingDown.varlinkError)) }
        }
        // Edits being applied (a client's, or a restore's): their inputs are stored and half
        // applied; the worker finishes them (an edit is bounded) before the state is written.
        let editing = connections.values.contains { if case .editing = $0.activity { true } else { false } }
        if editing || restoration.hasEditInFlight { openWorker.drain() }
        restoration.cancel()
        for connection in connections.values where connection.heldCall != nil {
            connection.activity = .idle
            connection.state.finishDeferred()
            connection.enqueue(VarlinkReply(error: ServiceError.shuttingDown.varlinkError))
        }
        for connection in connections.inOrder {
            if connection.stream != nil || connection.job != nil {
                connection.stream?.finish()
                // A long Advance is interrupted: its stored input still holds, so the next start
                // replays it to its target.
                connection.job?.cancel()
                if connection.activity.running?.replies ?? true {
                    connection.enqueue(VarlinkReply(error: ServiceError.shuttingDown.varlinkError))
                }
                connection.activity = .idle
                connection.state.finishDeferred()
            }
            connection.closeAfterFlush = true
            serve(connection)  // queued calls get ShuttingDown too (dispatch checks `stopping`)
        }
        // The held replies go out once the final rewrite (or, failing it, a sync) has put their
        // inputs on disk.
        stateFile?.close(at: now)
        screenHosts.stopAll()
        timers.drain = try? loop.addTimer(after: .milliseconds(Int64(Self.drainTimeout * 1000))) { [unowned self] in
            logger.log(.warning, "\(connections.count) connections still had unwritten replies", event: "drain-timeout")
            loop.exit(0)
        }
        finishIfDrained()
    }

    func finishIfDrained() {
        if connections.isEmpty { loop.exit(0) }
    }
}

extension String {
    func ifEmpty(_ replacement: String) -> String { isEmpty ? replacement : self }
}
