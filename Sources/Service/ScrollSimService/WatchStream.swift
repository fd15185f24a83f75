import CollectionView
import JSONModel
import ScrollSimulation
import Varlink

/// One `Watch` call's stream: which simulations it follows, how far it has read each one's event
/// log, and the counts it last sent. The daemon polls it after every tick with the room left in
/// the connection's queue; what does not fit is dropped and counted, so a slow reader costs the
/// daemon nothing but this bookkeeping.
package final class WatchStream {
    /// The watched simulation, or nil for all of them (including those opened later).
    package let target: String?
    /// Seconds of daemon time between counts updates of one simulation.
    package let interval: Double
    package let includeEvents: Bool
    var cursors: [String: Int] = [:]
    /// Simulations being restored when the stream started (or opened since and restoring): left
    /// out until whole, then followed from their present, so no part-way counts go out.
    var awaitingRestore: Set<String> = []
    /// Who opened the stream: a stream of every simulation shows only those it may see
    /// (`ReadOthers=`).
    var viewer = Caller.daemon
    var lastCounts: [String: (time: Double, counts: CountSet<String>)] = [:]
    /// Events skipped for lack of room and not yet reported.
    package private(set) var pendingDropped = 0
    /// Events skipped over the stream's life.
    package private(set) var totalDropped = 0
    /// The stream has sent its last reply.
    package private(set) var isFinished = false

    init(target: String?, interval: Double, includeEvents: Bool) {
        self.target = target
        self.interval = interval
        self.includeEvents = includeEvents
    }

    /// The replies due now, at most `room` of them; the last one ends the stream when its
    /// simulation has closed.
    /// - Complexity: O(simulations watched + replies returned).
    package func poll(_ service: SimulatorService, now: Double, room: Int) -> [VarlinkReply] {
        guard !isFinished else { return [] }
        var replies: [VarlinkReply] = []
        var room = room
        let ids = target.map { [$0] } ?? service.visibleIDs(to: viewer)
        for id in ids {
            guard let entry = service.simulations[id] else {
                if target != nil {
                    isFinished = true
                    replies.append(reply(id, time: 0, .closed, continues: false))
                }
                continue
            }
            if entry.isRestoring {
                if cursors[id] == nil { awaitingRestore.insert(id) }
                continue
            }
            // Its edit's events follow once it is in (the cursor stays where it was).
            if entry.isEditing { continue }
            let log = entry.simulation.log
            let time = entry.simulation.time
            if awaitingRestore.remove(id) != nil { cursors[id] = log.total }
            var cursor = cursors[id] ?? 0  // opened after the stream started: from its first event
            if includeEvents {
                // Records that left the ring buffer before they were read are lost to this reader.
                if cursor < log.oldestSequence - 1 { drop(log.oldestSequence - 1 - cursor) }
                cursor = Swift.max(cursor, log.oldestSequence - 1)
                let records = log.records(after: cursor, limit: Swift.max(0, room))
                for record in records {
                    replies.append(reply(id, time: record.time, .event(record)))
                }
                room -= records.count
                cursor += records.count
                if cursor < log.total {
                    drop(log.total - cursor)
                    cursor = log.total
                }
            } else {
                cursor = log.total
            }
            cursors[id] = cursor
            let last = lastCounts[id]
            if last == nil || now - last!.time >= interval {
                let counts = entry.simulation.counts
                if last?.counts != counts {
                    if room > 0 {
                        replies.append(reply(id, time: time, .counts(counts.total)))
                        room -= 1
                        lastCounts[id] = (now, counts)
                    }
                } else {
                    lastCounts[id] = (now, counts)
                }
            }
        }
        if target == nil {
            for id in cursors.keys where service.simulations[id] == nil { forget(id, into: &replies) }
            // Only after a start (a stream's first polls): no set is rebuilt on every later poll.
            if !awaitingRestore.isEmpty { awaitingRestore = awaitingRestore.filter { service.simulations[$0] != nil } }
        }
        return replies
    }

    /// The stream's final reply (the daemon is stopping).
    package func finish() { isFinished = true }

    private func forget(_ id: String, into replies: inout [VarlinkReply]) {
        cursors[id] = nil
        lastCounts[id] = nil
        replies.append(reply(id, time: 0, .closed))
    }

    private func drop(_ count: Int) {
        pendingDropped += count
        totalDropped += count
    }

    private func reply(_ id: String, time: Double, _ content: WatchUpdate.Content, continues: Bool = true) -> VarlinkReply {
        let update = WatchUpdate(simulation: id, time: time, content, dropped: pendingDropped > 0 ? pendingDropped : nil)
        pendingDropped = 0
        return VarlinkReply(parameters: update.parameters, continues: continues)
    }
}

extension SimulatorService {
    func watch(_ parameters: WatchParameters) throws(ServiceError) -> WatchStream {
        if let target = parameters.simulation, simulations[target] == nil { throw .noSuchSimulation(target) }
        let stream = WatchStream(target: parameters.simulation, interval: parameters.interval, includeEvents: parameters.events)
        stream.viewer = context.caller
        // A stream starts at the present; GetEvents pages through the past.
        for id in parameters.simulation.map({ [$0] }) ?? visibleIDs(to: context.caller) {
            let entry = simulations[id]!
            if entry.isRestoring {
                stream.awaitingRestore.insert(id)
            } else {
                stream.cursors[id] = entry.simulation.log.total
            }
        }
        return stream
    }
}
