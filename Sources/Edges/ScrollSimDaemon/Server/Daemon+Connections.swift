import Glibc
import JSONModel
import Posix
import ScrollSimService
import Systemd
import Varlink

/// Accepting, reading, dispatching and writing. Reads are bounded per wake-up and stop while a
/// connection has much unwritten output or many unanswered calls, so no client can make the
/// daemon buffer without limit.
extension Daemon {
    static let readChunk = 64 << 10
    /// Calls received but not yet taken, beyond which a connection is not read further.
    static let maxQueuedCalls = 256
    /// Calls answered for one connection before the loop turns to other work, and the time they
    /// may take: whichever comes first (calls that change a simulation cost far more than reads,
    /// so a count alone would let a few clients pipelining Performs keep the others waiting).
    static let callsPerTurn = 64
    static let serveBudget = 0.001

    func acceptConnections() {
        for _ in 0..<64 {
            let fd: Int32?
            do {
                fd = try UnixSocket.accept(listener.fd)
            } catch  where error.errno == EMFILE || error.errno == ENFILE {
                reachedDescriptorLimit(error)
                return
            } catch {
                logger.log(.warning, "accept failed: \(error)", event: "accept-failed")
                return
            }
            guard let fd else { return }
            let peer = UnixSocket.peerCredentials(fd)
            switch connections.arrival(
                of: peer?.uid, maxConnections: configuration.maxConnections, maxPerUser: configuration.maxConnectionsPerUser,
                reserved: configuration.reservedConnections,
                isAdministrator: isAdministrator(peer))
            {
            case .accept:
                break
            case .full(let maximum):
                refuse(fd, limit: "MaxConnections", maximum: maximum)
                noteRefusedConnection()
                continue
            case .fullForUser(let maximum):
                refuse(fd, limit: "MaxConnectionsPerUser", maximum: maximum)
                logger.log(
                    .notice, "connection refused: user \(peer.map { String($0.uid) } ?? "unknown") holds \(maximum) connections",
                    event: "connection-limit")
                continue
            }
            let connection = ClientConnection(
                id: connections.nextID(), fd: fd, peer: peer, maxMessageSize: configuration.maxMessageSize,
                burst: Double(configuration.maxRequestsPerSecond), now: clock())
            do {
                connection.source = try connectionSockets.add(fd: fd, events: .readable) {
                    [unowned self, unowned connection] events in
                    handleIO(connection, events: events)
                }
            } catch {
                UnixSocket.close(fd)
                logger.log(.err, "cannot watch a connection: \(error)", event: "accept-failed")
                continue
            }
            connection.interest = .readable
            connections.insert(connection)
            logger.log(
                .debug, "connection \(connection.id) from pid \(connection.peer?.pid ?? 0)", event: "connected",
                fields: [("SCROLLSIM_CONNECTION", "\(connection.id)")])
        }
    }

    func handleIO(_ connection: ClientConnection, events: IOEvents) {
        guard !connection.isClosed else { return }
        // Serving a connection keeps the loop from the others too: counted with the ticks and
        // work turns in GetStatus's busyTurn figures.
        let started = clock()
        defer { metrics.busy(from: started, to: clock()) }
        let hungUp = !events.isDisjoint(with: [.hangUp, .error])
        if events.contains(.readable) || hungUp {
            // After a hang-up, read what is left: the calls a client sent before it vanished
            // still take effect (their replies have no reader).
            for _ in 0..<(hungUp ? 64 : 1) where !connection.inputClosed {
                do {
                    switch try UnixSocket.read(connection.fd, into: &readBuffer) {
                    case .bytes(let count):
                        connection.state.receive(readBuffer[0..<count])
                        // The turn's start stands for the read's time (microseconds apart; a
                        // clock read costs about what the rest of the bookkeeping does).
                        connection.lastActivity = started
                        if connection.callsArrivedAt == nil { connection.callsArrivedAt = started }
                    case .wouldBlock: break
                    case .endOfFile: connection.inputClosed = true
                    }
                } catch {
                    connection.inputClosed = true
                }
            }
        }
        serve(connection)
        if hungUp, connections[connection.id] != nil {
            close(connection, reason: "peer gone")
        }
    }

    /// Takes the calls that can be answered now, writes, and decides what to wait for next.
    func serve(_ connection: ClientConnection) {
        guard !connection.isClosed else { return }
        // A pipelined burst is answered a turn at a time, so one client's thousand calls do not
        // hold the loop (the rest wait in `pendingServe` for the next turn).
        var taken = 0
        let deadline = clock() + Self.serveBudget
        var outOfTurn = false
        while connection.bufferedOutput < configuration.maxOutputBuffer {
            // The clock only when another call waits (a poll's turn ends with an empty queue).
            if taken == Self.callsPerTurn
                || (taken > 0 && connection.state.queuedCallCount > 0 && clock() >= deadline)
            {
                outOfTurn = true
                break
            }
            guard let step = connection.state.next() else { break }
            taken += 1
            if let arrived = connection.callsArrivedAt { metrics.callWaited(since: arrived, at: clock()) }
            switch step {
            case .call(let call): dispatch(call, on: connection, repeated: connection.state.repeatsPrevious)
            case .refuse(let reply):
                logger.log(
                    .notice, "connection \(connection.id): call refused: \(reply.error?.name ?? "error")", event: "call-refused",
                    fields: [("SCROLLSIM_CONNECTION", "\(connection.id)")])
                connection.enqueue(reply)
            case .close(let error):
                logger.log(
                    .notice, "connection \(connection.id) closed: \(error)", event: "protocol-error",
                    fields: [("SCROLLSIM_CONNECTION", "\(connection.id)")])
                connection.closeAfterFlush = true
            }
        }
        if connection.state.queuedCallCount == 0 { connection.callsArrivedAt = nil }
        if outOfTurn && connection.state.queuedCallCount > 0 && !connection.state.isBusy {
            work.pendingServe.insert(connection.id)
            scheduleWork()
        }
        guard connection.flush(now: clock()) else {
            close(connection, reason: "peer gone")
            return
        }
        let idle =
            !connection.state.isBusy && connection.state.queuedCallCount == 0 && !work.pendingServe.contains(connection.id)
            && !connection.hasHeldReplies
        if connection.pendingOutput == 0 && !connection.hasHeldReplies
            && (connection.closeAfterFlush || (connection.inputClosed && idle))
        {
            close(connection, reason: connection.closeAfterFlush ? "closed" : "peer finished")
            return
        }
        guard account(connection) else { return }
        var interest: IOEvents = []
        let canRead =
            !connection.inputClosed && !connection.closeAfterFlush && !stopping
            && connection.bufferedOutput < configuration.maxOutputBuffer && connection.state.queuedCallCount < Self.maxQueuedCalls
        if canRead { interest.insert(.readable) }
        if connection.pendingOutput > 0 { interest.insert(.writable) }
        if interest != connection.interest {
            connection.source?.setIOEvents(interest)
            connection.interest = interest
        }
    }

    /// Answers `call`, or starts what will. `repeated`: the call is byte for byte the one taken
    /// before it on this connection, so the reply kept for that one may do.
    func dispatch(_ call: VarlinkCall, on connection: ClientConnection, repeated: Bool = false) {
        // Kept only for the call taken right before; every check below still applies to a repeat.
        let previous = connection.reuse
        connection.reuse = nil
        var reusable: [UInt8]?
        let facts = CallAdmission.Facts(
            stopping: stopping, access: access, daemonUID: daemonUID, peer: connection.peer,
            takeToken: { [unowned self] in
                connection.takeToken(rate: Double(configuration.maxRequestsPerSecond), now: clock())
            },
            // These two read only what the live workers never write: they leave the workers running.
            isRestoring: { [unowned self] id in
                (!restoration.isEmpty || unpausedService.editsInFlight > 0) && unpausedService.holdsCalls(about: id)
            },
            canReuse: { [unowned self] in
                guard repeated, let previous, let framed = unpausedService.reusedReply(previous, at: now) else { return false }
                reusable = framed
                return true
            },
            jobLimit: { [unowned self] in jobLimit(for: connection) })
        switch CallAdmission.decide(call, facts) {
        case .dispatched:
            break
        case .shuttingDown:
            if !call.oneway { connection.enqueue(VarlinkReply(error: ServiceError.shuttingDown.varlinkError)) }
            return
        case .permissionDenied:
            logger.log(
                .notice, "permission denied: \(call.method) from uid \(connection.peer.map { String($0.uid) } ?? "unknown")",
                event: "permission-denied", fields: [("SCROLLSIM_CONNECTION", "\(connection.id)")])
            if !call.oneway { connection.enqueue(VarlinkReply(error: .permissionDenied)) }
            return
        case .rateLimited:
            let limit = ServiceError.limitReached("requestsPerSecond", maximum: Double(configuration.maxRequestsPerSecond))
            if !call.oneway { connection.enqueue(VarlinkReply(error: limit.varlinkError)) }
            return
        case .held:
            connection.state.beginDeferred()
            connection.activity = .held(call)
            return
        case .reused:
            connection.reuse = previous
            connection.enqueue(framed: reusable!)
            return
        case .overJobLimit(let limit, let maximum):
            let error = ServiceError.limitReached(limit, maximum: Double(maximum))
            if !call.oneway { connection.enqueue(VarlinkReply(error: error.varlinkError)) }
            return
        }
        let recordsBefore = stateFile?.written
        let caller = Caller(
            uid: connection.peer?.uid, isAdministrator: isAdministrator(connection.peer))
        let routed = service.route(call, at: now, caller: caller, status: self.status(), catchUp: slice(within: .infinity))
        let wroteInput = noteStoredInput(since: recordsBefore, on: connection)
        switch routed {
        case .reply(let reply):
            if let reply { connection.enqueue(reply, wroteInput: wroteInput) }
        case .reusable(let reply, let token):
            connection.enqueue(reply, wroteInput: wroteInput)
            connection.reuse = token
        case .watch(let stream):
            guard connections.streamCount < configuration.maxStreams else {
                connection.enqueue(
                    VarlinkReply(
                        error: ServiceError.limitReached("streams", maximum: Double(configuration.maxStreams)).varlinkError))
                return
            }
            connection.state.beginDeferred()
            connection.activity = .streaming(stream)
            // One simulation's first reply goes out at once; a stream of all of them walks every
            // simulation, so its first poll waits for the tick's budget like every later one (a
            // hundred such streams arriving together held the loop for seconds).
            if stream.target != nil { pollStream(connection) }
        case .build(let pending):
            if let refusal = jobLimitRefusal(for: connection) {
                service.abandonOpen(pending)
                if !call.oneway { connection.enqueue(refusal) }
                return
            }
            connection.state.beginDeferred()
            connection.activity = .building(pending, replies: !call.oneway)
            openWorker.run({ pending.build() }) { [unowned self] in finishBuild(pending, on: connection) }
        case .edit(let pending):
            // Stored already: applied whatever the job limits, answered when it is in.
            connection.state.beginDeferred()
            connection.activity = .editing(pending, replies: !call.oneway, wroteInput: wroteInput)
            openWorker.run({ pending.apply() }) { [unowned self] in finishEdit(pending, on: connection) }
        case .job(let job):
            // An Advance gets one slice in the call's own turn: most finish there and are
            // answered at once, as a short call should be.
            if job is AdvanceJob {
                job.step(while: slice(within: .infinity))
                if job.isFinished {
                    let reply = job.result()
                    if !call.oneway { connection.enqueue(reply, wroteInput: wroteInput) }
                    return
                }
            }
            // Held like a stream: the connection's later calls wait for its reply (a oneway
            // Advance still runs; its reply is dropped).
            connection.state.beginDeferred()
            connection.activity = .running(RunningJob(job, replies: !call.oneway, progress: call.more, at: clock()))
            scheduleWork()
        }
    }

    /// An OpenSimulation built off the loop is done: stored and registered, then answered. One
    /// whose caller left (or that the stop answered already) is dropped: nothing was stored and
    /// no one learnt its id.
    func finishBuild(_ pending: PendingOpen, on connection: ClientConnection) {
        // The stop answered it and let it go.
        guard case .building(let building, let replies) = connection.activity, building === pending else { return }
        connection.activity = .idle
        guard !connection.isClosed, !stopping else { return service.abandonOpen(pending) }
        let recordsBefore = stateFile?.written
        let reply = service.finishOpen(pending)
        let wroteInput = noteStoredInput(since: recordsBefore, on: connection)
        if replies { connection.enqueue(reply, wroteInput: wroteInput) }
        finishDeferred(connection)
    }

    /// A large edit applied off the loop is in: the simulation is the loop's again, the caller is
    /// answered (even one that left: the input is stored), and the calls held for it go on.
    func finishEdit(_ pending: PendingEdit, on connection: ClientConnection) {
        guard case .editing(let editing, let replies, let wroteInput) = connection.activity, editing === pending else { return }
        connection.activity = .idle
        let reply = service.finishEdit(pending)
        if replies && !connection.isClosed { connection.enqueue(reply, wroteInput: wroteInput) }
        finishDeferred(connection)
        resumeHeldCalls()
    }

    /// Root or the daemon's own user (the service's `administrators`): held to no per-user quota,
    /// may change any simulation, and may take the reserved connections.
    func isAdministrator(_ peer: PeerCredentials?) -> Bool {
        peer.map { service.administrators.contains($0.uid) } ?? false
    }

    /// Whether the service stored an input since the state file had `before` records: then this
    /// reply, and every later one on the connection, waits until the input is on disk.
    func noteStoredInput(since before: Int?, on connection: ClientConnection) -> Bool {
        guard let stateFile, stateFile.written != before else { return false }
        connection.awaitsRecord = stateFile.written
        return true
    }

    /// The limit a new job of this connection's would exceed (`ConnectionTable.jobLimit`).
    func jobLimit(for connection: ClientConnection) -> (limit: String, maximum: Int)? {
        connections.jobLimit(
            for: connection.peer?.uid, maxJobs: configuration.maxJobs, maxJobsPerUser: configuration.maxJobsPerUser)
    }

    func jobLimitRefusal(for connection: ClientConnection) -> VarlinkReply? {
        jobLimit(for: connection).map {
            VarlinkReply(error: ServiceError.limitReached($0.limit, maximum: Double($0.maximum)).varlinkError)
        }
    }

    /// Moves a stream's due replies into the connection's queue, as many as it has room for.
    func pollStream(_ connection: ClientConnection) {
        guard !connection.isClosed, let stream = connection.stream else { return }
        let room = Swift.max(0, configuration.streamQueue - connection.queuedReplies)
        for reply in stream.poll(service, now: now, room: room) { connection.enqueue(reply) }
        if stream.isFinished { finishDeferred(connection) }
    }

    /// The deferred call has had its last reply: take the calls queued behind it.
    func finishDeferred(_ connection: ClientConnection) {
        connection.activity = .idle
        connection.state.finishDeferred()
        serve(connection)
    }

    /// Closes a connection over a limit, first writing it the error that says which (one write
    /// into the new socket's empty buffer, which a short message always fits; never waited on).
    func refuse(_ fd: Int32, limit: String, maximum: Int) {
        var bytes = JSONValue.object([
            "error": .string(SimulatorService.interfaceName + ".LimitReached"),
            "parameters": .object(["limit": .string(limit), "maximum": .number(Double(maximum))]),
        ]).encodedBytes()
        bytes.append(0)
        _ = try? UnixSocket.write(fd, bytes, from: 0)
        UnixSocket.close(fd)
    }

    /// A connection over MaxConnections was closed at once (`RefusalReport` says when to log).
    func noteRefusedConnection() {
        guard let count = refusals.refused(at: clock()) else { return }
        logger.log(
            .warning,
            "connection refused: \(configuration.maxConnections) connections open"
                + (count > 1 ? " (\(count) refused since the last report)" : ""),
            event: "connection-limit")
    }

    /// Updates the buffered-bytes total with this connection's footprint; past `MaxBufferMemory`
    /// closes connections as `ConnectionTable.firstToClose` picks them (this one or another),
    /// until the total fits. Returns false when this one was.
    func account(_ connection: ClientConnection) -> Bool {
        connections.account(connection)
        while let largest = connections.firstToClose(over: configuration.maxBufferMemory) {
            logger.log(
                .warning,
                "connection \(largest.id) closed: \(connections.bufferedTotal) bytes buffered for all clients, more than MaxBufferMemory (\(configuration.maxBufferMemory)); its user (uid \(largest.peer.map { String($0.uid) } ?? "unknown")) held the most, this connection \(largest.footprint)",
                event: "buffer-limit", fields: [("SCROLLSIM_CONNECTION", "\(largest.id)")])
            close(largest, reason: "over the buffer budget")
            if largest === connection { return false }
        }
        return true
    }

    /// Closes connections that have had nothing in flight for `IdleTimeout`.
    func closeIdleConnections() {
        guard configuration.idleTimeout > 0 else { return }
        for connection in connections.idle(at: clock(), timeout: configuration.idleTimeout) {
            close(connection, reason: "idle for \(Int(configuration.idleTimeout)) s")
        }
    }

    /// The state file is on disk up to record `durable`: the replies held for it go out.
    func releaseHeldReplies(durable: Int, failure: String?) {
        if let failure { logger.log(.err, "the state file could not be synced: \(failure)", event: "state-sync-failed") }
        for connection in connections.inOrder
        where connection.awaitsRecord != 0 || connection.hasHeldReplies {
            connection.release(durable: durable, failure: failure)
            serve(connection)
        }
    }

    /// Accept failed for want of descriptors: pause accepting, answer one waiting client with the
    /// reserve descriptor, and try again when a connection closes or in a second.
    func reachedDescriptorLimit(_ error: SystemCallError) {
        listener.pause()
        let refused = listener.shedOne { fd in refuse(fd, limit: "fileDescriptors", maximum: connections.count) } ? 1 : 0
        if let count = descriptorLimit.reached(at: clock(), refused: refused) {
            logger.log(
                .warning,
                "at the file-descriptor limit (\(error)): not accepting for now, serving the \(connections.count) open connections; \(count) waiting client\(count == 1 ? "" : "s") refused since the last report",
                event: "descriptor-limit")
        }
        if let timer = timers.acceptRetry {
            timer.rearm(after: .seconds(1))
        } else {
            timers.acceptRetry = try? loop.addTimer(after: .seconds(1)) { [unowned self] in resumeAccepting() }
        }
    }

    /// Tries accepting again after the descriptor limit (a connection closed, or a second passed).
    func resumeAccepting() {
        guard listener.isPaused, !stopping else { return }
        listener.resume()
        acceptConnections()
        guard !listener.isPaused, let (seconds, refused) = descriptorLimit.cleared(at: clock()) else { return }
        logger.log(
            .notice,
            "accepting connections again after \(String(format: "%.1f", seconds)) s at the file-descriptor limit; \(refused) clients were refused meanwhile",
            event: "descriptor-limit")
    }

    func close(_ connection: ClientConnection, reason: String) {
        guard !connection.isClosed else { return }
        connection.isClosed = true
        // Its job or stream lets go of simulations the live workers may be advancing.
        workers?.pause()
        if let job = connection.job {
            // A stored Advance must still take effect (a restart would replay it): it runs on
            // without a reader. A profile changes nothing: it is dropped.
            if job is AdvanceJob, !stopping {
                work.detachedJobs.append(job)
                scheduleWork()
            } else {
                job.cancel()
            }
        }
        switch connection.activity {
        case .building, .editing: break  // the worker's piece ends it (`finishBuild`, `finishEdit`)
        case .idle, .streaming, .running, .held: connection.activity = .idle
        }
        connections.remove(connection)
        connection.source?.cancel()
        connection.source = nil
        UnixSocket.close(connection.fd)
        logger.log(
            .debug, "connection \(connection.id) closed: \(reason)", event: "disconnected",
            fields: [("SCROLLSIM_CONNECTION", "\(connection.id)")])
        if listener.isPaused { resumeAccepting() }
        if let count = refusals.roomAgain() {
            logger.log(
                .notice, "accepting connections again; \(count) more refused since the last report", event: "connection-limit")
        }
        if stopping { finishIfDrained() }
    }
}
