import Foundation

extension UICollectionView {
    // MARK: A classic data source (CS1, CS2)

    /// The app's classic data source's items, bridged the first time the view needs them; nil for
    /// a diffable data source or none.
    func classicSource() -> ClassicItems? {
        guard let source = dataSource, !(source is any DiffableDataSourceMarker) else { return nil }
        if let classicItems { return classicItems }
        bridgingClassicSource = true
        defer { bridgingClassicSource = false }
        let queries = ClassicQueries(
            numberOfSections: { [unowned self] in self.dataSource?.numberOfSections(in: self) ?? 0 },
            numberOfItems: { [unowned self] section in self.dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0
            },
            canMove: { [unowned self] path in self.dataSource?.collectionView(self, canMoveItemAt: path) ?? false },
            move: { [unowned self] from, to in self.dataSource?.collectionView(self, moveItemAt: from, to: to) },
            items: "items", view: "collection view")
        let items = ClassicItems(
            collectionView: self, queries: queries,
            cell: { [unowned self] path in self.dataSource?.collectionView(self, cellForItemAt: path) },
            supplementary: { [unowned self] kind, path in
                self.dataSource?.collectionView(self, viewForSupplementaryElementOfKind: kind, at: path)
            })
        // The bridge's diffable backing named itself the data source; the app's stays.
        dataSource = source
        classicItems = items
        return items
    }

    /// A new data source replaces the classic bridge: the next layout reads the new one.
    func dataSourceDidChange() {
        guard !bridgingClassicSource, classicItems != nil else { return }
        classicItems = nil
        reorderer = nil
        if dataSource is any DiffableDataSourceMarker {
            // The diffable data source set its cell provider when made; headers are its to give.
            supplementaryProvider = nil
        }
    }

    // MARK: Item and section edits (CS2)

    public func insertItems(at indexPaths: [IndexPath]) { edit(.insertItems(indexPaths)) }
    public func deleteItems(at indexPaths: [IndexPath]) { edit(.deleteItems(indexPaths)) }
    public func reloadItems(at indexPaths: [IndexPath]) { edit(.reloadItems(indexPaths)) }
    public func reconfigureItems(at indexPaths: [IndexPath]) { edit(.reconfigureItems(indexPaths)) }
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { edit(.moveItem(indexPath, newIndexPath)) }
    public func insertSections(_ sections: IndexSet) { edit(.insertSections(sections)) }
    public func deleteSections(_ sections: IndexSet) { edit(.deleteSections(sections)) }
    public func reloadSections(_ sections: IndexSet) { edit(.reloadSections(sections)) }
    public func moveSection(_ section: Int, toSection newSection: Int) { edit(.moveSection(section, newSection)) }

    /// Runs `updates` as one update: their item and section edits become one diff (one apply). An
    /// update without edits invalidates the layout, as the re-measuring idiom
    /// `performBatchUpdates(nil)` expects (CS3).
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        classicBatch.begin()
        updates?()
        if let edits = classicBatch.end() {
            if edits.isEmpty {
                classicSource()?.loadIfNeeded()
                collectionViewLayout.invalidateLayout()
            } else {
                apply(edits)
            }
        }
        completion?(true)
    }

    private func edit(_ edit: ClassicEdit) {
        if !classicBatch.collect(edit) { apply([edit]) }
    }

    private func apply(_ edits: [ClassicEdit]) {
        guard let classic = classicSource() else {
            if dataSource != nil {
                UIKitException.raise(
                    "UICollectionView must be updated via the UICollectionViewDiffableDataSource APIs when acting as the UICollectionView's dataSource: please do not call mutation APIs directly on UICollectionView."
                )
            }
            return
        }
        classic.perform(edits)
    }
}

/// Marks the diffable data sources among data sources.
protocol DiffableDataSourceMarker {}
extension UICollectionViewDiffableDataSource: DiffableDataSourceMarker {}
