import CollectionView
import Foundation
import ScrollSimulation

import struct CollectionTypes.AnyIdentifier

extension ScrollSimulator {
    /// Every count in total (docs/scenarios.md names): the collection view's plus frames and data
    /// requests.
    public var counts: Counts {
        guard let view = collectionView else { return runner.ownCounts.total }
        return runner.totalCounts(of: view.engine)
    }

    /// What the shown collection view's flow layout asked its delegate and did (FL5 to FL7): with
    /// a flow layout the section provider never runs, and the delegate's sizing is the cost to
    /// watch. Nil for other layouts.
    public var flowLayoutCounts: FlowLayoutCounts? {
        (collectionView?.collectionViewLayout as? UICollectionViewFlowLayout)?.counts
    }

    /// What the shown collection view asked its layout of the app's own (CL1 to CL6): with a
    /// custom layout, `prepare()` and the attributes queries are the cost to watch. Nil for
    /// compositional and flow layouts.
    public var customLayoutCounts: CustomLayoutCounts? {
        collectionView?.collectionViewLayout.customBridge?.counts
    }

    /// The counts of one section, by its identifier.
    public func counts<Section: Hashable & Sendable>(forSection section: Section) -> Counts {
        counts(of: AnyIdentifier.lookup(section))
    }

    /// The counts of the section at `index` in the current snapshot.
    public func counts(forSectionAt index: Int) -> Counts {
        guard let ids = collectionView?.engine.dataSource.snapshot().sectionIdentifiers, ids.indices.contains(index) else {
            return Counts()
        }
        return counts(of: ids[index])
    }

    private func counts(of id: AnyIdentifier) -> Counts {
        guard let view = collectionView else { return runner.ownCounts.sections[id] ?? Counts() }
        return runner.counts(of: view.engine, section: id)
    }

    /// The events of one kind, oldest first.
    public func events(_ kind: SimulationRecord.Kind) -> [SimulationRecord] { runner.log.records.filter { $0.kind == kind } }
}
