import Foundation

extension ScrollSimulator {
    /// A swipe on a list row from `edge`: the list configuration's swipe-actions provider for
    /// that edge is asked for the row's actions; with `choosing` the user then taps that action
    /// (its handler runs, with a completion the app calls when done; UIKit model E1). Returns the
    /// titles of the actions revealed. A row with no provider or no actions is an error.
    @discardableResult
    public func swipe(itemAt indexPath: IndexPath, edge: SwipeEdge = .trailing, choosing index: Int? = nil) throws -> [String] {
        var titles: [String] = []
        try gesture("swipe \(edge) \(indexPath)") { view in
            let configuration = try swipeActions(at: indexPath, edge: edge, in: view)
            titles = configuration.actions.map { $0.title ?? "" }
            guard let index else { return }
            guard configuration.actions.indices.contains(index) else {
                throw ScrollSimulatorError.noSwipeAction(indexPath, index)
            }
            perform(configuration.actions[index], at: indexPath, in: view)
        }
        return titles
    }

    /// A full swipe across the row: the first action runs if the configuration allows it
    /// (`performsFirstActionWithFullSwipe`, true by default), else the actions are revealed.
    /// Returns whether an action ran.
    @discardableResult
    public func fullSwipe(itemAt indexPath: IndexPath, edge: SwipeEdge = .trailing) throws -> Bool {
        var ran = false
        try gesture("full swipe \(edge) \(indexPath)") { view in
            let configuration = try swipeActions(at: indexPath, edge: edge, in: view)
            guard configuration.performsFirstActionWithFullSwipe, let first = configuration.actions.first else { return }
            perform(first, at: indexPath, in: view)
            ran = true
        }
        return ran
    }

    /// A drag of the row at `source` to `destination` (in editing mode, by its reorder control):
    /// the data source's reordering handlers decide and update the data (E2). A row the handlers
    /// do not let move is an error.
    public func reorder(itemAt source: IndexPath, to destination: IndexPath) throws {
        try gesture("reorder \(source) to \(destination)") { view in
            guard let reorderer = view.reorderer, try reorderer(source, destination) else {
                throw ScrollSimulatorError.cannotReorder(source)
            }
        }
    }

    /// A tap on the delete control of a row in editing mode: its action handler runs; with none,
    /// the row's trailing swipe actions are revealed, as in UIKit (returns their titles).
    @discardableResult
    public func tapDeleteAccessory(at indexPath: IndexPath) throws -> [String] {
        var titles: [String] = []
        try gesture("tap delete \(indexPath)") { view in
            guard let cell = view.cellForItem(at: indexPath) as? UICollectionViewListCell,
                let delete = cell.accessories.first(where: { $0.isDelete && $0.isShown(editing: view.isEditing) })
            else { throw ScrollSimulatorError.itemNotOnScreen(indexPath) }
            if let action = delete.tapAction {
                action()
            } else {
                titles = try swipeActions(at: indexPath, edge: .trailing, in: view).actions.map { $0.title ?? "" }
            }
        }
        return titles
    }

    private func swipeActions(
        at indexPath: IndexPath, edge: SwipeEdge, in view: UICollectionView
    ) throws
        -> UISwipeActionsConfiguration
    {
        guard view.cellForItem(at: indexPath) != nil else { throw ScrollSimulatorError.itemNotOnScreen(indexPath) }
        let list = view.compositional.descriptions.listConfiguration(forSection: indexPath.section)
        let provider =
            edge == .leading ? list?.leadingSwipeActionsConfigurationProvider : list?.trailingSwipeActionsConfigurationProvider
        guard let configuration = provider?(indexPath), !configuration.actions.isEmpty else {
            throw ScrollSimulatorError.noSwipeActions(indexPath, edge)
        }
        return configuration
    }

    private func perform(_ action: UIContextualAction, at indexPath: IndexPath, in view: UICollectionView) {
        let cell = view.cellForItem(at: indexPath) ?? UICollectionViewCell(frame: .zero)
        action.handler(action, cell) { _ in }
    }
}
