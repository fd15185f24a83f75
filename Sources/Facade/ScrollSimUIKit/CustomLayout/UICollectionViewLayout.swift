import CompositionalLayout
import Foundation

/// The base of collection view layouts (UIKit's `UICollectionViewLayout`). Compositional and flow
/// layouts are scrollsim's own; a layout of the app's own subclasses this class and overrides
/// `prepare()`, `collectionViewContentSize` and the attributes methods, and the collection view
/// calls them as UIKit does, each call counted in `customLayoutCounts` (CL1 to CL6).
@preconcurrency @MainActor
open class UICollectionViewLayout {
    /// The collection view using this layout.
    public internal(set) weak var collectionView: UICollectionView?
    /// Decoration view classes by element kind (`register(_:forDecorationViewOfKind:)`).
    var decorationClasses: [String: UICollectionReusableView.Type] = [:]
    /// The engine's view of a layout of the app's own, made when a collection view first uses it.
    private(set) var customBridge: CustomLayoutBridge?

    public init() {}

    public required init?(coder: NSCoder) {}

    /// The compositional layout the engine lays out for this layout: itself, the one a flow
    /// layout builds, or the bridge that asks a layout of the app's own for its attributes.
    var engineLayout: UICollectionViewCompositionalLayout { bridge.backing }

    /// The bridge to a layout of the app's own (made on first use).
    var bridge: CustomLayoutBridge {
        if let customBridge { return customBridge }
        let bridge = CustomLayoutBridge(layout: self)
        customBridge = bridge
        return bridge
    }

    /// What the collection view asked this layout of the app's own, and how often (CL6); zero for
    /// compositional and flow layouts, whose own counts say what they did.
    public var customLayoutCounts: CustomLayoutCounts { customBridge?.counts ?? CustomLayoutCounts() }

    /// The axis a layout that knows it scrolls along (a flow layout); nil: decided from the
    /// content size (CL1).
    var preferredScrollAxis: Axis? { nil }

    /// Told before the bridge prepares this layout, and whether a data change is why.
    func bridgeWillPrepare(dataChanged: Bool) {}

    /// The class of the attributes this layout makes (for subclasses that add properties).
    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }
    /// The class of the invalidation contexts this layout makes.
    open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }

    // MARK: Preparing (CL1)

    /// Runs at the start of every layout pass after an invalidation: where a layout of the app's
    /// own computes its attributes.
    open func prepare() {}

    /// The size of the scrollable content.
    open var collectionViewContentSize: CGSize { .zero }

    // MARK: Attributes (CL2)

    /// The attributes of the elements meeting `rect`.
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }
    /// The attributes of one cell.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    open func layoutAttributesForSupplementaryView(
        ofKind elementKind: String, at indexPath: IndexPath
    )
        -> UICollectionViewLayoutAttributes?
    { nil }
    /// The attributes of a decoration view (`[section, 0]` for a section background).
    open func layoutAttributesForDecorationView(
        ofKind elementKind: String, at indexPath: IndexPath
    )
        -> UICollectionViewLayoutAttributes?
    { nil }

    /// Registers the view class the collection view creates for decoration items of `elementKind`
    /// (G1.13.5); nil removes the registration. A class that is not a `UICollectionReusableView`
    /// is UIKit's error.
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        guard let viewClass else {
            decorationClasses[elementKind] = nil
            return
        }
        guard let reusable = viewClass as? UICollectionReusableView.Type else {
            UIKitException.raise(
                "the class \(viewClass) registered for decoration views of kind \(elementKind) is not a subclass of UICollectionReusableView",
                name: "NSInvalidArgumentException")
            return
        }
        decorationClasses[elementKind] = reusable
    }

    // MARK: Invalidation (CL3)

    /// Marks the layout stale; the next layout cycle prepares it again (B1.1).
    open func invalidateLayout() { invalidateLayout(with: makeInvalidationContext()) }

    /// Marks the layout stale as `context` says; the base class lays everything out again.
    open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        customBridge?.invalidate(context)
    }

    /// Asked on every change of the collection view's bounds (each scrolled frame, a new size):
    /// true invalidates the layout with `invalidationContext(forBoundsChange:)`. The base class
    /// says no.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    open func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        let context = makeInvalidationContext()
        let old = collectionView?.bounds ?? .zero
        context.contentOffsetAdjustment = .zero
        context.contentSizeAdjustment = CGSize(width: newBounds.width - old.width, height: newBounds.height - old.height)
        return context
    }

    /// Asked when a cell's preferred attributes (`preferredLayoutAttributesFitting(_:)`) differ
    /// from the layout's: true invalidates the layout with
    /// `invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)`. The base class
    /// says no, so cells keep the layout's size (CL8).
    open func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> Bool { false }

    /// The context a self-sized cell invalidates with: the cell's item, and the change of the
    /// content size its new size makes along the scrolling direction (CL8 [B]).
    open func invalidationContext(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutInvalidationContext {
        let context = makeInvalidationContext()
        if originalAttributes.representedElementCategory == .cell { context.invalidateItems(at: [originalAttributes.indexPath]) }
        context.contentSizeAdjustment = CGSize(
            width: preferredAttributes.size.width - originalAttributes.size.width,
            height: preferredAttributes.size.height - originalAttributes.size.height)
        return context
    }

    // MARK: Appearing and disappearing elements

    /// Where an element starts when an update inserts it, or ends when it removes it: nil (its
    /// own attributes) in the base class. Nothing is animated here; a layout's answers are asked
    /// for and stored as UIKit asks for them.
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        nil
    }
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        nil
    }
    open func initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }
    open func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }
    open func initialLayoutAttributesForAppearingDecorationElement(
        ofKind elementKind: String, at decorationIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }
    open func finalLayoutAttributesForDisappearingDecorationElement(
        ofKind elementKind: String, at decorationIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// A new context of `invalidationContextClass`.
    func makeInvalidationContext() -> UICollectionViewLayoutInvalidationContext {
        (type(of: self).invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type)?.init()
            ?? UICollectionViewLayoutInvalidationContext()
    }

    // MARK: Updates and scrolling (CL4, CL5)

    /// Told the items of an update before it is laid out (inserts, deletes, moves, reloads).
    open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}
    /// Told that an update's layout is done.
    open func finalizeCollectionViewUpdates() {}
    open func prepareForAnimatedBoundsChange(_ oldBounds: CGRect) {}
    open func finalizeAnimatedBoundsChange() {}

    /// The unit of the velocity a fling hands `targetContentOffset(forProposedContentOffset:
    /// withScrollingVelocity:)`: Apple's documentation says points per second, the values logged
    /// on devices and the thresholds apps compare with are points per millisecond, as
    /// `scrollViewWillEndDragging`'s are (CL5 [B]).
    public enum FlingVelocityUnit: Sendable {
        case pointsPerMillisecond, pointsPerSecond

        /// This unit's value of one point per second.
        var perPointPerSecond: CGFloat { self == .pointsPerMillisecond ? 1.0 / 1000 : 1 }
    }

    /// The unit of the velocity flings hand layouts (a scrollsim parameter, CL5 [B]).
    nonisolated(unsafe) public static var flingVelocityUnit = FlingVelocityUnit.pointsPerMillisecond

    /// Where a fling that would rest at `proposedContentOffset` rests instead (a carousel snaps
    /// here); `velocity` in `flingVelocityUnit`.
    open func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    )
        -> CGPoint
    { proposedContentOffset }

    /// Where the content rests after a layout change or an update.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint { proposedContentOffset }
}

/// What an invalidation covers (UIKit's `UICollectionViewLayoutInvalidationContext`). scrollsim
/// prepares the whole layout again whatever it says; the context is handed to the layout as UIKit
/// hands it.
@preconcurrency @MainActor
open class UICollectionViewLayoutInvalidationContext {
    public private(set) var invalidateEverything = true
    public private(set) var invalidateDataSourceCounts = true
    public private(set) var invalidatedItemIndexPaths: [IndexPath]?
    public private(set) var invalidatedSupplementaryIndexPaths: [String: [IndexPath]]?
    public private(set) var invalidatedDecorationIndexPaths: [String: [IndexPath]]?
    public var contentOffsetAdjustment = CGPoint.zero
    public var contentSizeAdjustment = CGSize.zero

    public required init() {}

    /// Names items whose attributes changed (the context no longer covers everything).
    open func invalidateItems(at indexPaths: [IndexPath]) {
        invalidateEverything = false
        invalidateDataSourceCounts = false
        invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + indexPaths
    }

    open func invalidateSupplementaryElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        invalidateEverything = false
        invalidateDataSourceCounts = false
        invalidatedSupplementaryIndexPaths = invalidatedSupplementaryIndexPaths ?? [:]
        invalidatedSupplementaryIndexPaths?[elementKind, default: []] += indexPaths
    }

    open func invalidateDecorationElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        invalidateEverything = false
        invalidateDataSourceCounts = false
        invalidatedDecorationIndexPaths = invalidatedDecorationIndexPaths ?? [:]
        invalidatedDecorationIndexPaths?[elementKind, default: []] += indexPaths
    }
}

/// One change of an update, as a layout is told of it (UIKit's `UICollectionViewUpdateItem`).
@preconcurrency @MainActor
open class UICollectionViewUpdateItem {
    public enum Action: Int, Sendable { case insert, delete, reload, move, none }

    public let indexPathBeforeUpdate: IndexPath?
    public let indexPathAfterUpdate: IndexPath?
    public let updateAction: Action

    init(before: IndexPath?, after: IndexPath?, action: Action) {
        indexPathBeforeUpdate = before
        indexPathAfterUpdate = after
        updateAction = action
    }
}
