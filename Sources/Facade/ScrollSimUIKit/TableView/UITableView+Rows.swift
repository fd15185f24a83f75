import CompositionalLayout
import Foundation

extension UITableView {
    /// Section `index` as a list section of the table's style (T1): rows estimated at
    /// `estimatedRowHeight` (44 when automatic) or fixed at `rowHeight`, a header and footer when
    /// the section has one (T3), swipe actions from the delegate or the default Delete (T5).
    func sectionLayout(_ index: Int, environment: any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {
        var list = UICollectionLayoutListConfiguration(appearance: listAppearance)
        let header = headerHeight(forSection: index)
        let footer = footerHeight(forSection: index)
        if header == nil && footer == nil { warnIfRegisteredHeaderFootersUnshown() }
        list.headerMode = header == nil ? .none : .supplementary
        list.footerMode = footer == nil ? .none : .supplementary
        var metrics = ListMetrics.standard(for: ListConfiguration.Appearance(rawValue: listAppearance.rawValue)!)
        if rowHeight >= 0 {
            metrics.rowHeight = Double(rowHeight)
        } else if estimatedRowHeight > 0 {
            metrics.rowHeight = Double(estimatedRowHeight)
        }
        if let header, header > 0 { metrics.headerHeight = Double(header) }
        if let footer, footer > 0 { metrics.footerHeight = Double(footer) }
        list.metrics = metrics
        list.leadingSwipeActionsConfigurationProvider = { [unowned self] path in
            self.delegate?.tableView(self, leadingSwipeActionsConfigurationForRowAt: path)
        }
        list.trailingSwipeActionsConfigurationProvider = { [unowned self] path in self.trailingSwipeActions(at: path) }
        return NSCollectionLayoutSection.list(using: list, layoutEnvironment: environment)
    }

    var listAppearance: UICollectionLayoutListConfiguration.Appearance {
        switch style {
        case .plain: .plain
        case .grouped: .grouped
        case .insetGrouped: .insetGrouped
        }
    }

    /// A table that registered header-footer views but gives no section a header or footer most
    /// likely returns them from `viewForHeaderInSection` alone, which UIKit shows and scrollsim
    /// cannot see (T3 [B]): its sections then lack the headers a device shows, so say it once.
    private func warnIfRegisteredHeaderFootersUnshown() {
        guard !warnedUnshownHeaderFooterViews, !headerFooterClasses.isEmpty else { return }
        let sections = numberOfSections
        guard !(0..<sections).contains(where: { headerHeight(forSection: $0) != nil || footerHeight(forSection: $0) != nil })
        else { return }
        warnedUnshownHeaderFooterViews = true
        let names = headerFooterClasses.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
        backingCollectionView.warningHandler?(
            "the table registered header-footer views (\(names)) but no section has a header or footer: scrollsim shows the delegate's viewForHeaderInSection or viewForFooterInSection only when heightForHeaderInSection (or heightForFooterInSection) returns a height, sectionHeaderHeight is set or the data source gives a title, because Swift cannot ask whether a delegate implements a method. On a device a delegate that implements viewForHeaderInSection alone gets headers, and every row below moves down by their height; to see them here, return a height from heightForHeaderInSection (UIKit model T3)"
        )
    }

    /// A header's height when the section has one (T3): the delegate's, else
    /// `sectionHeaderHeight`, else the style's (0 means automatic); nil for none.
    func headerHeight(forSection section: Int) -> CGFloat? {
        let asked = delegate?.tableView(self, heightForHeaderInSection: section) ?? UITableView.automaticDimension
        if asked >= 0 { return asked > 0 ? asked : nil }
        guard dataSource?.tableView(self, titleForHeaderInSection: section) != nil else { return nil }
        return sectionHeaderHeight >= 0 ? sectionHeaderHeight : 0
    }

    func footerHeight(forSection section: Int) -> CGFloat? {
        let asked = delegate?.tableView(self, heightForFooterInSection: section) ?? UITableView.automaticDimension
        if asked >= 0 { return asked > 0 ? asked : nil }
        guard dataSource?.tableView(self, titleForFooterInSection: section) != nil else { return nil }
        return sectionFooterHeight >= 0 ? sectionFooterHeight : 0
    }

    /// The delegate's trailing actions; with none, a Delete action when the row can be edited
    /// and its editing style is delete: it commits the deletion to the data source (T5).
    func trailingSwipeActions(at indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        if let configured = delegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: indexPath) { return configured }
        guard let dataSource, dataSource.tableView(self, canEditRowAt: indexPath),
            (delegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete) == .delete
        else { return nil }
        let delete = UIContextualAction(style: .destructive, title: "Delete") { [unowned self] _, _, completion in
            dataSource.tableView(self, commit: .delete, forRowAt: indexPath)
            completion(true)
        }
        return UISwipeActionsConfiguration(actions: [delete])
    }

    /// The backing collection view asks for the row at `indexPath`: the app's cell comes from
    /// `make` (its `cellForRowAt` or cell provider). A cell the app dequeued goes back as is; one
    /// it made itself (`UITableViewCell(style:reuseIdentifier:)`) is adopted — counted as created —
    /// and reused later under its identifier. A nil cell is UIKit's crash. The row's fixed height
    /// (T2) and its accessories are set before it is sized.
    func provideRow(at indexPath: IndexPath, make: () -> UITableViewCell?) -> UICollectionViewCell? {
        requestedRow = indexPath
        dequeuedRow = nil
        defer {
            requestedRow = nil
            dequeuedRow = nil
        }
        guard let cell = make() else {
            UIKitException.raise(
                "UITableView (\(self)) failed to obtain a cell from its dataSource (\(dataSource.map { String(describing: type(of: $0)) } ?? "nil")) for row at \(indexPath)"
            )
            return nil
        }
        if cell !== dequeuedRow { adopt(cell, at: indexPath) }
        let asked = delegate?.tableView(self, heightForRowAt: indexPath) ?? UITableView.automaticDimension
        cell.fixedHeight = asked >= 0 ? asked : (rowHeight >= 0 ? rowHeight : nil)
        cell.accessories = cell.tableAccessories(
            editingStyle: delegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete,
            movable: dataSource?.tableView(self, canMoveRowAt: indexPath) ?? false)
        if cell.isEditing != isEditing { cell.setEditing(isEditing, animated: false) }
        return cell
    }

    /// Hands a cell the app made itself to the backing collection view as a new cell of its
    /// identifier.
    private func adopt(_ cell: UITableViewCell, at indexPath: IndexPath) {
        let identifier = cell.reuseIdentifier ?? "UITableViewCell"
        backingCollectionView.adopt(cell, reuseIdentifier: identifier, at: indexPath)
    }

    /// The header or footer view for a section: the delegate's view (a dequeued header-footer view,
    /// or any view, wrapped), else a default header showing the data source's title.
    func provideHeaderFooter(kind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        let header = kind == UICollectionView.elementKindSectionHeader
        requestedHeaderFooter = (kind, indexPath.section)
        defer { requestedHeaderFooter = nil }
        let view =
            header
            ? delegate?.tableView(self, viewForHeaderInSection: indexPath.section)
            : delegate?.tableView(self, viewForFooterInSection: indexPath.section)
        if let reusable = view as? UITableViewHeaderFooterView, backingCollectionView.lastDequeuedSupplementary === reusable {
            return reusable
        }
        let title =
            header
            ? dataSource?.tableView(self, titleForHeaderInSection: indexPath.section)
            : dataSource?.tableView(self, titleForFooterInSection: indexPath.section)
        let defaultView =
            backingCollectionView.dequeueReusableSupplementaryView(
                ofKind: kind, withReuseIdentifier: TableViewBridge.defaultHeaderFooterIdentifier, for: indexPath)
            as? UITableViewHeaderFooterView
        defaultView?.textLabel?.text = title
        if let view, let defaultView {
            // A plain view from the delegate: shown inside a header-footer view.
            for old in defaultView.contentView.subviews { old.removeFromSuperview() }
            defaultView.contentView.addSubview(view)
        }
        return defaultView
    }
}
