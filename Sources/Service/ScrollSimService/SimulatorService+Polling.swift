import JSONModel
import Varlink

/// GetCounts, the call clients poll: answered from a per-simulation cache of its encoded reply,
/// and a repeat of a connection's last call answered from a token without routing — for a
/// realtime simulation from the counts its worker published, so a poll need not pause the
/// workers.
extension SimulatorService {
    /// GetCounts: the same reply `handle` would give, and a token for the connection's repeats.
    /// Publishes a realtime simulation's counts and has them published from then on.
    func cachedCounts(_ call: VarlinkCall) -> Route {
        guard case .success = varlink.validate(call), let id = call.parameters["simulation"]?.stringValue,
            let entry = simulations[id]
        else { return .reply(varlink.handle(call)) }
        guard !call.oneway else { return .reply(nil) }
        // The reply is of the simulation as it is now, which a realtime one also publishes.
        let snapshot = entry.countsSnapshot
        if entry.clock == .realtime {
            entry.published.wanted.store(true, ordering: .relaxed)
            entry.publishCounts(snapshot)
        }
        let encoded = countsReply(entry, snapshot, at: now)
        return .reusable(
            VarlinkReply(encodedParameters: encoded.bytes), ReuseToken(entry: entry, simulationsGeneration: simulationsGeneration)
        )
    }

    /// A reply's parameters encoded, and the whole reply framed for the wire.
    typealias EncodedReply = (bytes: [UInt8], framed: [UInt8])

    /// GetCounts' reply from `snapshot` at the daemon's time `now`, encoded and framed. The reply
    /// without `behind` is kept on the entry while its generation lasts; one that is behind is
    /// that with the field spliced in (how far changes with the clock, so it is never kept).
    private func countsReply(_ entry: SimulationEntry, _ snapshot: PublishedCounts.Snapshot, at now: Double) -> EncodedReply {
        let current: EncodedReply
        if let cache = entry.countsCache, cache.generation == snapshot.generation {
            current = (cache.bytes, cache.framed)
        } else {
            let bytes = JSONValue.object(CountsReply(snapshot, behind: nil).parameters).encodedBytes()
            current = (bytes, Self.framed(bytes))
            entry.countsCache = (snapshot.generation, current.bytes, current.framed)
        }
        guard let behind = behind(entry, time: snapshot.time, failed: snapshot.failed, at: now) else { return current }
        let bytes = Self.splicingBehind(behind, into: current.bytes)
        return (bytes, Self.framed(bytes))
    }

    /// GetCounts' parameters with `behind` added to `parameters` (encoded without it): keys are
    /// written sorted, and "behind" sorts before "sections" and "total", so it goes first.
    package static func splicingBehind(_ behind: Double, into parameters: [UInt8]) -> [UInt8] {
        var bytes = Array(#"{"behind":"#.utf8)
        bytes += JSONValue.number(behind).encodedBytes()
        bytes.append(UInt8(ascii: ","))
        bytes += parameters.dropFirst()
        return bytes
    }

    /// A reply of these encoded parameters as it goes on the wire.
    private static func framed(_ parameters: [UInt8]) -> [UInt8] {
        var framed: [UInt8] = []
        VarlinkReply(encodedParameters: parameters).frame(into: &framed)
        return framed
    }

    /// Which simulation a reusable reply described and when: a daemon keeps the token of a
    /// connection's last call and answers a byte-identical call (a poll) with `reusedReply(_:at:)`,
    /// without validating, looking up or routing it again. The bytes stay with the simulation
    /// (one copy however many connections poll it); a token is a few words, and a class so that
    /// keeping and dropping it per call is one reference count.
    package final class ReuseToken {
        /// Not kept alive by the token: a connection gone quiet must not hold a closed
        /// simulation's memory. Read only while no simulation was opened or closed since, when it
        /// is still one of the service's.
        fileprivate unowned let entry: SimulationEntry
        fileprivate let generation: Int
        fileprivate let simulationsGeneration: Int

        fileprivate init(entry: SimulationEntry, simulationsGeneration: Int) {
            self.entry = entry
            self.generation = entry.generation
            self.simulationsGeneration = simulationsGeneration
        }
    }

    /// The reply to the token's call at the daemon's time `now`, framed, if it can be given
    /// without the simulation: no simulation was opened or closed since, and the simulation has
    /// not changed (a realtime one: the counts its holder published are current). Nil otherwise.
    ///
    /// Safe while the live workers run: it reads only what they never write, the generation and
    /// the published counts.
    package func reusedReply(_ token: ReuseToken, at now: Double) -> [UInt8]? {
        // The open set first: only while it is unchanged is the entry sure to be alive.
        guard token.simulationsGeneration == simulationsGeneration else { return nil }
        let entry = token.entry
        // Before the snapshot: a snapshot of this generation is then the state it was read at.
        let generation = entry.generation
        guard entry.clock == .realtime else {
            // Only the loop changes it: while the generation is the token's, so is the cache.
            return generation == token.generation ? entry.countsCache?.framed : nil
        }
        guard !entry.isRestoring, !entry.isEditing, let snapshot = entry.published.snapshot,
            snapshot.generation == generation
        else { return nil }
        return countsReply(entry, snapshot, at: now).framed
    }
}
