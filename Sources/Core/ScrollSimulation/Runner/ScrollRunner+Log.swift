import CollectionView
import DiffableDataSource

extension ScrollRunner {
    /// Appends a record with the current time and cause, and passes it to the subscriber.
    public func append(
        _ kind: SimulationRecord.Kind, section: String?, item: Int?, detail: String, facts: RecordFacts = .none
    ) {
        let record = SimulationRecord(
            sequence: log.total + 1, time: time, kind: kind, section: section, item: item, detail: detail, cause: cause,
            facts: facts)
        log.append(record)
        subscriber?(record)
    }

    /// Notes a pitfall once, in the warnings and the log.
    public func warn(_ message: String) {
        guard !warnings.contains(message) else { return }
        warnings.append(message)
        append(.warning, section: nil, item: nil, detail: message)
    }

    /// Logs a collection-view event, and warns when an apply that changed some sections re-ran
    /// the section provider for more of them (the cost the product is about, A1).
    public func record(_ event: CollectionViewEvent<Section, Item>) {
        if let fields = event.recordFields {
            append(fields.kind, section: fields.section, item: fields.item, detail: fields.detail, facts: fields.facts)
        }
        switch event {
        case .applied(.batch(let changes)):
            changedSectionsOfLastApply = changes.sectionsWithChanges
            lastApplyReloaded = nil
        case .applied(.reloadData(let cause)):
            lastApplyReloaded = cause
        case .cellRequested(_, _, _, _, _, .reloadData) where lastApplyReloaded == .nonAnimatedApply:
            // Only once the reload costs something: a view not on screen yet re-requests nothing.
            warn(
                "a non-animated apply is reloadData under uikit14 (iOS 13/14): every section is re-queried and every visible cell requested again; iOS 15 and later apply the diff (UIKit model D3.2). In the app, for iOS 13/14: apply with animatingDifferences: true inside UIView.performWithoutAnimation, which diffs without visible animation"
            )
        case .layoutPass(let pass, let queried):
            if let changed = changedSectionsOfLastApply, !changed.isEmpty, queried.count > changed.count, !pass.resolvedInternally
            {
                warn(
                    "an apply that changed \(changed.count) section(s) re-ran the section provider for all \(queried.count) (UIKit model 2.2, A1). UIKit does this on every apply; in the app, make each call cheap: build a section's NSCollectionLayoutSection once per kind and layout environment and return it from a cache. The targeted policy shows what a layout that re-queried only the changed sections would cost"
                )
            }
            if !queried.isEmpty, !pass.resolvedInternally,
                pass.reasons.contains(where: {
                    if case .selfSizing = $0 { true } else { false }
                })
            {
                warn(
                    "cells that measured a size other than their estimate invalidated the layout, and the next pass re-ran the section provider for \(queried.count) section(s) (UIKit model G1.10.3): every newly shown self-sizing cell can cost a pass like it while scrolling. In the app: estimate close to the measured size, or use absolute sizes where the content allows; in a scenario, the configuration's selfSizingRequeriesProvider: false shows what passes that re-used the sections would cost"
                )
            }
            changedSectionsOfLastApply = nil
        default:
            break
        }
    }
}
