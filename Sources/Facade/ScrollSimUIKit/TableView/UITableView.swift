import CompositionalLayout
import Foundation

/// A table view (UIKit's `UITableView`), headless: rows are laid out as list sections of its style
/// (UIKit model T1) by the same engine as collection views, and counted the same way (T4):
/// cell-provider calls (`cellForRowAt`), cells created and reused, applies, reloads and
/// reconfigures. A simulator shows a table view like a collection view and scrolls it.
///
/// Underneath, a collection view does the work (`backingCollectionView`); the table gives it a
/// list layout from its style, row height and section headers, and turns its callbacks into the
/// table's delegate calls.
@preconcurrency @MainActor
open class UITableView: UIScrollView {
    /// UIKit's `UITableView.Style`.
    public enum Style: Int, Sendable { case plain = 0, grouped, insetGrouped }
    /// UIKit's `UITableView.ScrollPosition`.
    public enum ScrollPosition: Int, Sendable { case none = 0, top, middle, bottom }
    /// UIKit's `UITableView.RowAnimation` (stored: nothing animates).
    public enum RowAnimation: Int, Sendable { case fade = 0, right, left, top, bottom, none, middle, automatic = 100 }
    /// UIKit's `UITableViewCell.SeparatorStyle`.
    public enum SeparatorStyle: Int, Sendable { case none = 0, singleLine, singleLineEtched }

    /// "Use the default": the row height from the cell's own size, headers from their style.
    public static let automaticDimension: CGFloat = -1

    public let style: Style
    /// Where the rows come from; a `UITableViewDiffableDataSource` sets itself.
    open weak var dataSource: (any UITableViewDataSource)? {
        didSet { dataSourceDidChange() }
    }
    open weak var delegate: (any UITableViewDelegate)?
    open weak var prefetchDataSource: (any UITableViewDataSourcePrefetching)? {
        didSet { backingCollectionView.prefetchDataSource = prefetchDataSource == nil ? nil : bridge }
    }
    /// A fixed height for every row, or `automaticDimension` (the default): rows start at
    /// `estimatedRowHeight` (44 when automatic) and take their cell's own size (T2).
    open var rowHeight: CGFloat = UITableView.automaticDimension { didSet { invalidateRows() } }
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension { didSet { invalidateRows() } }
    open var sectionHeaderHeight: CGFloat = UITableView.automaticDimension { didSet { invalidateRows() } }
    open var sectionFooterHeight: CGFloat = UITableView.automaticDimension { didSet { invalidateRows() } }
    open var estimatedSectionHeaderHeight: CGFloat = UITableView.automaticDimension
    open var estimatedSectionFooterHeight: CGFloat = UITableView.automaticDimension
    open var sectionHeaderTopPadding: CGFloat = UITableView.automaticDimension
    open var separatorStyle: SeparatorStyle = .singleLine
    open var separatorColor: UIColor?
    open var separatorInset: UIEdgeInsets = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
    open var cellLayoutMarginsFollowReadableWidth = false
    open var tableHeaderView: UIView?
    open var tableFooterView: UIView?
    open var backgroundView: UIView?
    open var allowsSelection: Bool {
        get { backingCollectionView.allowsSelection }
        set { backingCollectionView.allowsSelection = newValue }
    }
    open var allowsMultipleSelection: Bool {
        get { backingCollectionView.allowsMultipleSelection }
        set { backingCollectionView.allowsMultipleSelection = newValue }
    }
    open var allowsSelectionDuringEditing = false
    open var allowsMultipleSelectionDuringEditing = false
    /// Rows ahead are prepared as a collection view's are (PF1 to PF6).
    open var isPrefetchingEnabled: Bool {
        get { backingCollectionView.isPrefetchingEnabled }
        set { backingCollectionView.isPrefetchingEnabled = newValue }
    }
    public private(set) var isEditing = false

    /// The collection view that lays out and realises the rows.
    public let backingCollectionView: UICollectionView
    /// The rows' source: the classic data source's rows, or a diffable data source.
    var rows: (any TableRowSource)?
    let bridge = TableViewBridge()
    /// Cell classes and header/footer classes by reuse identifier.
    var cellClasses: [String: UITableViewCell.Type] = [:]
    var headerFooterClasses: [String: UITableViewHeaderFooterView.Type] = [:]
    /// Whether the table said that it shows none of the header-footer views it registered (T3).
    var warnedUnshownHeaderFooterViews = false
    /// The row being requested (a dequeue without an index path takes it) and the cell the app
    /// dequeued for it.
    var requestedRow: IndexPath?
    var dequeuedRow: UITableViewCell?
    /// The header or footer being requested.
    var requestedHeaderFooter: (kind: String, section: Int)?

    public init(frame: CGRect, style: Style) {
        self.style = style
        let bridge = self.bridge
        let layout = UICollectionViewCompositionalLayout(
            sectionProvider: { index, environment in
                bridge.table?.sectionLayout(index, environment: environment) ?? TableViewBridge.emptySection(environment)
            }, configuration: UICollectionViewCompositionalLayoutConfiguration(), providerIsApps: false)
        backingCollectionView = UICollectionView(frame: frame, collectionViewLayout: layout)
        super.init(frame: frame)
        bridge.table = self
        backingCollectionView.delegate = bridge
        backingCollectionView.willLayout = { [unowned self] in self.rows?.loadIfNeeded() }
        for kind in [UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter] {
            backingCollectionView.register(
                UITableViewHeaderFooterView.self, forSupplementaryViewOfKind: kind,
                withReuseIdentifier: TableViewBridge.defaultHeaderFooterIdentifier)
        }
        addSubview(backingCollectionView)
    }

    public override convenience init(frame: CGRect) { self.init(frame: frame, style: .plain) }

    public required init?(coder: NSCoder) {
        style = .plain
        backingCollectionView = UICollectionView(
            frame: .zero, collectionViewLayout: UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain)))
        super.init(coder: coder)
    }

    open override var frame: CGRect {
        didSet { backingCollectionView.frame = CGRect(origin: .zero, size: frame.size) }
    }

    /// The open `beginUpdates` batch, if any (T6).
    var batch = ClassicBatch()

    open override var contentOffset: CGPoint {
        get { backingCollectionView.contentOffset }
        set { backingCollectionView.contentOffset = newValue }
    }

    open override var contentSize: CGSize {
        get { backingCollectionView.contentSize }
        set {}
    }

    open override var adjustedContentInset: UIEdgeInsets { backingCollectionView.adjustedContentInset }

    open override func layoutIfNeeded() { backingCollectionView.layoutIfNeeded() }

    // MARK: Registration and dequeuing

    /// Registers a cell class for an identifier (nil removes it).
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        guard let cellClass else {
            cellClasses[identifier] = nil
            return
        }
        guard let type = cellClass as? UITableViewCell.Type else {
            UIKitException.raise(
                "could not register \(cellClass) for cells with identifier \(identifier): the class must be UITableViewCell or a subclass",
                name: "NSInvalidArgumentException")
            return
        }
        cellClasses[identifier] = type
        backingCollectionView.register(type, forCellWithReuseIdentifier: identifier)
    }

    /// Registers a header/footer class for an identifier.
    open func register(_ aClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
        guard let type = aClass as? UITableViewHeaderFooterView.Type else {
            headerFooterClasses[identifier] = nil
            return
        }
        headerFooterClasses[identifier] = type
        for kind in [UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter] {
            backingCollectionView.register(type, forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier)
        }
    }

    /// A pooled cell for the row being requested, or nil (the app then makes one, as with UIKit's
    /// pre-iOS 6 pattern). Outside a cell request, nil.
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        guard let row = requestedRow else { return nil }
        let pooled = backingCollectionView.engine.hasReusableCell(withReuseIdentifier: identifier, for: row.core)
        guard pooled || cellClasses[identifier] != nil else { return nil }
        return dequeueReusableCell(withIdentifier: identifier, for: row)
    }

    /// A cell for `indexPath` from the identifier's pool or a new one of the registered class; an
    /// unregistered identifier is UIKit's crash.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        guard
            cellClasses[identifier] != nil
                || backingCollectionView.engine.hasReusableCell(withReuseIdentifier: identifier, for: indexPath.core)
        else {
            UIKitException.raise(
                "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
            )
            return UITableViewCell(style: .default, reuseIdentifier: identifier)
        }
        let cell = backingCollectionView.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
        guard let row = cell as? UITableViewCell else { return UITableViewCell(style: .default, reuseIdentifier: identifier) }
        dequeuedRow = row
        return row
    }

    /// A pooled or new header/footer view of a registered class while a header or footer is
    /// requested; else nil.
    open func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
        guard let (kind, section) = requestedHeaderFooter, headerFooterClasses[identifier] != nil else { return nil }
        return backingCollectionView.dequeueReusableSupplementaryView(
            ofKind: kind, withReuseIdentifier: identifier, for: IndexPath(item: 0, section: section))
            as? UITableViewHeaderFooterView
    }

    // MARK: Editing

    open func setEditing(_ editing: Bool, animated: Bool) {
        isEditing = editing
        backingCollectionView.isEditing = editing
        for cell in visibleCells { cell.setEditing(editing, animated: animated) }
        reconfigureVisibleAccessories()
    }

    // MARK: Internals

    private func dataSourceDidChange() {
        if let diffable = dataSource as? any DiffableTableRows {
            rows = diffable.rowSource
        } else if dataSource != nil {
            rows = classicRows()
        } else {
            rows = nil
        }
    }

    /// A classic data source's rows, counted and edited as a collection view's items are.
    private func classicRows() -> ClassicItems {
        let queries = ClassicQueries(
            numberOfSections: { [unowned self] in self.dataSource?.numberOfSections(in: self) ?? 0 },
            numberOfItems: { [unowned self] section in self.dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0 },
            canMove: { [unowned self] path in self.dataSource?.tableView(self, canMoveRowAt: path) ?? false },
            move: { [unowned self] from, to in self.dataSource?.tableView(self, moveRowAt: from, to: to) },
            items: "rows", view: "table view")
        return ClassicItems(
            collectionView: backingCollectionView, queries: queries,
            cell: { [unowned self] path in self.provideRow(at: path) { self.dataSource?.tableView(self, cellForRowAt: path) } },
            supplementary: { [unowned self] kind, path in self.provideHeaderFooter(kind: kind, at: path) })
    }

    func invalidateRows() { backingCollectionView.collectionViewLayout.invalidateLayout() }

    /// Updates the editing accessories of visible rows (delete and reorder controls follow the
    /// editing mode).
    func reconfigureVisibleAccessories() {
        for path in backingCollectionView.indexPathsForVisibleItems {
            guard let cell = backingCollectionView.cellForItem(at: path) as? UITableViewCell else { continue }
            cell.accessories = cell.tableAccessories(
                editingStyle: delegate?.tableView(self, editingStyleForRowAt: path) ?? .delete,
                movable: dataSource?.tableView(self, canMoveRowAt: path) ?? false)
        }
    }
}
