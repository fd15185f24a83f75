import CollectionTypes
import CollectionView
import CompositionalLayout
import DiffableDataSource

/// A screen scrolling in virtual time: a collection view driven by a script of gestures and by
/// feeds that append pages, with every count and an event log (SEMANTICS 2 to 4).
///
/// Deterministic: the spec, the seed and the ordered inputs decide every count. Time is a value:
/// `advance(to:)` processes the events up to a time, frames run at `frameRate` only while
/// something moves. A class: one owner mutates it, and the collection view's callbacks reach it.
public final class Simulation {
    public typealias View = CollectionView<String, Int>

    enum Scheduled: Sendable {
        case script(index: Int, iteration: Int)
        case frame
        case feedResponse(feed: Int, attempt: Int)
        case feedRetry(feed: Int, attempt: Int)
        case textureCheck(feed: Int)
    }

    public let spec: SimulationSpec
    public let seed: UInt64
    public internal(set) var time: Double = 0
    public let collectionView: View
    public internal(set) var log: EventLog
    /// Receives every record as it is appended (live streams).
    public var subscriber: ((SimulationRecord) -> Void)?
    /// Known pitfalls met so far, each once, in plain words.
    public internal(set) var warnings: [String] = []

    var queue = EventQueue<Scheduled>()
    var random: SimulationRandom
    var motions = ScrollMotions<String>()
    var frameScheduled = false
    var feeds: [FeedState]
    var nextItemID = 0
    /// Stable identity: data identifier → item identifier, and back for messages.
    var stableIDs: [String: Int] = [:]
    var itemNames: [Int: String] = [:]
    var cause = "initial"
    var gestureCount = 0
    var applyCount = 0
    /// Feed and frame counters (the collection view keeps the rest).
    var simulationCounts = CountSet<String>()
    let sectionSpecs: [String: SectionSpec]

    /// The most items a simulation holds. The layout is arithmetic and handles 10^9 items, but the
    /// data source keeps every item identifier (about 100 bytes each), so a simulation is bounded.
    public static let maxItems = 2_000_000

    /// Sets the screen up with its initial data and displays it (the first layout pass).
    /// - Throws: `.invalidSpec` when the spec names unknown sections or holds more than
    ///   `maxItems` items.
    public init(spec: SimulationSpec, seed: UInt64 = 0, logCapacity: Int = 10_000) throws(SimulationError) {
        let items = spec.sections.reduce(0) { $0 + $1.items.declaredCount }
        guard items <= Self.maxItems else {
            throw .invalidSpec(
                "\(items) items; a simulation holds at most \(Self.maxItems) (the data source stores every identifier; `scrollsimctl layout` lays out up to 10^9)"
            )
        }
        self.spec = spec
        self.seed = seed
        self.random = SimulationRandom(seed: seed)
        self.log = EventLog(capacity: logCapacity)
        self.sectionSpecs = Dictionary(spec.sections.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        guard sectionSpecs.count == spec.sections.count else { throw .invalidSpec("duplicate section identifiers") }
        for feed in spec.feeds where sectionSpecs[feed.section] == nil {
            throw .invalidSpec("feed names unknown section '\(feed.section)'")
        }
        self.feeds = spec.feeds.map { FeedState(spec: $0) }
        collectionView = View(
            layout: spec.makeLayout(), context: spec.context, policy: spec.policy, prefetchDistance: spec.prefetchDistance,
            displayed: false)
        for section in spec.sections { collectionView.register(reuseIdentifier: section.reuseIdentifier) }
        collectionView.sectionsWithVisibleItemsHandler = Set(spec.sections.filter(\.hasVisibleItemsHandler).map(\.id))
        let reuse = spec.sections.map(\.reuseIdentifier)
        collectionView.cellProvider = { view, indexPath, _ in
            try view.dequeueReusableCell(withReuseIdentifier: reuse[indexPath.section], for: indexPath)
        }
        collectionView.eventHandler = { [unowned self] event in self.record(event) }
        noteStaticPitfalls()
        try loadInitialData()
        do {
            try collectionView.display()
        } catch {
            throw .collectionView(error.description)
        }
        for (i, feed) in spec.feeds.enumerated() where feed.trigger.isLeadingScreens {
            queue.schedule(.textureCheck(feed: i), at: 0)  // P3.3: checked when the view becomes visible
        }
        for (index, step) in spec.script.steps.enumerated() { queue.schedule(.script(index: index, iteration: 0), at: step.at) }
    }

    /// Counts in total and per section: the collection view's plus requests and frames.
    public var counts: CountSet<String> {
        var result = collectionView.counts
        result.total.frames = simulationCounts.total.frames
        for key in [\Counts.dataRequests, \.dataRequestsCompleted, \.dataRequestsFailed, \.dataRequestsSuppressed]
            as [WritableKeyPath<Counts, Int>]
        {
            result.total[keyPath: key] = simulationCounts.total[keyPath: key]
            for (section, counts) in simulationCounts.sections {
                result.sections[section, default: Counts()][keyPath: key] = counts[keyPath: key]
            }
        }
        return result
    }

    /// The counts in total only: cheaper than `counts` when many simulations are summarised.
    public var totalCounts: Counts {
        var total = collectionView.counts.total
        total.frames = simulationCounts.total.frames
        total.dataRequests = simulationCounts.total.dataRequests
        total.dataRequestsCompleted = simulationCounts.total.dataRequestsCompleted
        total.dataRequestsFailed = simulationCounts.total.dataRequestsFailed
        total.dataRequestsSuppressed = simulationCounts.total.dataRequestsSuppressed
        return total
    }

    /// The time of the next scheduled event (nil when nothing is scheduled: the screen is idle).
    public var nextEventTime: Double? { queue.nextTime }

    /// Processes every event up to `time`, then sets the clock to it.
    public func advance(to target: Double) throws(SimulationError) {
        while let next = queue.nextTime, next <= target {
            let (at, event) = queue.pop()!
            time = Swift.max(time, at)
            try handle(event)
        }
        time = Swift.max(time, target)
    }

    /// Advances the clock by `seconds`.
    public func advance(by seconds: Double) throws(SimulationError) {
        try advance(to: time + seconds)
    }

    /// Performs a gesture now (a live input, as from a client).
    public func perform(_ gesture: Gesture) throws(SimulationError) {
        try run(gesture)
    }

    func handle(_ event: Scheduled) throws(SimulationError) {
        switch event {
        case .script(let index, let iteration):
            if let period = spec.script.repeatEvery, period > 0 {
                queue.schedule(
                    .script(index: index, iteration: iteration + 1),
                    at: Double(iteration + 1) * period + spec.script.steps[index].at)
            }
            try run(spec.script.steps[index].gesture)
        case .frame:
            frameScheduled = false
            try frame()
        case .feedResponse(let feed, let attempt):
            try respond(feed: feed, attempt: attempt)
        case .feedRetry(let feed, let attempt):
            issueRequest(feed: feed, attempt: attempt)
        case .textureCheck(let feed):
            checkLeadingScreens(feed: feed, offset: nil, velocity: 0)
        }
    }

    /// Wraps collection-view calls: their errors end the simulation with UIKit's message.
    @discardableResult
    func view<T>(_ body: () throws(CollectionViewError) -> T) throws(SimulationError) -> T {
        do {
            return try body()
        } catch {
            throw .collectionView(error.description)
        }
    }

    /// A new item identifier; stable identity reuses the data identifier's.
    func itemID(for dataID: String?, section: SectionSpec) -> Int {
        if section.identity == .stable, let dataID {
            if let existing = stableIDs[dataID] { return existing }
            nextItemID += 1
            stableIDs[dataID] = nextItemID
            itemNames[nextItemID] = dataID
            return nextItemID
        }
        nextItemID += 1
        return nextItemID
    }

    /// A readable name for an item in messages.
    func name(of item: Int) -> String { itemNames[item] ?? "#\(item)" }

    /// Builds the initial snapshot and outline section snapshots, before display.
    private func loadInitialData() throws(SimulationError) {
        var snapshot = Snapshot<String, Int>()
        var outlines: [(String, SectionSnapshot<Int>)] = []
        do {
            try snapshot.appendSections(spec.sections.map(\.id))
            for section in spec.sections {
                switch section.items {
                case .count(let n):
                    try snapshot.appendItems((0..<n).map { _ in itemID(for: nil, section: section) }, toSection: section.id)
                case .ids(let ids):
                    let items = ids.map { itemID(for: $0, section: section) }
                    if section.identity == .stable, Set(items).count != items.count {
                        let duplicates = Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
                        throw SimulationError.invalidSpec(
                            "section '\(section.id)': supplied item identifiers are not unique: \(duplicates.joined(separator: ", "))"
                        )
                    }
                    try snapshot.appendItems(items, toSection: section.id)
                case .outline(let roots):
                    var outline = SectionSnapshot<Int>()
                    try append(roots, to: nil, in: &outline, section: section)
                    // The visible items arrive with the section, as every other section's do; the
                    // section snapshot applied next then only installs the tree (an empty diff).
                    try snapshot.appendItems(outline.visibleItems, toSection: section.id)
                    outlines.append((section.id, outline))
                }
            }
        } catch let error as SimulationError {
            throw error
        } catch {
            throw .invalidSpec(String(describing: error))
        }
        cause = "initial"
        try view { () throws(CollectionViewError) in try collectionView.apply(snapshot, animatingDifferences: false) }
        for (section, outline) in outlines {
            try view { () throws(CollectionViewError) in
                try collectionView.apply(outline, to: section, animatingDifferences: false)
            }
        }
    }

    private func append(
        _ nodes: [OutlineNode], to parent: Int?, in outline: inout SectionSnapshot<Int>, section: SectionSpec
    ) throws {
        let ids = nodes.map { itemID(for: $0.id, section: section) }
        for (node, id) in zip(nodes, ids) { itemNames[id] = node.id }
        try outline.append(ids, to: parent)
        for (node, id) in zip(nodes, ids) {
            try append(node.children, to: id, in: &outline, section: section)
            if node.expanded { outline.expand([id]) }
        }
    }

    /// Warnings that follow from the spec alone.
    private func noteStaticPitfalls() {
        for feed in spec.feeds {
            if case .displayedIndex(let index) = feed.trigger {
                warn(
                    "feed '\(feed.section)': displayedIndex \(index) is a fixed index — after the first page it is no longer near the end, so the feed fires again only when cell \(index) is requested again (scrolled off and back), and it requests data from inside the cell provider, as the seed app did"
                )
            }
        }
        for section in spec.sections {
            guard case .outline(let roots) = section.items else { continue }
            func visit(_ node: OutlineNode, depth: Int) {
                if depth == 0 && node.children.isEmpty {
                    warn("section '\(section.id)': outline parent '\(node.id)' has no children, so tapping it does nothing")
                }
                for child in node.children { visit(child, depth: depth + 1) }
            }
            roots.forEach { visit($0, depth: 0) }
        }
    }

    func warn(_ message: String) {
        guard !warnings.contains(message) else { return }
        warnings.append(message)
        append(.warning, section: nil, item: nil, detail: message)
    }
}
