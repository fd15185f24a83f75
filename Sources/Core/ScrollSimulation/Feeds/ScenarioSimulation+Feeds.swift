import CollectionTypes
import CollectionView
import CompositionalLayout
import DiffableDataSource

extension ScenarioSimulation {
    /// Cell-provider calls drive `displayedIndex` and `itemsFromEnd` triggers.
    func cellRequested(section: String, index: Int) {
        for i in feeds.indices where feeds[i].spec.section == section {
            switch feeds[i].spec.trigger {
            case .displayedIndex(let target) where index == target:
                trigger(feed: i, why: "displayedIndex \(target)")
            case .itemsFromEnd(let n):
                let count = collectionView.dataSource.snapshot().numberOfItems(inSection: section) ?? 0
                if index >= count - n { trigger(feed: i, why: "itemsFromEnd \(n) (item \(index) of \(count))") }
            default:
                break
            }
        }
    }

    func isMainAxisFeed(_ feed: Int) -> Bool { snapTarget(for: feeds[feed].spec.section) == nil }

    /// Texture's decision (P3.2) for a `leadingScreens` feed at `offset` (the target offset at drag
    /// end, or the current one) and `velocity` (pt/ms, positive toward the end).
    func checkLeadingScreens(feed i: Int, offset: Double?, velocity: Double) {
        guard case .leadingScreens(let screens) = feeds[i].spec.trigger else { return }
        feeds[i].checkedSinceUpdate = true
        if feeds[i].inFlight {  // 1. a batch in flight
            trigger(feed: i, why: "leadingScreens")
            return
        }
        guard screens > 0 else { return }  // 2.
        let section = feeds[i].spec.section
        let main = collectionView.layout.configuration.scrollDirection
        let viewLength: Double
        let contentLength: Double
        let position: Double
        if let s = collectionView.dataSource.snapshot().indexOfSection(section),
            let row = collectionView.layout.orthogonalContentLength(ofSection: s)
        {
            viewLength = collectionView.context.size.length(along: main.other)  // P3.6
            contentLength = row
            position = offset ?? (collectionView.orthogonalOffsets[section] ?? 0)
        } else {
            viewLength = collectionView.context.size.length(along: main)
            contentLength = collectionView.contentSize.length(along: main)
            position = offset ?? collectionView.contentOffset
        }
        guard viewLength > 0 else { return }  // 2. empty bounds
        if contentLength < viewLength {  // 4. small content always fetches
            trigger(feed: i, why: "leadingScreens (content shorter than the view)")
            return
        }
        guard velocity >= 0 else { return }  // 6. scrolling toward the head
        let remaining = contentLength - viewLength - position  // 7.
        if remaining <= viewLength * screens {
            trigger(feed: i, why: "leadingScreens \(screens) (remaining \(remaining))")
        }
    }

    /// A trigger fired: issue a request, or count it as suppressed while one is in flight.
    func trigger(feed i: Int, why: String) {
        guard !feeds[i].isExhausted else { return }
        let section = feeds[i].spec.section
        if feeds[i].inFlight {
            runner.count(\.dataRequestsSuppressed, section: section)
            runner.append(
                .request, section: section, item: nil, detail: "suppressed (\(why)): a request is in flight",
                facts: .request(.suppressed, page: nil))
            return
        }
        runner.append(
            .request, section: section, item: nil, detail: "triggered by \(why)", facts: .request(.triggered, page: nil))
        issueRequest(feed: i, attempt: 1)
    }

    func issueRequest(feed i: Int, attempt: Int) {
        guard !feeds[i].isExhausted else { return }
        feeds[i].inFlight = true
        let section = feeds[i].spec.section
        runner.count(\.dataRequests, section: section)
        let page = feeds[i].pagesDelivered + 1
        runner.append(
            .request, section: section, item: nil, detail: "issued page=\(page) attempt=\(attempt)",
            facts: .request(.issued, page: page))
        runner.schedule(.feedResponse(feed: i, attempt: attempt), at: runner.time + Swift.max(0, feeds[i].spec.latency))
    }

    /// A response arrives: it fails with the feed's failure rate (then retries with doubling
    /// delays), or its page is appended with a section snapshot apply.
    func respond(feed i: Int, attempt: Int) throws(SimulationError) {
        let spec = feeds[i].spec
        let section = spec.section
        let page = feeds[i].pagesDelivered + 1
        if spec.failureRate > 0, random.unit() < spec.failureRate {
            runner.count(\.dataRequestsFailed, section: section)
            if let retry = spec.retry, attempt <= retry.limit {
                let delay = retry.after * Double(1 << Swift.min(attempt - 1, 20))
                runner.append(
                    .request, section: section, item: nil, detail: "failed attempt=\(attempt); retry in \(delay)s",
                    facts: .request(.failed, page: page))
                runner.schedule(.feedRetry(feed: i, attempt: attempt + 1), at: runner.time + delay)
            } else {
                runner.append(
                    .request, section: section, item: nil, detail: "failed attempt=\(attempt); giving up",
                    facts: .request(.failed, page: page))
                feeds[i].inFlight = false
            }
            return
        }
        feeds[i].inFlight = false
        runner.count(\.dataRequestsCompleted, section: section)
        runner.append(
            .request, section: section, item: nil, detail: "completed page=\(page)", facts: .request(.completed, page: page))
        guard let sectionSpec = sectionSpecs[section] else { return }
        guard collectionView.dataSource.snapshot().numberOfItems + spec.pageSize <= Self.maxItems else {
            feeds[i].ended = true
            warn("feed '\(section)': stopped at \(Self.maxItems) items, the most a simulation holds")
            return
        }
        let items = pageItems(for: sectionSpec, page: page, size: spec.pageSize)
        var outline = collectionView.dataSource.snapshot(for: section) ?? SectionSnapshot<Int>()
        let current = collectionView.dataSource.snapshot()
        let duplicates = items.filter { outline.contains($0) || current.contains(item: $0) }
        if !duplicates.isEmpty {
            // UIKit: "Fatal: supplied item identifiers are not unique" — the app would crash here.
            feeds[i].ended = true
            warn(
                "feed '\(section)' page \(page): Fatal: supplied item identifiers are not unique. Duplicate identifiers: \(duplicates.map(name(of:)).joined(separator: ", ")) (stable identity re-appends the same data; the seed app used a fresh UUID per item)"
            )
            return
        }
        // A budget shared with other simulations (the user's quota) ends the feed, loudly.
        guard takeItems(items.count) else {
            feeds[i].ended = true
            warn(
                "feed '\(section)': stopped before page \(page): limit \(budget!.name) reached (the simulations charged to it hold at most \(budget!.maximum) items)"
            )
            return
        }
        do {
            try outline.append(items)
        } catch {
            giveItems(items.count)
            throw .snapshot(error)
        }
        feeds[i].pagesDelivered = page
        let outer = runner.cause
        runner.cause = "feed \(section) page \(page)"
        let callsBefore = collectionView.layout.statistics.totalSectionProviderCalls
        let sizesBefore = collectionView.layout.statistics.totalSizeForItemCalls
        try apply { () throws(CollectionViewError) in
            _ = try collectionView.apply(outline, to: section, animatingDifferences: spec.animatingDifferences)
        }
        appendCost.pages += 1
        appendCost.sectionProviderCalls += collectionView.layout.statistics.totalSectionProviderCalls - callsBefore
        appendCost.sizeForItemCalls += collectionView.layout.statistics.totalSizeForItemCalls - sizesBefore
        runner.cause = outer
        // P3.3: after a data update, check again on the next turn with the current offset.
        feeds[i].checkedSinceUpdate = false
        if spec.trigger.isLeadingScreens { runner.schedule(.textureCheck(feed: i), at: runner.time) }
    }

    /// The identifiers of a page: fresh ones, or for stable identity the section's data again
    /// (the same feed response re-appended, which UIKit rejects as duplicates).
    func pageItems(for section: SectionSpec, page: Int, size: Int) -> [Int] {
        guard section.identity == .stable else { return (0..<size).map { _ in itemID(for: nil, section: section) } }
        let source: [String]
        switch section.items {
        case .ids(let ids): source = ids
        case .count(let n): source = (0..<n).map { "\(section.id)-\($0)" }
        case .outline(let roots): source = roots.map(\.id)
        }
        guard !source.isEmpty else { return [] }
        return (0..<size).map { j in itemID(for: source[((page - 1) * size + j) % source.count], section: section) }
    }
}
