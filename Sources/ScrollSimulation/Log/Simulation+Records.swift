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
        switch event {
        case .layoutPass(let pass, let queried):
            let reasons = pass.reasons.map { reason -> String in
                switch reason {
                case .sections(let set), .selfSizing(let set):
                    "\(reason.name)(\(set.sorted().map(String.init).joined(separator: ",")))"
                default: reason.name
                }
            }
            append(
                .layoutPass, section: nil, item: nil,
                detail: "pass=\(pass.number) reason=\(reasons.joined(separator: "+")) sections=\(queried.joined(separator: ","))")
        case .cellRequested(let section, let indexPath, _, let cell, let created, let reason):
            append(
                .cell, section: section, item: indexPath.item,
                detail: "\(created ? "created" : "reused") cell=\(cell.id) reason=\(reason.rawValue)")
            cellRequested(section: section, index: indexPath.item)
        case .cellEnded, .supplementaryEnded:
            break  // counted (cellsEnded); not logged, to keep the log about costs
        case .supplementaryRequested(let section, let kind, let indexPath):
            append(.supplementary, section: section, item: indexPath.item, detail: "kind=\(kind)")
        case .applied(let update):
            switch update {
            case .reloadData: append(.apply, section: nil, item: nil, detail: "reloadData")
            case .batch(let changes): append(.apply, section: nil, item: nil, detail: changes.summary)
            }
        case .visibleItemsInvalidated(let section, let offset):
            append(.visibleItems, section: section, item: nil, detail: "offset=\(offset)")
        }
    }
}
