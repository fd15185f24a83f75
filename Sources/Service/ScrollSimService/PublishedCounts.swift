import CollectionView
import Synchronization

/// A realtime simulation's counts as the thread that last advanced it left them, so the loop can
/// answer polls while the live workers run on (`SimulatorService.reusedReply(_:at:)`).
///
/// A snapshot carries the simulation's generation when it was taken: it is the simulation's
/// state for as long as that generation is current, and a reader that finds a newer one (a turn
/// under way, an input since) takes the simulation back from the workers instead.
final class PublishedCounts: Sendable {
    struct Snapshot: Sendable {
        var generation: Int
        /// The simulation's own time.
        var time: Double
        var failed: Bool
        var counts: CountSet<String>
        /// The section names in the snapshot's order (GetCounts lists its sections so).
        var sections: [String]
    }

    private let latest = Mutex<Snapshot?>(nil)
    /// Someone polls the simulation: whoever advances it publishes after each change. Set once,
    /// by the loop; costs one copy of the counts per changed turn of a polled simulation only.
    let wanted = Atomic<Bool>(false)

    var snapshot: Snapshot? { latest.withLock { $0 } }

    func publish(_ snapshot: Snapshot) {
        latest.withLock { $0 = snapshot }
    }
}

extension CountsReply {
    /// The reply a snapshot of a simulation's counts gives, `behind` as of the call.
    init(_ snapshot: PublishedCounts.Snapshot, behind: Double?) {
        self.init(
            total: snapshot.counts.total, sections: SimulatorService.sectionCounts(snapshot.counts, sections: snapshot.sections),
            behind: behind)
    }
}
