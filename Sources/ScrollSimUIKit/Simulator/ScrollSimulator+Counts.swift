import CollectionView
import Foundation
import ScrollSimulation

extension ScrollSimulator {
    /// Every count in total (`SCENARIO.md` names): the collection view's plus frames and data
    /// requests.
    public var counts: Counts {
        guard let view = collectionView else { return extraCounts.total }
        return merged(view.engine.counts.total, extraCounts.total)
    }

    /// The counts of one section, by its identifier.
    public func counts<Section: Hashable & Sendable>(forSection section: Section) -> Counts {
        let id = AnyIdentifier(section)
        return merged(collectionView?.engine.counts.sections[id] ?? Counts(), extraCounts.sections[id] ?? Counts())
    }

    /// The counts of the section at `index` in the current snapshot.
    public func counts(forSectionAt index: Int) -> Counts {
        guard let ids = collectionView?.engine.dataSource.snapshot().sectionIdentifiers, ids.indices.contains(index) else {
            return Counts()
        }
        let id = ids[index]
        return merged(collectionView?.engine.counts.sections[id] ?? Counts(), extraCounts.sections[id] ?? Counts())
    }

    private func merged(_ view: Counts, _ extra: Counts) -> Counts {
        var result = view
        result.frames = extra.frames
        result.dataRequests = extra.dataRequests
        result.dataRequestsCompleted = extra.dataRequestsCompleted
        result.dataRequestsFailed = extra.dataRequestsFailed
        result.dataRequestsSuppressed = extra.dataRequestsSuppressed
        return result
    }

    /// The events of one kind, oldest first.
    public func events(_ kind: SimulationRecord.Kind) -> [SimulationRecord] { events.filter { $0.kind == kind } }

    func record(_ event: CollectionViewEvent<AnyIdentifier, AnyIdentifier>) {
        if case .layoutPass = event, let view = collectionView {
            noteUnmodelledSupplementaries(view)
        }
        guard let fields = event.recordFields else { return }
        log(fields.kind, section: fields.section, item: fields.item, detail: fields.detail)
    }

    func log(_ kind: SimulationRecord.Kind, section: String?, item: Int?, detail: String) {
        loggedRecords += 1
        events.append(
            SimulationRecord(
                sequence: loggedRecords, time: time, kind: kind, section: section, item: item, detail: detail, cause: cause))
        if events.count > logCapacity { events.removeFirst(events.count - logCapacity) }
    }

    func warn(_ message: String) {
        guard !warnings.contains(message) else { return }
        warnings.append(message)
        log(.warning, section: nil, item: nil, detail: message)
    }

    private func noteUnmodelledSupplementaries(_ view: UICollectionView) {
        let sections = view.compositional.descriptions.sectionsWithItemSupplementaries
        guard !sections.isEmpty else { return }
        warn(
            "sections \(sections.sorted().map(String.init).joined(separator: ", ")) have item supplementary items (badges): scrollsim does not lay them out yet, so they are not requested or counted"
        )
    }
}
