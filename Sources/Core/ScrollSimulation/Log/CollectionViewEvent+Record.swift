import CollectionView

extension CollectionViewEvent {
    /// What an event writes to the event log: its kind, section (named with
    /// `String(describing:)`), item index and detail text; nil for events the log leaves out
    /// (cells ending, cells showing and hiding, and data-prefetch notices are counted or passed to
    /// delegates, not logged, to keep the log about costs).
    public var recordFields: (kind: SimulationRecord.Kind, section: String?, item: Int?, detail: String, facts: RecordFacts)? {
        switch self {
        case .layoutPass(let pass, let queried):
            let reasons = pass.reasons.map { reason -> String in
                switch reason {
                case .sections(let set), .selfSizing(let set):
                    "\(reason.name)(\(set.sorted().map(String.init).joined(separator: ",")))"
                default: reason.name
                }
            }
            let sections = queried.map { String(describing: $0) }
            // A provider UIKit supplies (list layouts, table views) re-resolves sections: no app code ran.
            let label = pass.resolvedInternally ? "resolved" : "sections"
            var detail =
                "pass=\(pass.number) reason=\(reasons.joined(separator: "+")) \(label)=\(sections.joined(separator: ","))"
            // A flow layout that asked its delegate for item sizes says how many (FL5, FL6).
            let sizeCalls = pass.sizeForItemCalls.reduce(0, +)
            if sizeCalls > 0 { detail += " sizeForItemAt=\(sizeCalls)" }
            let facts = RecordFacts.layoutPass(
                number: pass.number, sections: sections, resolvedInternally: pass.resolvedInternally,
                sizeForItemCalls: sizeCalls)
            return (.layoutPass, nil, nil, detail, facts)
        case .cellRequested(let section, let indexPath, _, let cell, let created, let reason):
            return (
                .cell, String(describing: section), indexPath.item,
                "\(created ? "created" : "reused") cell=\(cell.id) reason=\(reason.rawValue)", .none
            )
        case .cellEnded, .supplementaryEnded, .decorationEnded, .cellDisplayed, .cellHidden, .prefetchItems,
            .cancelPrefetching:
            return nil
        case .supplementaryRequested(let section, let kind, let indexPath):
            return (.supplementary, section.map { String(describing: $0) }, indexPath.item, "kind=\(kind)", .none)
        case .decorationShown(let section, let kind, let indexPath, let reused):
            return (
                .decoration, section.map { String(describing: $0) }, indexPath.item,
                "\(reused ? "reused" : "created") kind=\(kind)", .none
            )
        case .applied(let update):
            switch update {
            case .reloadData(.requested): return (.apply, nil, nil, "reloadData", .none)
            case .reloadData(.nonAnimatedApply):
                return (.apply, nil, nil, "reloadData (a non-animated apply on iOS 13/14)", .none)
            case .batch(let changes): return (.apply, nil, nil, changes.summary, .none)
            }
        case .visibleItemsInvalidated(let section, let offset):
            return (.visibleItems, String(describing: section), nil, "offset=\(offset)", .none)
        }
    }
}
