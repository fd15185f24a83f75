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
        counts(of: AnyIdentifier(section))
    }

    /// The counts of the section at `index` in the current snapshot.
    public func counts(forSectionAt index: Int) -> Counts {
        guard let ids = collectionView?.engine.dataSource.snapshot().sectionIdentifiers, ids.indices.contains(index) else {
            return Counts()
        }
        return counts(of: ids[index])
    }

    private func counts(of id: AnyIdentifier) -> Counts {
        merged(collectionView?.engine.counts.sections[id] ?? Counts(), extraCounts.sections[id] ?? Counts())
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
    public func events(_ kind: SimulationRecord.Kind) -> [SimulationRecord] { eventLog.records.filter { $0.kind == kind } }

    func record(_ event: CollectionViewEvent<AnyIdentifier, AnyIdentifier>) {
        if let fields = event.recordFields {
            log(fields.kind, section: fields.section, item: fields.item, detail: fields.detail)
        }
        switch event {
        case .applied(.batch(let changes)) where !changes.sectionInserts.isEmpty || !changes.sectionDeletes.isEmpty:
            changedSectionsOfLastApply = nil  // the section list itself changed: every section is new work
        case .applied(.batch(let changes)):
            var sections = Set(changes.itemInserts.map(\.section))
            sections.formUnion(changes.itemDeletes.map(\.section))
            sections.formUnion(changes.itemMoves.flatMap { [$0.from.section, $0.to.section] })
            sections.formUnion(changes.itemReloads.map(\.to.section))
            changedSectionsOfLastApply = sections
        case .layoutPass(_, let queried):
            if let changed = changedSectionsOfLastApply, !changed.isEmpty, queried.count > changed.count {
                warn(
                    "an apply that changed \(changed.count) section(s) re-ran the section provider for all \(queried.count) (SEMANTICS 2.2, A1); UICollectionView.invalidationPolicy = .targeted shows what a layout that re-queries only changed sections would save"
                )
            }
            changedSectionsOfLastApply = nil
        default:
            break
        }
    }

    func log(_ kind: SimulationRecord.Kind, section: String?, item: Int?, detail: String) {
        eventLog.append(
            SimulationRecord(
                sequence: eventLog.total + 1, time: time, kind: kind, section: section, item: item, detail: detail, cause: cause))
    }

    func warn(_ message: String) {
        guard !warnings.contains(message) else { return }
        warnings.append(message)
        log(.warning, section: nil, item: nil, detail: message)
    }
}
