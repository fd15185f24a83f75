import CompositionalLayout
import Foundation

/// A line-based layout (UIKit's `UICollectionViewFlowLayout`): items fill lines across the
/// scrolling direction and lines stack along it, section by section, each section with an optional
/// header and footer (FL1 to FL4). Sizes come from the properties below or, section by section,
/// from the collection view's delegate when it is a `UICollectionViewDelegateFlowLayout` (FL5);
/// every delegate call is counted in `counts`.
///
/// Laid out by the same engine as compositional layouts: each section becomes one compositional
/// section whose groups hold the flow's lines, so cells, reuse, prefetching and the simulator's
/// counts work as they do there.
@preconcurrency @MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// Where a section's insets are measured from (FL4).
    public enum SectionInsetReference: Int, Sendable {
        case fromContentInset = 0, fromSafeArea, fromLayoutMargins
    }

    /// `estimatedItemSize` for cells that size themselves from scratch: the running average of
    /// the sizes measured so far stands in for the ones not measured yet (FL7).
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)
    static let defaultItemSize = CGSize(width: 50, height: 50)

    open var scrollDirection: UICollectionView.ScrollDirection = .vertical {
        didSet { if scrollDirection != oldValue { configurationDidChange() } }
    }
    open var itemSize = UICollectionViewFlowLayout.defaultItemSize {
        didSet { if itemSize != oldValue { invalidateLayout() } }
    }
    /// Non-zero: cells size themselves (FL7), starting from this size.
    open var estimatedItemSize = CGSize.zero {
        didSet { if estimatedItemSize != oldValue { invalidateLayout() } }
    }
    open var minimumLineSpacing: CGFloat = 10 {
        didSet { if minimumLineSpacing != oldValue { invalidateLayout() } }
    }
    open var minimumInteritemSpacing: CGFloat = 10 {
        didSet { if minimumInteritemSpacing != oldValue { invalidateLayout() } }
    }
    open var sectionInset = UIEdgeInsets.zero {
        didSet { if sectionInset != oldValue { invalidateLayout() } }
    }
    open var sectionInsetReference = SectionInsetReference.fromContentInset {
        didSet { if sectionInsetReference != oldValue { configurationDidChange() } }
    }
    /// The header's extent along the scrolling direction (its height in a vertical layout); zero
    /// for no header.
    open var headerReferenceSize = CGSize.zero {
        didSet { if headerReferenceSize != oldValue { invalidateLayout() } }
    }
    open var footerReferenceSize = CGSize.zero {
        didSet { if footerReferenceSize != oldValue { invalidateLayout() } }
    }
    open var sectionHeadersPinToVisibleBounds = false {
        didSet { if sectionHeadersPinToVisibleBounds != oldValue { invalidateLayout() } }
    }
    open var sectionFootersPinToVisibleBounds = false {
        didSet { if sectionFootersPinToVisibleBounds != oldValue { invalidateLayout() } }
    }

    /// How the last line of a section of items of different sizes is placed: from its start at
    /// the minimum spacing (UIKit's default as we read it, FL2 [S]).
    public var lastLineAlignment = FlowLineAlignment.leading {
        didSet { if lastLineAlignment != oldValue { invalidateLayout() } }
    }

    /// What this layout asked the delegate and did, since it was made (FL5, FL6).
    public private(set) var counts = FlowLayoutCounts()

    /// The engine-facing layout that lays the flow's sections out.
    let backing: UICollectionViewCompositionalLayout
    private let relay: FlowSectionRelay
    /// Each section's delegate answers, kept until data or an explicit invalidation changes them
    /// (a bounds change keeps them, FL6).
    private var metrics: [Int: FlowSectionMetrics] = [:]
    /// Self-sized cells' measured sizes, by index path (FL7).
    var measuredSizes: [IndexPath: CGSize] = [:]
    /// The layout pass whose `prepare()` ran last.
    private var preparedPass = -1
    private var warned: Set<String> = []

    public override init() {
        let relay = FlowSectionRelay()
        self.relay = relay
        backing = UICollectionViewCompositionalLayout(
            coreSectionProvider: { index, environment in
                relay.layout?.section(index, environment: environment) ?? FlowSectionRelay.empty
            },
            configuration: Self.configuration(scrollDirection: .vertical, reference: .fromContentInset))
        super.init()
        relay.layout = self
    }

    public required init?(coder: NSCoder) { nil }

    /// A subclass may change the flow's attributes in its own overrides, so it is laid out as a
    /// layout of the app's own whose base answers are the flow's (CL7); the flow itself is laid
    /// out directly.
    override var engineLayout: UICollectionViewCompositionalLayout { isSubclass ? bridge.backing : backing }

    private var isSubclass: Bool { type(of: self) != UICollectionViewFlowLayout.self }

    override var preferredScrollAxis: Axis? { scrollDirection == .vertical ? .vertical : .horizontal }

    // MARK: Invalidation and preparation

    /// Marks the layout stale: the next layout pass asks the delegate again for every section
    /// (FL6).
    open override func invalidateLayout() {
        counts.invalidations += 1
        metrics.removeAll()
        backing.invalidateLayout()
        if isSubclass { super.invalidateLayout() }
    }

    /// A new size changes the lines; with pinned headers or footers every scroll moves them
    /// (CL7).
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return false }
        let pins = sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds
        return newBounds.size != collectionView.bounds.size || (pins && newBounds.origin != collectionView.bounds.origin)
    }

    /// A subclass's data changed: the delegate is asked again at the flow's next pass (FL6).
    override func bridgeWillPrepare(dataChanged: Bool) {
        if dataChanged { backing.core.invalidate(.everything) }
    }

    /// Lays the flow's own lines out when a subclass is laid out through the bridge (the engine
    /// lays out the bridge, not the flow).
    private func prepareDetachedBacking() {
        guard isSubclass, let collectionView else { return }
        let counts = (0..<collectionView.numberOfSections).map { collectionView.numberOfItems(inSection: $0) }
        do {
            _ = try backing.core.prepare(context: collectionView.context, itemCounts: counts)
        } catch {
            UIKitException.raise("laying out \(type(of: self)): \(error.description)")
        }
    }

    /// Runs at the start of every layout pass that lays sections out again; a subclass that
    /// overrides it calls `super.prepare()`.
    open override func prepare() {}

    open override var collectionViewContentSize: CGSize {
        prepareDetachedBacking()
        return backing.collectionViewContentSize
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        prepareDetachedBacking()
        // Laid out through the bridge, the flow pins its headers where the view's offset puts them.
        if isSubclass, let pinning = collectionView?.engine.pinning {
            return backing.core.elements(in: rect.core, pinning: pinning).map(UICollectionViewLayoutAttributes.init)
        }
        return backing.layoutAttributesForElements(in: rect)
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        prepareDetachedBacking()
        return backing.layoutAttributesForItem(at: indexPath)
    }

    open override func layoutAttributesForSupplementaryView(
        ofKind elementKind: String, at indexPath: IndexPath
    )
        -> UICollectionViewLayoutAttributes?
    {
        prepareDetachedBacking()
        return backing.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath)
    }

    private func configurationDidChange() {
        backing.setCoreConfiguration(Self.configuration(scrollDirection: scrollDirection, reference: sectionInsetReference))
        metrics.removeAll()
        if isSubclass { super.invalidateLayout() }
    }

    private static func configuration(
        scrollDirection: UICollectionView.ScrollDirection, reference: SectionInsetReference
    )
        -> LayoutConfiguration
    {
        let insetsReference: ContentInsetsReference =
            switch reference {
            case .fromContentInset: .none
            case .fromSafeArea: .safeArea
            case .fromLayoutMargins: .layoutMargins
            }
        // Sections follow one another with no gap; a self-sized cell re-lays the flow out without
        // asking the delegate again (FL6, FL7).
        return LayoutConfiguration(
            scrollDirection: scrollDirection == .vertical ? .vertical : .horizontal, contentInsetsReference: insetsReference,
            selfSizingRequeriesProvider: true)
    }

    // MARK: Sections

    /// Section `index` as the engine lays it out: the delegate's metrics (asked again when data or
    /// an invalidation made them stale), broken into lines.
    func section(_ index: Int, environment: LayoutEnvironment) -> LayoutSection {
        beginPassIfNeeded()
        guard let collectionView else { return FlowSectionRelay.empty }
        let metrics = metrics[index] ?? askDelegate(section: index, in: collectionView)
        self.metrics[index] = metrics
        let direction: Axis = scrollDirection == .vertical ? .vertical : .horizontal
        let insets = metrics.inset
        let flow = FlowSection(
            itemSizes: itemSizes(metrics, section: index).map(\.core),
            inset: DirectionalEdgeInsets(
                top: Double(insets.top), leading: Double(insets.left), bottom: Double(insets.bottom),
                trailing: Double(insets.right)),
            minimumLineSpacing: Double(metrics.lineSpacing), minimumInteritemSpacing: Double(metrics.interitemSpacing),
            headerReferenceSize: metrics.header.core, footerReferenceSize: metrics.footer.core)
        let container = environment.container.effectiveContentSize
        let available = flow.lineLength(container: container, scrollDirection: direction)
        for size in Set(flow.itemSizes) {
            warnIfTooLong(direction == .vertical ? size.width : size.height, available: available, section: index)
        }
        return .flow(flow, itemCount: metrics.itemCount, style: style, scrollDirection: direction, container: container)
    }

    private var style: FlowLayoutStyle {
        FlowLayoutStyle(
            sectionHeadersPinToVisibleBounds: sectionHeadersPinToVisibleBounds,
            sectionFootersPinToVisibleBounds: sectionFootersPinToVisibleBounds, lastLineAlignment: lastLineAlignment,
            headerElementKind: UICollectionView.elementKindSectionHeader,
            footerElementKind: UICollectionView.elementKindSectionFooter)
    }

    /// The first section query of a layout pass: `prepare()`, and the delegate's answers
    /// forgotten when the pass answers a data change or an invalidation (FL6).
    private func beginPassIfNeeded() {
        let pass = backing.core.statistics.layoutPasses
        guard pass != preparedPass else { return }
        preparedPass = pass
        counts.prepares += 1
        if LayoutInvalidation.asksFlowDelegate(backing.core.pendingInvalidations) { metrics.removeAll() }
        // A subclass's prepare() runs from the bridge, once per its own preparation (CL7).
        if !isSubclass { prepare() }
    }

    /// The delegate's answers for a section, in UIKit's order: every item's size, then the inset,
    /// the spacings, the header and the footer (FL5).
    private func askDelegate(section: Int, in collectionView: UICollectionView) -> FlowSectionMetrics {
        let count = collectionView.numberOfItems(inSection: section)
        guard let delegate = collectionView.delegate as? any UICollectionViewDelegateFlowLayout else {
            return FlowSectionMetrics(
                itemCount: count, sizes: nil, inset: sectionInset, lineSpacing: minimumLineSpacing,
                interitemSpacing: minimumInteritemSpacing, header: headerReferenceSize, footer: footerReferenceSize)
        }
        var sizes: [CGSize]?
        if count > 0,
            let first = ask(
                \.sizeForItem,
                { delegate.collectionView(collectionView, layout: self, sizeForItemAt: IndexPath(item: 0, section: section)) })
        {
            var all = [first]
            all.reserveCapacity(count)
            for item in 1..<count {
                all.append(
                    delegate.collectionView(collectionView, layout: self, sizeForItemAt: IndexPath(item: item, section: section)))
            }
            counts.sizeForItem += count - 1
            collectionView.engine.countSizeForItemCalls(count, inSection: section)
            sizes = all
        }
        // UIKit's order after the sizes: inset, inter-item spacing, line spacing, header, footer.
        let inset = ask(\.insetForSection) { delegate.collectionView(collectionView, layout: self, insetForSectionAt: section) }
        let interitem = ask(\.minimumInteritemSpacing) {
            delegate.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: section)
        }
        let line = ask(\.minimumLineSpacing) {
            delegate.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section)
        }
        let header = ask(\.referenceSizeForHeader) {
            delegate.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: section)
        }
        let footer = ask(\.referenceSizeForFooter) {
            delegate.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: section)
        }
        return FlowSectionMetrics(
            itemCount: count, sizes: sizes, inset: inset ?? sectionInset, lineSpacing: line ?? minimumLineSpacing,
            interitemSpacing: interitem ?? minimumInteritemSpacing, header: header ?? headerReferenceSize,
            footer: footer ?? footerReferenceSize)
    }

    /// The delegate's answer and a count when the delegate implements the method; nil when the
    /// default answered (the layout's own property applies, and nothing of the app's ran).
    private func ask<T>(_ count: WritableKeyPath<FlowLayoutCounts, Int>, _ call: () -> T) -> T? {
        FlowDelegateDefault.answered = false
        let answer = call()
        if FlowDelegateDefault.answered { return nil }
        counts[keyPath: count] += 1
        return answer
    }

    /// The items' sizes: one size for all when they share it (no self-sizing, no delegate sizes),
    /// else each item's, a measured size winning over the delegate's and the estimate (FL7).
    private func itemSizes(_ metrics: FlowSectionMetrics, section: Int) -> [CGSize] {
        guard estimatedItemSize != .zero else { return metrics.sizes ?? [itemSize] }
        let estimate = estimatedItemSize == Self.automaticSize ? averageMeasuredSize() : estimatedItemSize
        return (0..<metrics.itemCount).map { item in
            measuredSizes[IndexPath(item: item, section: section)] ?? metrics.sizes?[item] ?? estimate
        }
    }

    private func averageMeasuredSize() -> CGSize {
        guard !measuredSizes.isEmpty else { return Self.defaultItemSize }
        let total = measuredSizes.values.reduce(CGSize.zero) { CGSize(width: $0.width + $1.width, height: $0.height + $1.height) }
        return CGSize(width: total.width / CGFloat(measuredSizes.count), height: total.height / CGFloat(measuredSizes.count))
    }

    private func warnIfTooLong(_ length: Double, available: Double, section: Int) {
        guard length > available + FlowLines.tolerance else { return }
        let message =
            "The behavior of the UICollectionViewFlowLayout is not defined because: the item \(scrollDirection == .vertical ? "width" : "height") must be less than the \(scrollDirection == .vertical ? "width" : "height") of the UICollectionView minus the section insets \(scrollDirection == .vertical ? "left and right" : "top and bottom") values, minus the content insets \(scrollDirection == .vertical ? "left and right" : "top and bottom") values (section \(section): item \(length) points, line \(available) points)."
        guard warned.insert(message).inserted else { return }
        collectionView?.warningHandler?(message)
    }

    // MARK: Self-sizing (FL7)

    /// Records a self-sized cell's preferred size; a change lays the flow out again (without
    /// asking the delegate again). Returns whether the size changed.
    func recordMeasuredSize(_ size: CGSize, at indexPath: IndexPath) -> Bool {
        guard estimatedItemSize != .zero, size.width > 0, size.height > 0, measuredSizes[indexPath] != size else { return false }
        measuredSizes[indexPath] = size
        counts.selfSizingInvalidations += 1
        backing.core.invalidate(.selfSizing([indexPath.section]))
        // A subclass is prepared again, as UIKit's self-sizing invalidation does (CL7).
        if isSubclass { invalidateLayout(with: makeInvalidationContext()) }
        return true
    }
}

/// The delegate's answers for one section (FL5).
struct FlowSectionMetrics {
    var itemCount: Int
    /// Each item's size from `sizeForItemAt`; nil when the delegate does not implement it.
    var sizes: [CGSize]?
    var inset: UIEdgeInsets
    var lineSpacing: CGFloat
    var interitemSpacing: CGFloat
    var header: CGSize
    var footer: CGSize
}

/// Hands the engine's section queries to the flow layout (made before the layout itself is).
@MainActor
final class FlowSectionRelay {
    weak var layout: UICollectionViewFlowLayout?

    /// A section with nothing in it, for a layout no longer attached.
    static let empty = SectionDescriptions.emptySection
}
