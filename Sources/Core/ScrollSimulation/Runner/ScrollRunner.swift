import CollectionView
import CompositionalLayout
import DiffableDataSource

/// The virtual clock of a scrolling screen: one runner drives the daemon's `ScenarioSimulation` and
/// ScrollSimUIKit's `ScrollSimulator`, so frames, scroll motions, gestures turned into motions,
/// the frame and request counters, the event log and the warnings are written once.
///
/// Time is a value: the host asks for the next due event up to a target time
/// (`nextDue(through:)`) and handles it; frames are due every 1/`frameRate` s only while a motion
/// runs. Events at the same time keep the order they were scheduled in, so runs are deterministic.
/// The host owns the collection view and its error handling; the runner owns the clock, the
/// motions and the log.
///
/// A class: the host's collection-view callbacks reach the log while the host runs an event.
public final class ScrollRunner<Section: Hashable & Sendable, Item: Hashable & Sendable, Work> {
    public typealias View = CollectionView<Section, Item>
    public typealias Target = ScrollMotions<Section>.Target

    /// What is due next.
    public enum Due {
        /// A frame: step the motions (`stepFrame`), set the offsets, then `finishFrame`.
        case frame
        /// Work the host scheduled.
        case work(Work)
    }

    /// Frames per second while something moves.
    public let frameRate: Double
    /// Deceleration rates, paging threshold and settle distances (docs/uikit-model.md, section 4).
    public let physics: PhysicsParameters
    /// Seconds of virtual time since the start.
    @inlinable public var time: Double { _time }
    /// What causes the records appended now (`initial`, `frame`, `gesture#2 fling company …`).
    public var cause: String
    /// The motions in progress, at most one per scroll view, in the order they started.
    @inlinable public var motions: ScrollMotions<Section> { _motions }
    /// The counters the collection view does not keep: frames and data requests.
    @inlinable public var ownCounts: CountSet<Section> { _ownCounts }
    /// The most recent records.
    public internal(set) var log: EventLog
    /// Receives every record as it is appended (live streams).
    public var subscriber: ((SimulationRecord) -> Void)?
    /// Known pitfalls met so far, each once, in plain words.
    public internal(set) var warnings: [String] = []

    // Storage the per-frame path reaches from other modules: the runner's frame methods are
    // inlinable so ScrollSimUIKit's simulator runs them specialised for its identifier type
    // (unspecialised generic code pays for type metadata on every call; `scrollsim-bench uikit`).
    @usableFromInline var _time: Double = 0
    @usableFromInline var _motions = ScrollMotions<Section>()
    @usableFromInline var _ownCounts = CountSet<Section>()
    @usableFromInline var queue = EventQueue<Due>()
    @usableFromInline var frameScheduled = false
    /// Section indices the last batch apply changed, until its layout pass (for the warning that
    /// every section was re-queried); nil when the section list itself changed.
    var changedSectionsOfLastApply: Set<Int>?
    /// Why the last apply was a reloadData, if it was one.
    var lastApplyReloaded: ReloadCause?

    /// - Parameters:
    ///   - frameRate: frames per second while something moves.
    ///   - logCapacity: how many records the log keeps (the most recent).
    ///   - cause: the cause of the first records.
    public init(frameRate: Double, physics: PhysicsParameters, logCapacity: Int, cause: String) {
        self.frameRate = frameRate
        self.physics = physics
        self.log = EventLog(capacity: logCapacity)
        self.cause = cause
    }

    // MARK: The clock

    /// The time of the next due event; nil when nothing moves and nothing is scheduled.
    @inlinable public var nextEventTime: Double? { queue.nextTime }

    /// Whether nothing moves and nothing is scheduled.
    @inlinable public var isIdle: Bool { queue.isEmpty }

    /// Schedules `work` at `time` (not before now).
    /// - Complexity: O(log n) in the scheduled events.
    @inlinable
    public func schedule(_ work: Work, at time: Double) {
        queue.schedule(.work(work), at: Swift.max(time, _time))
    }

    /// Removes and returns the next event due at or before `target`, with the clock set to its
    /// time; nil when none is due (then call `finish(at:)`).
    /// - Complexity: O(log n) in the scheduled events.
    @inlinable
    public func nextDue(through target: Double) -> Due? {
        guard let next = queue.nextTime, next <= target, let (at, due) = queue.pop() else { return nil }
        _time = Swift.max(_time, at)
        if case .frame = due { frameScheduled = false }
        return due
    }

    /// Removes the scheduled work at the head of the queue for which `isObsolete` is true (work
    /// the host cancelled), so it neither runs nor moves the clock.
    /// - Complexity: O(k log n) for k removed.
    @inlinable
    public func dropObsoleteWork(_ isObsolete: (Work) -> Bool) {
        while case .work(let work)? = queue.next, isObsolete(work) { _ = queue.pop() }
    }

    /// Sets the clock to `target` once every event up to it was handled.
    @inlinable
    public func finish(at target: Double) {
        _time = Swift.max(_time, target)
    }

    /// Schedules the next frame while a motion runs, or while cells wait to be prepared.
    @inlinable
    func scheduleFrame(preparing: Bool = false) {
        guard !frameScheduled, !motions.isEmpty || preparing else { return }
        frameScheduled = true
        queue.schedule(.frame, at: _time + 1 / frameRate)
    }
}
