import CollectionTypes
import CollectionView
import DiffableDataSource

extension Simulation {
    /// Appends a record with the current time and cause, and passes it to the subscriber.
    func append(_ kind: SimulationRecord.Kind, section: String?, item: Int?, detail: String) {
        let record = SimulationRecord(
            sequence: log.total + 1, time: time, kind: kind, section: section, item: item, detail: detail, cause: cause)
        log.append(record)
        subscriber?(record)
    }

    /// Turns a collection-view event into a record, and lets feeds react to cell requests.
    func record(_ event: CollectionViewEvent<String, Int>) {
        if let fields = event.recordFields {
            append(fields.kind, section: fields.section, item: fields.item, detail: fields.detail)
        }
        if case .cellRequested(let section, let indexPath, _, _, _, _) = event {
            cellRequested(section: section, index: indexPath.item)
        }
    }
}
