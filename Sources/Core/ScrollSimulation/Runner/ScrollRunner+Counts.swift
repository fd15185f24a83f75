import CollectionView

extension ScrollRunner {
    /// The collection view's counts with the runner's own (frames and data requests), in total and
    /// per section.
    public func counts(of view: View) -> CountSet<Section> {
        var result = view.counts
        result.total.merge(own: ownCounts.total)
        for (section, counts) in ownCounts.sections {
            result.sections[section, default: Counts()].merge(own: counts)
        }
        return result
    }

    /// The counts in total only: cheaper than `counts(of:)` when many screens are summarised.
    public func totalCounts(of view: View) -> Counts {
        var total = view.counts.total
        total.merge(own: ownCounts.total)
        return total
    }

    /// The counts of one section.
    public func counts(of view: View, section: Section) -> Counts {
        var result = view.counts.sections[section] ?? Counts()
        result.merge(own: ownCounts.sections[section] ?? Counts())
        return result
    }

    /// Counts a data request event (`dataRequests`, `…Completed`, `…Failed`, `…Suppressed`).
    public func count(_ counter: WritableKeyPath<Counts, Int>, section: Section?) {
        _ownCounts.add(counter, section: section)
    }
}

extension Counts {
    /// Takes the counters a runner keeps (frames, data requests) from `own`.
    mutating func merge(own: Counts) {
        frames = own.frames
        dataRequests = own.dataRequests
        dataRequestsCompleted = own.dataRequestsCompleted
        dataRequestsFailed = own.dataRequestsFailed
        dataRequestsSuppressed = own.dataRequestsSuppressed
    }
}
