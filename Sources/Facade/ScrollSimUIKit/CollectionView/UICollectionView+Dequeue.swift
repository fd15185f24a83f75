import CollectionTypes
import CollectionView
import Foundation

extension UICollectionView {
    /// Registers a cell class for a reuse identifier. The class is created with `init(frame:)`.
    public func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        guard let type = cellClass as? UICollectionViewCell.Type else {
            UIKitException.raise(
                "could not register \(cellClass.map { String(describing: $0) } ?? "nil") for cells with identifier \(identifier): the class must be UICollectionViewCell or a subclass",
                name: "NSInvalidArgumentException")
            return
        }
        cellFactories[identifier] = { type.init(scrollsimReuse: ()) }
        engine.register(reuseIdentifier: identifier)
    }

    /// Registers a supplementary view class for a kind and reuse identifier.
    public func register(
        _ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String
    ) {
        guard let type = viewClass as? UICollectionReusableView.Type else {
            UIKitException.raise(
                "could not register \(viewClass.map { String(describing: $0) } ?? "nil") for supplementary views of kind \(elementKind): the class must be UICollectionReusableView or a subclass",
                name: "NSInvalidArgumentException")
            return
        }
        supplementaryFactories[Self.supplementaryPoolKey(elementKind, identifier)] = { type.init(scrollsimReuse: ()) }
    }

    static func supplementaryPoolKey(_ kind: String, _ identifier: String) -> String { "\(kind)\u{1F}\(identifier)" }

    /// Dequeues a cell (UIKit model B4.1): a pooled one after `prepareForReuse`, else a new object of
    /// the registered class; during a reconfigure, the item's own cell (B4.2).
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        dequeueCell(withReuseIdentifier: identifier, for: indexPath, alwaysNew: false)
    }

    func dequeueCell(withReuseIdentifier identifier: String, for indexPath: IndexPath, alwaysNew: Bool) -> UICollectionViewCell {
        let placeholder = { UICollectionViewCell(frame: .zero) }
        guard !UIKitException.isPending else { return placeholder() }
        let handle: CellHandle
        do {
            handle = try engine.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath.core, alwaysNew: alwaysNew)
        } catch {
            UIKitException.raise(error.description)
            return placeholder()
        }
        let cell: UICollectionViewCell
        switch engine.lastDequeueOutcome {
        case .created, nil:
            guard let factory = cellFactories[identifier] else {
                UIKitException.raise(CollectionViewError.unregisteredReuseIdentifier(identifier).description)
                return placeholder()
            }
            cell = factory()
            cell.reuseIdentifier = identifier
            cellObjects[handle.id] = cell
            handles[ObjectIdentifier(cell)] = handle
        case .reused:
            cell = cellObjects[handle.id]!
            cell.prepareForReuse()
        case .reconfiguring:
            cell = cellObjects[handle.id]!
        }
        if let frame = engine.layout.frame(for: indexPath.core) { cell.frame = CGRect(frame) }
        cell.assignedTraits = traitCollection
        cell.owner = self
        lastDequeuedCell = cell
        return cell
    }

    /// Dequeues a supplementary view of `elementKind`, from its pool or new.
    public func dequeueReusableSupplementaryView(
        ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
    ) -> UICollectionReusableView {
        guard !UIKitException.isPending else { return UICollectionReusableView(frame: .zero) }
        let key = Self.supplementaryPoolKey(elementKind, identifier)
        guard let factory = supplementaryFactories[key] else {
            UIKitException.raise(
                "could not dequeue a view of kind: \(elementKind) with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
            )
            return UICollectionReusableView(frame: .zero)
        }
        let view: UICollectionReusableView
        if let pooled = supplementaryPools[key]?.popLast() {
            view = pooled
            view.prepareForReuse()
        } else {
            view = factory()
            view.reuseIdentifier = key
        }
        view.assignedTraits = traitCollection
        lastDequeuedSupplementary = view
        return view
    }

    // MARK: Requests from the engine

    /// The engine asks for the cell at `path`: the data source's cell provider runs (2.3).
    func provideCell(at path: ItemPath, item: AnyIdentifier) throws -> CellHandle {
        guard !UIKitException.isPending, let cellProvider else { throw UIKitExceptionUnwind() }
        let indexPath = IndexPath(path)
        Self.requestDepth += 1
        requestingSection = engine.sectionID(at: path.section)
        defer {
            Self.requestDepth -= 1
            requestingSection = nil
        }
        lastDequeuedCell = nil
        let returned = cellProvider(indexPath, item)
        if UIKitException.isPending { throw UIKitExceptionUnwind() }
        guard let returned else {
            UIKitException.raise(
                "UICollectionView dataSource returned a nil cell for item at index path: \(indexPath), dataSource: \(dataSource.map { String(describing: type(of: $0)) } ?? "nil")"
            )
            throw UIKitExceptionUnwind()
        }
        guard let dequeued = lastDequeuedCell, dequeued === returned, let handle = handles[ObjectIdentifier(returned)] else {
            UIKitException.raise(
                "Expected dequeued view to be returned to the collection view in preparation for display. When the collection view's data source is asked to provide a view for a given index path, ensure that a single view is dequeued and returned to the collection view. Avoid dequeuing views without a request from the collection view. For retrieving an existing view in the collection view, use -[UICollectionView cellForItemAtIndexPath:] or -[UICollectionView supplementaryViewForElementKind:atIndexPath:]. Index path: \(indexPath); dequeued view: \(lastDequeuedCell.map { String(describing: type(of: $0)) } ?? "none"); returned view: \(type(of: returned))"
            )
            throw UIKitExceptionUnwind()
        }
        returned.runConfigurationUpdate()
        try selfSize(returned, at: indexPath)
        return handle
    }

    /// Asks a configured cell for its preferred size (G1.10.1); a change on an estimated axis moves
    /// later frames at once and leaves the layout stale (G1.10.3).
    private func selfSize(_ cell: UICollectionViewCell, at indexPath: IndexPath) throws {
        let flow = currentLayout as? UICollectionViewFlowLayout
        // A flow layout sizes cells only with an estimated item size (FL7).
        if let flow, flow.estimatedItemSize == .zero { return }
        guard let frame = engine.layout.frame(for: indexPath.core) else { return }
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = CGRect(frame)
        cell.lastFitting = nil
        let preferred = cell.preferredLayoutAttributesFitting(attributes)
        reportFitting(of: cell)
        guard preferred.frame.size != attributes.frame.size else {
            warnIfEstimateKept(cell, at: indexPath, flow: flow)
            return
        }
        // A layout of the app's own places cells where it says; it decides whether a preferred
        // size invalidates it (CL8).
        if flow == nil, let bridge = currentLayout.customBridge {
            bridge.cellPreferred(preferred, over: attributes)
            return
        }
        if let flow {
            // The flow lays its lines out again with the measured size at its next pass.
            if flow.recordMeasuredSize(preferred.frame.size, at: indexPath) { cell.frame.size = preferred.frame.size }
            return
        }
        do {
            try engine.layout.setMeasuredSize(preferred.frame.size.core, for: indexPath.core)
        } catch {
            UIKitException.raise("self-sizing the cell at \(indexPath): \(error.description)")
            throw UIKitExceptionUnwind()
        }
        cell.frame.size = preferred.frame.size
    }

    /// A cell built from subviews (no content configuration) whose estimated size nothing
    /// measured: its constraints do not reach both ends of its content view, or an override of
    /// the fitting methods answered the estimate. Its frame, the frames after it and how many
    /// cells fit may then differ from a device; said once per reuse identifier (G1.10, AL1).
    private func warnIfEstimateKept(_ cell: UICollectionViewCell, at indexPath: IndexPath, flow: UICollectionViewFlowLayout?) {
        let estimated = flow != nil || (engine.layout.sectionDescription(indexPath.section)?.group.selfSizes ?? false)
        guard estimated, cell.contentConfiguration == nil, !cell.contentView.subviews.isEmpty else { return }
        if let fitting = cell.lastFitting, fitting.widthDetermined && fitting.heightDetermined { return }
        let identifier = cell.reuseIdentifier ?? String(describing: type(of: cell))
        guard cellsWarnedForEstimates.insert(identifier).inserted else { return }
        warningHandler?(
            "cells '\(identifier)' (\(type(of: cell))) have an estimated size and were laid out at the estimate: their constraints do not tie the content view's edges to its subviews on both axes, so nothing measured them. On a device the same cells keep the estimate too, or measure differently if scrollsim misses a constraint; pin the subviews to all four edges of contentView, or override preferredLayoutAttributesFitting(_:) or systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:) (UIKit model G1.10, AL1)"
        )
    }

    /// Says once per reuse identifier what the cell's fitting pass could not honour: required
    /// constraints that conflict (UIKit breaks one and logs them) and visual-format constraints,
    /// which are kept but not solved (AL2, AL6).
    private func reportFitting(of cell: UICollectionViewCell) {
        guard let fitting = cell.lastFitting, !fitting.conflicts.isEmpty || fitting.visualFormats > 0 || fitting.tooLarge != nil
        else { return }
        let identifier = cell.reuseIdentifier ?? String(describing: type(of: cell))
        guard cellsWarnedForConstraints.insert(identifier).inserted else { return }
        if !fitting.conflicts.isEmpty {
            warningHandler?(
                "Unable to simultaneously satisfy constraints in cells '\(identifier)' (\(type(of: cell))): \(fitting.conflicts.joined(separator: "; ")) could not hold with the constraints before them and were left out of the cell's size, as UIKit breaks a constraint and logs it (UIKit model AL2)"
            )
        }
        if let count = fitting.tooLarge {
            warningHandler?(
                "cells '\(identifier)' (\(type(of: cell))) hold \(count) views and layout guides, more than the \(FittingSolver.maxItems) scrollsim solves in one fitting: they keep the proposed size (UIKit model AL1)"
            )
        }
        if fitting.visualFormats > 0 {
            warningHandler?(
                "cells '\(identifier)' (\(type(of: cell))) use \(fitting.visualFormats) visual-format constraint(s), which scrollsim keeps but does not solve: the cell's size comes from its other constraints (UIKit model AL6)"
            )
        }
    }

    /// The engine asks for a supplementary view: the data source's supplementary provider runs.
    func provideSupplementary(kind: String, at indexPath: IndexPath) {
        guard !UIKitException.isPending else { return }
        guard let supplementaryProvider else {
            UIKitException.raise(
                "the layout has a supplementary view of kind \(kind) at \(indexPath) but the data source has no supplementaryViewProvider"
            )
            return
        }
        Self.requestDepth += 1
        defer { Self.requestDepth -= 1 }
        lastDequeuedSupplementary = nil
        let view = supplementaryProvider(kind, indexPath)
        guard !UIKitException.isPending else { return }
        guard let view else {
            UIKitException.raise(
                "the view returned from the supplementaryViewProvider for kind \(kind) at index path \(indexPath) was nil; a view must be dequeued and returned"
            )
            return
        }
        guard view === lastDequeuedSupplementary else {
            UIKitException.raise(
                "the view returned from the supplementaryViewProvider for kind \(kind) at index path \(indexPath) was not retrieved by calling -dequeueReusableSupplementaryViewOfKind:withReuseIdentifier:forIndexPath:"
            )
            return
        }
        displayedSupplementaries[SupplementaryKey(kind: kind, indexPath: indexPath)] = view
        delegate?.collectionView(self, willDisplaySupplementaryView: view, forElementKind: kind, at: indexPath)
    }
}

extension UICollectionView {
    /// A cell applied a content configuration: counted for the section being requested (or in
    /// total only, outside a request).
    func countConfiguration(createdView: Bool) {
        if createdView { engine.count(\.contentViewsCreated, section: requestingSection) }
        engine.count(\.contentConfigurationsApplied, section: requestingSection)
    }

    /// Sets editing mode (UIKit's `setEditing(_:animated:)`).
    public func setEditing(_ editing: Bool, animated: Bool) { isEditing = editing }
}

extension UICollectionView {
    /// Takes a cell the app made itself (a table view's `UITableViewCell(style:reuseIdentifier:)`)
    /// as the new cell for the row being requested: dequeued once under its identifier, so it is
    /// counted as created and is reused afterwards like any cell of that identifier.
    func adopt(_ cell: UICollectionViewCell, reuseIdentifier identifier: String, at indexPath: IndexPath) {
        let registered = cellFactories[identifier]
        cellFactories[identifier] = { cell }
        engine.register(reuseIdentifier: identifier)
        _ = dequeueCell(withReuseIdentifier: identifier, for: indexPath, alwaysNew: true)
        cellFactories[identifier] = registered
    }
}
