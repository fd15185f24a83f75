import CompositionalLayout
import Foundation

/// Lays out a layout of the app's own with the engine: on each layout pass that follows an
/// invalidation it calls the app's `prepare()`, reads the content size and the attributes of the
/// whole content (CL1, CL2), and hands them to the engine as one section per data-source section
/// whose items sit at the app's frames. Cells, reuse, prefetching and the simulator's counts then
/// work as for every other layout.
@MainActor
final class CustomLayoutBridge {
    unowned let layout: UICollectionViewLayout
    /// The engine-facing layout the collection view lays out.
    let backing: UICollectionViewCompositionalLayout
    private(set) var counts = CustomLayoutCounts()

    /// What the app's layout said at its last preparation.
    private var attributes = PreparedAttributes()
    /// The layout pass whose preparation ran last.
    private var preparedPass = -1
    /// Set by an invalidation of the app's (or UIKit's on its behalf): the next pass prepares.
    private var needsPreparation = true
    /// Set when a preparation ran ahead of its pass (to choose the scroll axis first).
    private var preparedAhead = false
    /// Set while the app's layout prepares and answers.
    private var isPreparing = false
    /// Set by an update of the data (the engine invalidates the layout for it).
    private var dataChangedSincePreparation = false
    /// Updates applied since the last preparation, told to the layout after the next one (CL4).
    private var pendingUpdates: [[UICollectionViewUpdateItem]] = []

    init(layout: UICollectionViewLayout) {
        self.layout = layout
        let relay = CustomSectionRelay()
        backing = UICollectionViewCompositionalLayout(
            coreSectionProvider: { index, environment in
                relay.bridge?.section(index, environment: environment) ?? SectionDescriptions.emptySection
            },
            configuration: Self.configuration(.vertical))
        relay.bridge = self
    }

    private static func configuration(_ axis: Axis) -> LayoutConfiguration {
        // Frames are the app's, in content coordinates: no insets of the engine's own.
        LayoutConfiguration(scrollDirection: axis, contentInsetsReference: .none, selfSizingRequeriesProvider: false)
    }

    // MARK: Invalidation (CL3)

    /// `invalidateLayout(with:)` reached the base class: the next pass prepares again.
    func invalidate(_ context: UICollectionViewLayoutInvalidationContext) {
        counts.invalidations += 1
        followDeclaredAxis()
        // An invalidation from inside prepare() (a flow subclass setting its item size) is
        // covered by the preparation under way.
        guard !isPreparing else { return }
        needsPreparation = true
        backing.core.invalidate(.everything)
    }

    /// The collection view's bounds are about to become `newBounds` (a scrolled frame, a new
    /// size): the layout is asked whether that invalidates it, and for a yes, with which context;
    /// the caller invalidates with it once the bounds have changed (CL3).
    func invalidationForBoundsChange(to newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext? {
        counts.shouldInvalidateForBoundsChange += 1
        guard layout.shouldInvalidateLayout(forBoundsChange: newBounds) else { return nil }
        counts.boundsChangeInvalidations += 1
        return layout.invalidationContext(forBoundsChange: newBounds)
    }

    /// A cell preferred `preferred` over the layout's `original` attributes: the layout is asked
    /// whether that invalidates it, and for a yes invalidated with its context (CL8).
    func cellPreferred(_ preferred: UICollectionViewLayoutAttributes, over original: UICollectionViewLayoutAttributes) {
        counts.shouldInvalidateForPreferredAttributes += 1
        guard layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original) else {
            return
        }
        counts.preferredAttributesInvalidations += 1
        layout.invalidateLayout(
            with: layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))
    }

    // MARK: Passes (CL1, CL2)

    /// Scrolls along the axis the layout declares (a flow subclass's `scrollDirection`), so an
    /// offset the app sets before the first layout cycle is taken along it.
    func followDeclaredAxis() {
        if let axis = layout.preferredScrollAxis, axis != backing.core.configuration.scrollDirection {
            backing.setCoreConfiguration(Self.configuration(axis))
        }
    }

    /// Before a layout cycle: the first preparation runs here, so the scroll axis (from the
    /// content size against the bounds) is known before the engine's first pass.
    func willLayout() {
        followDeclaredAxis()
        guard preparedPass < 0, !preparedAhead, let collectionView = layout.collectionView,
            collectionView.bounds.width > 0, collectionView.bounds.height > 0
        else { return }
        prepareApp(in: collectionView, dataChanged: true)
        preparedAhead = true
        let axis =
            layout.preferredScrollAxis ?? scrollAxis(content: attributes.contentSize, bounds: collectionView.bounds.size)
        if axis != backing.core.configuration.scrollDirection { backing.setCoreConfiguration(Self.configuration(axis)) }
    }

    /// The first section query of a pass prepares the app's layout when an invalidation (or a
    /// data change) made it stale; a bounds change the layout declined keeps its attributes.
    private func beginPassIfNeeded() {
        let pass = backing.core.statistics.layoutPasses
        guard pass != preparedPass else { return }
        preparedPass = pass
        guard let collectionView = layout.collectionView else { return }
        // Data changes and invalidations prepare the layout again; a bounds change, new traits or
        // a self-sized cell the layout was not invalidated for keep its attributes (CL1). Data
        // changes invalidate as the app's own invalidations do, so they are told apart first.
        let dataChanged =
            dataChangedSincePreparation
            || backing.core.pendingInvalidations.contains { invalidation in
                switch invalidation {
                case .initial, .sections, .configurationChange: true
                case .everything, .boundsSizeChange, .environmentChange, .selfSizing: false
                }
            }
        if preparedAhead {
            preparedAhead = false
            needsPreparation = false
            dataChangedSincePreparation = false
            return
        }
        guard needsPreparation || dataChanged else { return }
        needsPreparation = false
        prepareApp(in: collectionView, dataChanged: dataChanged)
    }

    /// `prepare()`, the content size, and the attributes of the whole content; items the
    /// whole-content query left out are asked for one by one.
    private func prepareApp(in collectionView: UICollectionView, dataChanged: Bool) {
        dataChangedSincePreparation = false
        isPreparing = true
        defer { isPreparing = false }
        layout.bridgeWillPrepare(dataChanged: dataChanged)
        counts.prepares += 1
        collectionView.layoutCallHandler?(
            "prepare() #\(counts.prepares) of \(type(of: layout))\(dataChanged ? " for new data" : "")")
        layout.prepare()
        let contentSize = layout.collectionViewContentSize
        counts.elementsInRect += 1
        let elements = layout.layoutAttributesForElements(in: CGRect(origin: .zero, size: contentSize)) ?? []
        var prepared = PreparedAttributes(contentSize: contentSize)
        let sectionCount = collectionView.numberOfSections
        prepared.items = (0..<sectionCount).map { Array(repeating: nil, count: collectionView.numberOfItems(inSection: $0)) }
        prepared.supplementaries = Array(repeating: [], count: sectionCount)
        prepared.decorations = Array(repeating: [], count: sectionCount)
        for element in elements {
            let path = element.indexPath
            guard path.section >= 0, path.section < sectionCount else { continue }
            switch element.representedElementCategory {
            case .cell:
                if path.item >= 0, path.item < prepared.items[path.section].count {
                    prepared.items[path.section][path.item] = PreparedAttributes.Cell(
                        frame: element.frame, zIndex: element.zIndex)
                }
            case .supplementaryView:
                prepared.supplementaries[path.section].append(element)
            case .decorationView:
                prepared.decorations[path.section].append(element)
            }
        }
        for section in prepared.items.indices {
            for item in prepared.items[section].indices where prepared.items[section][item] == nil {
                counts.itemAttributes += 1
                if let single = layout.layoutAttributesForItem(at: IndexPath(item: item, section: section)) {
                    prepared.items[section][item] = PreparedAttributes.Cell(frame: single.frame, zIndex: single.zIndex)
                }
            }
        }
        prepared.placeSections(along: backing.core.configuration.scrollDirection)
        for dropped in prepared.droppedDecorations {
            collectionView.warningHandler?(
                "scrollsim shows one decoration view of a kind per section: \(dropped.representedElementKind ?? "") at \(dropped.indexPath) is not shown"
            )
        }
        attributes = prepared
        // UIKit tells a layout of an update after preparing it for the new data (CL4).
        let updates = pendingUpdates
        pendingUpdates = []
        for items in updates {
            counts.updatePreparations += 1
            collectionView.layoutCallHandler?("prepare(forCollectionViewUpdates:) with \(items.count) changes")
            layout.prepare(forCollectionViewUpdates: items)
            layout.finalizeCollectionViewUpdates()
        }
    }

    /// The axis the content scrolls along: horizontal when it is wider than the bounds and no
    /// taller (CL1 [B]: UIKit scrolls a custom layout along either axis its content exceeds).
    private func scrollAxis(content: CGSize, bounds: CGSize) -> Axis {
        content.width > bounds.width && content.height <= bounds.height ? .horizontal : .vertical
    }

    /// Section `index` in the engine's terms: one custom group holding its items at the app's
    /// frames, its headers and footers as overlaying supplementaries at theirs.
    func section(_ index: Int, environment: LayoutEnvironment) -> LayoutSection {
        beginPassIfNeeded()
        let axis = backing.core.configuration.scrollDirection
        return attributes.section(
            index, along: axis, crossLength: environment.container.effectiveContentSize.length(along: axis.other))
    }

    /// The app's index path of the supplementary the engine places at `enginePath`.
    func appIndexPath(ofSupplementary kind: String, at enginePath: IndexPath) -> IndexPath {
        attributes.supplementaryPath(kind: kind, enginePath: enginePath) ?? enginePath
    }

    /// The engine's index path of the app's supplementary at `appPath`.
    func engineIndexPath(ofSupplementary kind: String, at appPath: IndexPath) -> IndexPath {
        attributes.enginePath(kind: kind, appPath: appPath) ?? appPath
    }

    /// A cell's attributes as the collection view asks the layout for them (counted).
    func itemAttributes(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        counts.itemAttributes += 1
        return layout.layoutAttributesForItem(at: indexPath)
    }

    // MARK: Updates and flings (CL4, CL5)

    /// The data changed: the next pass prepares the layout again.
    func dataDidChange() { dataChangedSincePreparation = true }

    /// An update was applied: after the preparation for the new data the layout is told its
    /// items, then its end.
    func didApply(_ items: [UICollectionViewUpdateItem]) { pendingUpdates.append(items) }

    /// Where a fling at `velocity` (points per second) proposed to rest at `proposed` (main-axis
    /// offset) rests: the layout's answer.
    func targetOffset(proposed: CGFloat, velocity: CGFloat) -> CGFloat {
        counts.targetContentOffsets += 1
        let vertical = backing.core.configuration.scrollDirection == .vertical
        let velocity = velocity * UICollectionViewLayout.flingVelocityUnit.perPointPerSecond
        let target = layout.targetContentOffset(
            forProposedContentOffset: vertical ? CGPoint(x: 0, y: proposed) : CGPoint(x: proposed, y: 0),
            withScrollingVelocity: vertical ? CGPoint(x: 0, y: velocity) : CGPoint(x: velocity, y: 0))
        return vertical ? target.y : target.x
    }
}

/// Hands the engine's section queries to the bridge (made before the bridge itself is).
@MainActor
private final class CustomSectionRelay {
    weak var bridge: CustomLayoutBridge?
}
