import CollectionView
import CompositionalLayout
import DiffableDataSource
import Foundation

import struct CollectionTypes.AnyIdentifier

/// A headless collection view (UIKit's `UICollectionView`) over scrollsim's engine: the same
/// layout passes, cell requests, reuse pools and counts as the daemon's simulations (UIKit model
/// 2). Cells are objects of your registered classes, created with `init(frame:)` and reused.
///
/// It lays out when `layoutIfNeeded()` is called or a `ScrollSimulator` shows it; before that,
/// applies only record data, as for a view that is not on screen yet.
@preconcurrency @MainActor
open class UICollectionView: UIScrollView {
    /// The main scroll axis (UIKit's `UICollectionView.ScrollDirection`).
    public enum ScrollDirection: Int, Sendable { case vertical = 0, horizontal }

    /// What a layout element is (UIKit's `UICollectionView.ElementCategory`).
    public enum ElementCategory: UInt, Sendable { case cell = 0, supplementaryView, decorationView }

    /// Where `scrollToItem` puts the item (UIKit's `UICollectionView.ScrollPosition`).
    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// The invalidation policy of collection views created from now on (a scrollsim extension;
    /// docs/scenarios.md "invalidation"). `.uikit` is iOS 15+; `.uikit14` makes a non-animated
    /// apply a reloadData; `.targeted` re-queries only changed sections.
    public static var invalidationPolicy: InvalidationPolicy = .uikit
    /// How far ahead cells are prepared when `isPrefetchingEnabled` (a scrollsim extension; the
    /// model of UIKit's prefetching, docs/uikit-model.md PF1 to PF6), for collection views
    /// created from now on. `.disabled` is the same as `isPrefetchingEnabled = false`.
    public static var prefetchPolicy: PrefetchPolicy = .uikit

    package typealias Engine = CollectionView<AnyIdentifier, AnyIdentifier>

    package let engine: Engine
    /// The layout; assigning one is `setCollectionViewLayout(_:animated: false)`.
    open var collectionViewLayout: UICollectionViewLayout {
        get { currentLayout }
        set { setCollectionViewLayout(newValue, animated: false) }
    }
    private(set) var currentLayout: UICollectionViewLayout
    private(set) var compositional: UICollectionViewCompositionalLayout
    open weak var delegate: (any UICollectionViewDelegate)?
    /// The data source: a diffable data source sets itself here when made; a classic one (the
    /// app's counts and cells by index path) is read as UIKit reads it (CS1).
    open weak var dataSource: (any UICollectionViewDataSource)? {
        didSet { dataSourceDidChange() }
    }
    /// A classic data source's items, once the view has read them; the open batch of edits.
    var classicItems: ClassicItems?
    var classicBatch = ClassicBatch()
    /// Set while a classic data source's bridge is made (its diffable backing names itself the
    /// data source, which the app's must stay).
    var bridgingClassicSource = false
    open var allowsSelection = true
    open var allowsSelectionDuringEditing = false
    open var allowsMultipleSelectionDuringEditing = false
    /// Editing mode (list cells show their editing accessories); visible cells update their
    /// configuration when it changes.
    open var isEditing = false {
        didSet {
            guard isEditing != oldValue else { return }
            for cell in visibleCells { cell.setNeedsUpdateConfiguration() }
        }
    }
    /// Runs before each layout cycle (a table view loads its rows lazily, at its first layout).
    var willLayout: (() -> Void)?
    /// Set by a diffable data source with reordering handlers: moves a row, or says it cannot.
    var reorderer: ((IndexPath, IndexPath) throws -> Bool)?
    /// The section whose cell request is running (configuration counts go to it).
    var requestingSection: AnyIdentifier?
    /// What keeps the identifiers applied to the view interned.
    var heldIdentifiers = HeldIdentifiers()
    open var allowsMultipleSelection = false
    /// Whether cells (and a prefetch data source's data) are requested before they are visible;
    /// true by default, as in UIKit (PF1).
    open var isPrefetchingEnabled = true {
        didSet { updatePrefetching() }
    }
    /// Told about items before their cells are requested (`prefetchItemsAt`), and when they no
    /// longer will be (`cancelPrefetchingForItemsAt`); counted as `dataPrefetched` and
    /// `dataPrefetchCancelled`.
    open weak var prefetchDataSource: (any UICollectionViewDataSourcePrefetching)? {
        didSet { updatePrefetching() }
    }
    /// The policy this view was created with (`UICollectionView.prefetchPolicy` then).
    let createdPrefetchPolicy: PrefetchPolicy
    open var backgroundView: UIView?
    public internal(set) var indexPathsForSelectedItems: [IndexPath]? = []

    // Set by the diffable data source.
    var cellProvider: ((IndexPath, AnyIdentifier) -> UICollectionViewCell?)?
    var supplementaryProvider: ((String, IndexPath) -> UICollectionReusableView?)?

    var cellFactories: [String: () -> UICollectionViewCell] = [:]
    var supplementaryFactories: [String: () -> UICollectionReusableView] = [:]
    /// The cell object of each engine cell handle, and back.
    var cellObjects: [Int: UICollectionViewCell] = [:]
    var handles: [ObjectIdentifier: CellHandle] = [:]
    /// The last cell dequeued during the cell request in progress.
    var lastDequeuedCell: UICollectionViewCell?
    var lastDequeuedSupplementary: UICollectionReusableView?
    var supplementaryPools: [String: [UICollectionReusableView]] = [:]
    var displayedSupplementaries: [SupplementaryKey: UICollectionReusableView] = [:]
    /// Decoration views on screen and waiting for reuse (G1.13.5), by kind.
    var displayedDecorations: [SupplementaryKey: UICollectionReusableView] = [:]
    var decorationPools: [String: [UICollectionReusableView]] = [:]
    /// Registrations already registered with this view, by registration number.
    var registeredRegistrations: Set<Int> = []
    var safeArea: NSDirectionalEdgeInsets = .zero
    var suppressBoundsCallback = false
    /// What a layout of the app's own said a size change in progress invalidates.
    private var pendingSizeInvalidation: UICollectionViewLayoutInvalidationContext?
    /// Receives every engine event after the view has handled it (the simulator's log).
    var eventObserver: ((CollectionViewEvent<AnyIdentifier, AnyIdentifier>) -> Void)?
    /// Receives what UIKit would log about the layout (a flow layout's undefined item size).
    var warningHandler: ((String) -> Void)?
    /// Reuse identifiers of cells already warned about for keeping their estimated size.
    var cellsWarnedForEstimates: Set<String> = []
    var cellsWarnedForConstraints: Set<String> = []
    /// Told each call into a layout of the app's own that costs it work (`prepare()`, update
    /// preparations), for the simulator's event log.
    var layoutCallHandler: ((String) -> Void)?
    /// Animates `setContentOffset(_:animated: true)` when a simulator drives the view.
    var offsetAnimator: ((CGFloat) -> Void)?

    /// How many cell or supplementary requests are running (a registration made inside one is
    /// UIKit's error).
    static var requestDepth = 0

    struct SupplementaryKey: Hashable {
        var kind: String
        var indexPath: IndexPath
    }

    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        let compositional = layout.engineLayout
        self.currentLayout = layout
        self.compositional = compositional
        createdPrefetchPolicy = Self.prefetchPolicy
        engine = Engine(
            layout: compositional.core, context: LayoutContext(size: frame.size.core),
            policy: Self.invalidationPolicy, prefetch: Self.prefetchPolicy, displayed: false)
        super.init(frame: frame)
        compositional.collectionView = self
        layout.collectionView = self
        engine.eventHandler = { [unowned self] event in MainActor.assumeIsolated { self.handle(event) } }
        engine.supplementaryViewProvider = { [unowned self] _, kind, path in
            MainActor.assumeIsolated {
                self.provideSupplementary(kind: kind, at: self.appSupplementaryPath(kind: kind, engine: IndexPath(path)))
            }
        }
    }

    /// Installs `newLayout` in place of the current one.
    func replaceLayout(with newLayout: UICollectionViewLayout) {
        guard newLayout !== currentLayout else { return }
        compositional.collectionView = nil
        currentLayout.collectionView = nil
        currentLayout = newLayout
        compositional = newLayout.engineLayout
        newLayout.collectionView = self
        compositional.collectionView = self
        perform { [compositional] engine in try engine.replaceLayout(compositional.core) }
    }

    private func updatePrefetching() {
        engine.prefetch = isPrefetchingEnabled ? createdPrefetchPolicy : .disabled
        engine.reportsDataPrefetching = isPrefetchingEnabled && prefetchDataSource != nil && createdPrefetchPolicy.isEnabled
    }

    /// Storyboards are not supported.
    public required init?(coder: NSCoder) { nil }

    // MARK: Layout

    /// Lays the view out: the first layout pass (and the first cells) the first time, then a pass
    /// when the layout is stale (B1.1). Self-sizing cells can leave it stale again; like UIKit's
    /// layout loop it runs until the layout settles (at most `maxLayoutRounds` passes).
    open override func layoutIfNeeded() {
        willLayout?()
        classicSource()?.loadIfNeeded()
        currentLayout.customBridge?.willLayout()
        perform { engine in
            if engine.isDisplayed { try engine.layoutIfNeeded() } else { try engine.display() }
            var rounds = 1
            while engine.layout.needsLayout, rounds < Self.maxLayoutRounds {
                try engine.layoutIfNeeded()
                rounds += 1
            }
        }
    }

    /// A bound on layout passes per layout cycle, against cells whose preferred size never settles.
    static let maxLayoutRounds = 8

    /// Brings the layout up to date for a layout query: a pass if it is stale, and for a view on
    /// screen its cells too; a view that has not laid out yet only prepares the layout (no cells),
    /// as UIKit's layout does when asked for attributes early.
    func prepareLayout() {
        willLayout?()
        classicSource()?.loadIfNeeded()
        currentLayout.customBridge?.willLayout()
        perform { engine in
            if engine.isDisplayed { try engine.layoutIfNeeded() } else { try engine.prepareLayoutIfNeeded() }
        }
    }

    /// Marks the view for layout; the next `layoutIfNeeded` or simulator frame runs it.
    open override func setNeedsLayout() {}

    /// Invalidates the layout and requests every visible cell again (reloadData: N provider calls,
    /// every visible cell re-requested, UIKit model 2.2, 2.3).
    open func reloadData() {
        if let classic = classicSource() {
            classic.reloadData()
            return
        }
        perform { engine in try engine.applyUsingReloadData(engine.dataSource.snapshot()) }
    }

    public var numberOfSections: Int {
        classicSource()?.loadIfNeeded()
        return engine.dataSource.snapshot().numberOfSections
    }

    public func numberOfItems(inSection section: Int) -> Int {
        classicSource()?.loadIfNeeded()
        let snapshot = engine.dataSource.snapshot()
        guard section >= 0, section < snapshot.numberOfSections else { return 0 }
        return snapshot.items(atSectionIndex: section).count
    }

    /// A cell's attributes, from the layout (a layout of the app's own is asked, and counted).
    public func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        if let bridge = currentLayout.customBridge { return bridge.itemAttributes(at: indexPath) }
        return compositional.layoutAttributesForItem(at: indexPath)
    }

    public func layoutAttributesForSupplementaryElement(
        ofKind kind: String, at indexPath: IndexPath
    )
        -> UICollectionViewLayoutAttributes?
    {
        if currentLayout.customBridge != nil {
            return currentLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
        }
        return compositional.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// The engine's context for this view's size and safe area.
    var context: LayoutContext {
        var context = engine.context
        context.size = frame.size.core
        context.safeAreaInsets = safeArea.core
        return context
    }

    override func boundsSizeDidChange() {
        guard !suppressBoundsCallback else { return }
        // A bounds-size change (rotation) re-queries every section on the next pass (2.2).
        perform { engine in try engine.setContext(context) }
    }

    open override var safeAreaInsets: UIEdgeInsets {
        UIEdgeInsets(top: safeArea.top, left: safeArea.leading, bottom: safeArea.bottom, right: safeArea.trailing)
    }

    /// Widens the scrollable range and moves where pinned views rest, as the safe area does; the
    /// layout keeps its frames (U4). The offset stays where it is until it is set.
    open override var contentInset: UIEdgeInsets {
        didSet {
            engine.contentInsets =
                NSDirectionalEdgeInsets(
                    top: contentInset.top, leading: contentInset.left, bottom: contentInset.bottom, trailing: contentInset.right
                ).core
        }
    }

    /// Puts the view on a screen (a simulator's device): size, safe area and traits, keeping a
    /// view at rest at its resting offset (U4).
    func placeOnScreen(size: CGSize, safeArea insets: NSDirectionalEdgeInsets, traits: TraitCollection) {
        let wasAtRest = engine.contentOffset == engine.contentOffsetRange.lowerBound
        safeArea = insets
        // Set the frame without the didSet's own context change: one context change, one pass.
        suppressBoundsCallback = true
        frame = CGRect(origin: frame.origin, size: size)
        suppressBoundsCallback = false
        // A table's own frame is what the app reads (`tableView.frame.height`): the same size.
        if let table = (delegate as? TableViewBridge)?.table, table.frame.size != size {
            table.frame = CGRect(origin: table.frame.origin, size: size)
        }
        var context = self.context
        context.traitCollection = traits
        assignedTraits = UITraitCollection(traits)
        perform { engine in
            try engine.setContext(context)
            if wasAtRest { try engine.setContentOffset(engine.contentOffsetRange.lowerBound) }
        }
    }

    /// The main content offset (y for a vertical layout). Setting it scrolls without animation and
    /// clamps to the content (no bounce, P1.6); cells are realised at once (B1.4: no section
    /// provider call).
    open override var contentOffset: CGPoint {
        get {
            let offset = CGFloat(engine.contentOffset)
            return mainAxis == .vertical ? CGPoint(x: 0, y: offset) : CGPoint(x: offset, y: 0)
        }
        set { setMainOffset(mainAxis == .vertical ? newValue.y : newValue.x) }
    }

    /// A new size is a bounds change a layout of the app's own is asked about first (CL3).
    open override var frame: CGRect {
        willSet {
            guard newValue.size != frame.size, let bridge = currentLayout.customBridge else { return }
            pendingSizeInvalidation = bridge.invalidationForBoundsChange(to: CGRect(origin: contentOffset, size: newValue.size))
        }
        didSet {
            guard let context = pendingSizeInvalidation else { return }
            pendingSizeInvalidation = nil
            currentLayout.invalidateLayout(with: context)
        }
    }

    /// The visible rectangle in content coordinates: its origin is the content offset, as UIKit's
    /// scroll views have it (a layout of the app's own reads it to pin or scale elements).
    open override var bounds: CGRect {
        get { CGRect(origin: contentOffset, size: frame.size) }
        set { frame.size = newValue.size }
    }

    /// The scrollable content size (G1.7.3).
    open override var contentSize: CGSize {
        get { compositional.collectionViewContentSize }
        set {}
    }

    // MARK: Running engine calls

    /// Runs an engine call; its errors become UIKit exceptions. Does nothing once an exception is
    /// pending (the app would have crashed).
    @discardableResult
    func perform<T>(_ body: (Engine) throws -> T) -> T? {
        guard !UIKitException.isPending else { return nil }
        do {
            return try body(engine)
        } catch {
            // An exception raised inside a callback unwinds through the engine; report it, not the
            // engine's wrapping of it.
            if !UIKitException.isPending {
                let message = (error as? CollectionViewError)?.description ?? String(describing: error)
                UIKitException.raise(message)
            }
            return nil
        }
    }
}
