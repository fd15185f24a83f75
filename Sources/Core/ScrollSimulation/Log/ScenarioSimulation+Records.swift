import CollectionTypes
import CollectionView
import DiffableDataSource

extension ScenarioSimulation {
    /// Logs a collection-view event, and lets feeds react to cell requests.
    func record(_ event: CollectionViewEvent<String, Int>) {
        runner.record(event)
        if case .cellRequested(let section, let indexPath, _, _, _, _) = event {
            cellRequested(section: section, index: indexPath.item)
        }
    }
}
