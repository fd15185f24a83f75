import CollectionTypes
import CollectionView
import CompositionalLayout
import DiffableDataSource

/// A screen scrolling in virtual time: a collection view driven by a script of gestures and by
/// feeds that append pages, with every count and an event log (UIKit model 2 to 4).
///
/// Deterministic: the spec, the seed and the ordered inputs decide every count. Time is a value:
/// `advance(to:)` processes the events up to a time, frames run at `frameRate` only while
/// something moves. A class: one owner mutates it, and the collection view's callbacks reach it.
public final class ScenarioSimulation {
    public typealias View = CollectionView<String, Int>

    /// Work a simulation schedules on its clock (frames are the runner's).
    enum Work {
        case script(index: Int, iteration: Int)
        case feedResponse(feed: Int, attempt: Int)
        case feedRetry(feed: Int, attempt: Int)
        case textureCheck(feed: Int)
    }

    public let spec: SimulationSpec
    public let seed: UInt64
    public let collectionView: View
    /// The clock, the motions, the log and the frame and request counters.
    let runner: ScrollRunner<String, Int, Work>

    var random: SimulationRandom
    var feeds: [FeedState]
    var nextItemID = 0
    /// Stable identity: data identifier → item identifier, and back for messages.
    var stableIDs: [String: Int] = [:]
    var itemNames: [Int: String] = [:]
    var inputCount = 0
    var applyCount = 0
    /// Pages appended by feeds, and the section-provider calls their applies caused (the layout
    /// pass an apply runs): what one page of infinite append costs, apart from the script's own
    /// edits, rotations and the first display.
    public internal(set) var appendCost = (pages: 0, sectionProviderCalls: 0, sizeForItemCalls: 0)
    let sectionSpecs: [String: SectionSpec]
    /// What its items are charged to beyond `maxItems` (see `ItemBudget`), and how many.
    public internal(set) var budget: (any ItemBudget)?
    public internal(set) var chargedItems = 0

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
        self.runner = ScrollRunner(
            frameRate: spec.frameRate, physics: spec.physics, logCapacity: logCapacity, cause: "initial")
        self.sectionSpecs = Dictionary(spec.sections.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        guard sectionSpecs.count == spec.sections.count else { throw .invalidSpec("duplicate section identifiers") }
        for feed in spec.feeds where sectionSpecs[feed.section] == nil {
            throw .invalidSpec("feed names unknown section '\(feed.section)'")
        }
        self.feeds = spec.feeds.map { FeedState(spec: $0) }
        collectionView = View(
            layout: spec.makeLayout(), context: spec.context, policy: spec.policy, prefetch: spec.prefetch, displayed: false)
        for section in spec.sections { collectionView.register(reuseIdentifier: section.reuseIdentifier) }
        collectionView.sectionsWithVisibleItemsHandler = Set(spec.sections.filter(\.hasVisibleItemsHandler).map(\.id))
        let reuse = spec.sections.map(\.reuseIdentifier)
        let measured = spec.sections.map(\.measuredSizes)
        collectionView.cellProvider = { view, indexPath, _ in
            let cell = try view.dequeueReusableCell(withReuseIdentifier: reuse[indexPath.section], for: indexPath)
            // A configured self-sizing cell reports its size; a change moves later frames and
            // invalidates the layout (G1.10.1, G1.10.3).
            let sizes = measured[indexPath.section]
            if !sizes.isEmpty, let frame = view.layout.frame(for: indexPath) {
                let size = sizes[indexPath.item % sizes.count]
                try view.layout.setMeasuredSize(
                    Size(width: size.width ?? frame.size.width, height: size.height ?? frame.size.height), for: indexPath)
            }
            return cell
        }
        collectionView.eventHandler = { [unowned self] event in self.record(event) }
        noteStaticPitfalls()
        try loadInitialData()
        try view { () throws(CollectionViewError) in try collectionView.display() }
        for (i, feed) in spec.feeds.enumerated() where feed.trigger.isLeadingScreens {
            runner.schedule(.textureCheck(feed: i), at: 0)  // P3.3: checked when the view becomes visible
        }
        for (index, step) in spec.script.steps.enumerated() { runner.schedule(.script(index: index, iteration: 0), at: step.at) }
        settle()
    }

    /// After an event: frames go on while cells wait to be prepared, and while a measured cell
    /// has left the layout invalid, whose pass runs at the next frame as UIKit lays out in the
    /// next display cycle (G1.10.3).
    func settle() {
        runner.settle(collectionView)
        if collectionView.layout.needsLayout { runner.scheduleFrame(preparing: true) }
    }

    /// Seconds of virtual time since the start.
    public var time: Double { runner.time }

    /// Items in the current snapshot (what an edit's diff may have to walk).
    public var itemCount: Int { collectionView.dataSource.snapshot().numberOfItems }
    /// The most recent records.
    public var log: EventLog { runner.log }
    /// Receives every record as it is appended (live streams).
    public var subscriber: ((SimulationRecord) -> Void)? {
        get { runner.subscriber }
        set { runner.subscriber = newValue }
    }
    /// Known pitfalls met so far, each once, in plain words.
    public var warnings: [String] { runner.warnings }

    /// Counts in total and per section: the collection view's plus requests and frames.
    public var counts: CountSet<String> { runner.counts(of: collectionView) }

    /// The counts in total only: cheaper than `counts` when many simulations are summarised.
    public var totalCounts: Counts { runner.totalCounts(of: collectionView) }

    /// The time of the next scheduled event (nil when nothing is scheduled: the screen is idle).
    public var nextEventTime: Double? { runner.nextEventTime }

    /// Processes every event up to `time`, then sets the clock to it.
    public func advance(to target: Double) throws(SimulationError) {
        while let due = runner.nextDue(through: target) {
            switch due {
            case .frame: try frame()
            case .work(let work): try handle(work)
            }
            settle()
        }
        runner.finish(at: target)
    }

    /// Processes the events up to `target` one at a time while `more()` allows (it is asked
    /// after each, so at least one runs), then sets the clock to `target` if every event up to it
    /// was handled. The host's way to bound the real time one call takes: the events are the
    /// same however the run is split, so counts do not depend on where it stopped.
    /// - Returns: whether the clock reached `target`.
    public func advance(to target: Double, while more: () -> Bool) throws(SimulationError) -> Bool {
        repeat {
            guard let due = runner.nextDue(through: target) else {
                runner.finish(at: target)
                return true
            }
            switch due {
            case .frame: try frame()
            case .work(let work): try handle(work)
            }
            settle()
        } while more()
        guard let next = runner.nextEventTime, next <= target else {
            runner.finish(at: target)
            return true
        }
        return false
    }

    /// Advances the clock by `seconds`.
    public func advance(by seconds: Double) throws(SimulationError) {
        try advance(to: time + seconds)
    }

    /// Performs an input now (a live input, as from a client).
    public func perform(_ input: SimulationInput) throws(SimulationError) {
        try run(input)
        settle()
    }

    func handle(_ work: Work) throws(SimulationError) {
        switch work {
        case .script(let index, let iteration):
            if let period = spec.script.repeatEvery, period > 0 {
                runner.schedule(
                    .script(index: index, iteration: iteration + 1),
                    at: Double(iteration + 1) * period + spec.script.steps[index].at)
            }
            try run(spec.script.steps[index].input)
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
            throw .collectionView(error)
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
        runner.cause = "initial"
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
                    "feed '\(feed.section)': displayedIndex \(index) is a fixed index — after the first page it is no longer near the end, so the feed fires again only when cell \(index) is requested again (scrolled off and back), and it requests data from inside the cell provider, as the seed app did. In the app: ask for the next page from prefetchItemsAt or willDisplay when an item within a few of the section's end comes up (item ≥ count − k), or from the scroll position, as Texture does (UIKit model PF1, P3.1); in a scenario: the itemsFromEnd or leadingScreens trigger"
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

    func warn(_ message: String) { runner.warn(message) }
}
