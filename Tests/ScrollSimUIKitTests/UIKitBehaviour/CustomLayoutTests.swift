import ScrollSimUIKit
import Testing

/// A waterfall ("Pinterest") layout as the widely copied tutorial writes it: columns filled
/// shortest first, every frame computed once in `prepare()` and kept in a cache.
@MainActor
final class WaterfallLayout: UICollectionViewLayout {
    var columns = 2
    var spacing: CGFloat = 6
    /// Each item's height, by index.
    var heights: (Int) -> CGFloat = { 100 + CGFloat($0 % 3) * 40 }
    /// Whether a change of the view's width lays the columns out again.
    var invalidatesOnResize = false
    private var cache: [UICollectionViewLayoutAttributes] = []
    private var contentHeight: CGFloat = 0

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight)
    }

    override func prepare() {
        guard let collectionView else { return }
        cache.removeAll()
        let width = (collectionView.bounds.width - spacing * CGFloat(columns + 1)) / CGFloat(columns)
        var yOffsets = Array(repeating: spacing, count: columns)
        for item in 0..<collectionView.numberOfItems(inSection: 0) {
            let column = yOffsets.firstIndex(of: yOffsets.min()!)!
            let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            attributes.frame = CGRect(
                x: spacing + CGFloat(column) * (width + spacing), y: yOffsets[column], width: width, height: heights(item))
            cache.append(attributes)
            yOffsets[column] += heights(item) + spacing
        }
        contentHeight = yOffsets.max() ?? 0
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cache.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cache.indices.contains(indexPath.item) ? cache[indexPath.item] : nil
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        invalidatesOnResize && newBounds.size != collectionView?.bounds.size
    }
}

/// A list whose section headers stick to the top while their section is on screen: the layout
/// asks to be invalidated on every bounds change and moves the headers in its attributes.
@MainActor
final class StickyHeaderLayout: UICollectionViewLayout {
    let rowHeight: CGFloat = 50
    let headerHeight: CGFloat = 40
    private var sectionStarts: [CGFloat] = []
    private var contentHeight: CGFloat = 0

    override func prepare() {
        guard let collectionView else { return }
        sectionStarts = []
        var y: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            sectionStarts.append(y)
            y += headerHeight + CGFloat(collectionView.numberOfItems(inSection: section)) * rowHeight
        }
        contentHeight = y
    }

    override var collectionViewContentSize: CGSize { CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight) }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let collectionView else { return nil }
        var result: [UICollectionViewLayoutAttributes] = []
        for section in sectionStarts.indices {
            let count = collectionView.numberOfItems(inSection: section)
            for item in 0..<count {
                let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
                attributes.frame = CGRect(
                    x: 0, y: sectionStarts[section] + headerHeight + CGFloat(item) * rowHeight,
                    width: collectionView.bounds.width, height: rowHeight)
                if attributes.frame.intersects(rect) { result.append(attributes) }
            }
            let header = UICollectionViewLayoutAttributes(
                forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                with: IndexPath(item: 0, section: section))
            let end = sectionStarts[section] + headerHeight + CGFloat(count) * rowHeight
            let y = min(max(collectionView.contentOffset.y, sectionStarts[section]), end - headerHeight)
            header.frame = CGRect(x: 0, y: y, width: collectionView.bounds.width, height: headerHeight)
            header.zIndex = 10
            if header.frame.intersects(rect) { result.append(header) }
        }
        return result
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
}

/// A horizontal carousel of 300-point cards, 20 apart, that always comes to rest with a card
/// at its leading edge.
@MainActor
final class CarouselLayout: UICollectionViewLayout {
    let cardWidth: CGFloat = 300
    let spacing: CGFloat = 20
    private(set) var velocities: [CGPoint] = []
    var itemCount: Int { collectionView?.numberOfItems(inSection: 0) ?? 0 }
    var pitch: CGFloat { cardWidth + spacing }

    override var collectionViewContentSize: CGSize {
        CGSize(width: CGFloat(itemCount) * pitch - spacing, height: collectionView?.bounds.height ?? 0)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        (0..<itemCount).compactMap { item in
            let attributes = layoutAttributesForItem(at: IndexPath(item: item, section: 0))
            return attributes.flatMap { $0.frame.intersects(rect) ? $0 : nil }
        }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = CGRect(x: CGFloat(indexPath.item) * pitch, y: 100, width: cardWidth, height: 400)
        return attributes
    }

    override func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    )
        -> CGPoint
    {
        velocities.append(velocity)
        return CGPoint(x: (proposedContentOffset.x / pitch).rounded() * pitch, y: proposedContentOffset.y)
    }
}

/// Two sections side by side, each a column of 80-point rows behind which a column background
/// (a decoration view) runs: sections that overlap along the scroll axis.
@MainActor
final class ColumnsLayout: UICollectionViewLayout {
    static let background = "column-background"
    private var attributes: [UICollectionViewLayoutAttributes] = []
    private var height: CGFloat = 0

    override init() {
        super.init()
        register(UICollectionReusableView.self, forDecorationViewOfKind: Self.background)
    }
    required init?(coder: NSCoder) { nil }

    override func prepare() {
        guard let collectionView else { return }
        attributes = []
        let width = collectionView.bounds.width / 2
        height = 0
        for section in 0..<collectionView.numberOfSections {
            let count = collectionView.numberOfItems(inSection: section)
            let background = UICollectionViewLayoutAttributes(
                forDecorationViewOfKind: Self.background, with: IndexPath(item: 0, section: section))
            background.frame = CGRect(x: CGFloat(section) * width, y: 0, width: width, height: CGFloat(count) * 80)
            background.zIndex = -1
            attributes.append(background)
            for item in 0..<count {
                let cell = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
                cell.frame = CGRect(x: CGFloat(section) * width, y: CGFloat(item) * 80, width: width, height: 80)
                attributes.append(cell)
            }
            height = max(height, CGFloat(count) * 80)
        }
    }

    override var collectionViewContentSize: CGSize { CGSize(width: collectionView?.bounds.width ?? 0, height: height) }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        attributes.filter { $0.frame.intersects(rect) }
    }
}

/// The widely shared "left-aligned" flow layout: the flow's lines, every item moved to the left
/// at the minimum spacing. It sizes its items to three per line in `prepare()`.
@MainActor
final class LeftAlignedFlowLayout: UICollectionViewFlowLayout {
    var invalidatesOnScroll = false

    override func prepare() {
        super.prepare()
        guard let collectionView else { return }
        itemSize = CGSize(width: floor((collectionView.bounds.width - 40) / 4), height: 60)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let attributes = super.layoutAttributesForElements(in: rect)
        var leftMargin = sectionInset.left
        var maxY: CGFloat = -1.0
        attributes?.forEach { layoutAttribute in
            guard layoutAttribute.representedElementCategory == .cell else { return }
            if layoutAttribute.frame.origin.y >= maxY { leftMargin = sectionInset.left }
            layoutAttribute.frame.origin.x = leftMargin
            leftMargin += layoutAttribute.frame.width + minimumInteritemSpacing
            maxY = max(layoutAttribute.frame.maxY, maxY)
        }
        return attributes
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        invalidatesOnScroll || super.shouldInvalidateLayout(forBoundsChange: newBounds)
    }
}

/// A list of 44-point rows that logs the calls UIKit makes into it, in order.
@MainActor
final class RecordingLayout: UICollectionViewLayout {
    private(set) var calls: [String] = []
    private var rows = 0

    override func prepare() {
        calls.append("prepare")
        rows = collectionView?.numberOfItems(inSection: 0) ?? 0
    }
    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: CGFloat(rows) * 44)
    }
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        calls.append("elements")
        return (0..<rows).map { item in
            let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            attributes.frame = CGRect(x: 0, y: CGFloat(item) * 44, width: 390, height: 44)
            return attributes
        }
    }
    override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        calls.append(
            "updates " + updateItems.map { "\($0.updateAction) \($0.indexPathAfterUpdate?.item ?? -1)" }.joined(separator: ","))
    }
    override func finalizeCollectionViewUpdates() { calls.append("finalize") }
}

/// A screen of sections of items, laid out by whichever layout it is given.
@MainActor
final class CustomLayoutController: UICollectionViewController {
    var sections: [Int]
    private(set) var cellRequests = 0
    private(set) var headerRequests: [IndexPath] = []

    init(sections: [Int], layout: UICollectionViewLayout) {
        self.sections = sections
        super.init(collectionViewLayout: layout)
    }
    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Cell")
        collectionView.register(
            UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
            withReuseIdentifier: "Header")
    }

    override func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }
    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        sections[section]
    }
    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        cellRequests += 1
        return collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
    }
    override func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        headerRequests.append(indexPath)
        return collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "Header", for: indexPath)
    }
}

@MainActor
@Suite("Layouts of the app's own: prepare, attributes, bounds-change invalidation, updates and flings (CL1 to CL7)")
struct CustomLayoutTests {
    @Test(
        "a waterfall is prepared once, its frames are the app's, and the cells shown are the ones its frames put on screen (CL1, CL2)"
    )
    func waterfall() throws {
        let layout = WaterfallLayout()
        let controller = CustomLayoutController(sections: [60], layout: layout)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let view = try #require(controller.collectionView)
        let counts = try #require(simulator.customLayoutCounts)
        #expect(counts.prepares == 1)
        #expect(counts.elementsInRect == 1)
        #expect(counts.itemAttributes == 0)
        // Columns of (390 − 3 × 6) / 2 = 186 points; item 1 (140 tall) starts the second column.
        #expect(
            view.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame
                == CGRect(x: 198, y: 6, width: 186, height: 140))
        let onScreen = (0..<60).filter {
            layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame.intersects(view.bounds)
        }
        #expect(view.indexPathsForVisibleItems.map(\.item).sorted() == onScreen)
        #expect(simulator.counts.sectionProvider == 0)
        #expect(view.contentSize.height == layout.collectionViewContentSize.height)
    }

    @Test(
        "sections side by side: each column's cells and its decoration are found wherever the view scrolls; an item the query left out is asked for alone (CL2)"
    )
    func overlappingSections() throws {
        let controller = CustomLayoutController(sections: [50, 40], layout: ColumnsLayout())
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let view = try #require(controller.collectionView)
        view.contentOffset = CGPoint(x: 0, y: 2400)
        view.layoutIfNeeded()
        // Rows 30 to 40 of the left column and 30 to 39 of the right one meet 2400 to 3244
        // (3200 is where the right column ends).
        let visible = Set(view.indexPathsForVisibleItems)
        #expect((30...40).allSatisfy { visible.contains(IndexPath(item: $0, section: 0)) })
        #expect((30...39).allSatisfy { visible.contains(IndexPath(item: $0, section: 1)) })
        #expect(visible.count == 21)
        // Both column backgrounds were made when first shown, at the layout's frames.
        #expect(simulator.counts.decorationsCreated == 2)
        let counts = try #require(simulator.customLayoutCounts)
        #expect(counts.prepares == 1)
        // The whole-content query found every cell; the base class answers nil for one alone.
        #expect(counts.itemAttributes == 0)
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)) == nil)
        #expect(simulator.customLayoutCounts?.itemAttributes == 1)
        #expect(simulator.warnings.isEmpty)
    }

    @Test(
        "a flow layout subclass: its prepare() runs once per preparation, its changed attributes are where cells go, the flow's delegate counts still count (CL7)"
    )
    func flowSubclass() throws {
        let layout = LeftAlignedFlowLayout()
        let controller = FlowGridController(sections: [Array(repeating: .zero, count: 40)], layout: layout)
        controller.sizesFromDelegate = false
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let view = try #require(controller.collectionView)
        // 87.5 → 87-point items, four to a 390-point line: justified at 0, 101, 202, 303; moved
        // left to 0, 97, 194, 291.
        let xs = (0..<4).compactMap { view.cellForItem(at: IndexPath(item: $0, section: 0))?.frame.minX }
        #expect(xs == [0, 97, 194, 291])
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame.minX == 101)
        let counts = try #require(simulator.customLayoutCounts)
        #expect(counts.prepares == 1)
        // The delegate's sizeForItemAt is asked once per item, at the first preparation.
        #expect(layout.counts.sizeForItem == 40)
        #expect(simulator.flowLayoutCounts?.sizeForItem == 40)
        #expect(simulator.counts.sectionProvider == 0)
    }

    @Test(
        "a flow subclass invalidated on every scrolled frame is prepared every frame but asks its delegate for sizes only on data changes (CL3, CL7, FL6)"
    )
    func flowSubclassInvalidatedWhileScrolling() throws {
        let layout = LeftAlignedFlowLayout()
        layout.invalidatesOnScroll = true
        let controller = FlowGridController(sections: [Array(repeating: .zero, count: 200)], layout: layout)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        try simulator.drag(by: 800, duration: 0.5)
        try simulator.runUntilIdle()
        let counts = try #require(simulator.customLayoutCounts)
        #expect(counts.boundsChangeInvalidations > 20)
        #expect(counts.prepares == 1 + counts.boundsChangeInvalidations)
        #expect(layout.counts.sizeForItem == 200)
        controller.sections[0].append(.zero)
        controller.collectionView.insertItems(at: [IndexPath(item: 200, section: 0)])
        try simulator.runUntilIdle()
        #expect(layout.counts.sizeForItem == 401)
        #expect(simulator.customLayoutCounts?.updatePreparations == 1)
    }

    @Test(
        "scrolling asks shouldInvalidateLayout(forBoundsChange:) every frame; a layout that says no is not prepared again, and cells follow its frames (CL3)"
    )
    func scrollingWithoutInvalidation() throws {
        let layout = WaterfallLayout()
        let controller = CustomLayoutController(sections: [200], layout: layout)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let view = try #require(controller.collectionView)
        try simulator.fling(velocity: 3000)
        try simulator.runUntilIdle()
        let counts = try #require(simulator.customLayoutCounts)
        #expect(counts.shouldInvalidateForBoundsChange > 30)
        #expect(counts.boundsChangeInvalidations == 0)
        #expect(counts.prepares == 1)
        let onScreen = (0..<200).filter {
            layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame.intersects(view.bounds)
        }
        #expect(view.contentOffset.y > 1000)
        #expect(view.indexPathsForVisibleItems.map(\.item).sorted() == onScreen)
    }

    @Test(
        "a layout that invalidates on every bounds change is prepared once per scrolled frame; its sticky headers are where it puts them (CL3)"
    )
    func stickyHeaders() throws {
        let layout = StickyHeaderLayout()
        let controller = CustomLayoutController(sections: [20, 20, 20], layout: layout)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let view = try #require(controller.collectionView)
        #expect(controller.headerRequests.contains(IndexPath(item: 0, section: 0)))
        try simulator.drag(by: 600, duration: 0.5)
        try simulator.runUntilIdle()
        let counts = try #require(simulator.customLayoutCounts)
        #expect(counts.boundsChangeInvalidations == counts.shouldInvalidateForBoundsChange)
        #expect(counts.boundsChangeInvalidations >= 20)
        #expect(counts.prepares == 1 + counts.boundsChangeInvalidations)
        #expect(counts.elementsInRect == counts.prepares)
        // Over time: each preparation is in the event log (and so in the trace) when it ran.
        let preparations = simulator.events(.appWork).filter { $0.detail.hasPrefix("layout: prepare() #") }
        #expect(preparations.count == counts.prepares)
        #expect(preparations.last.map { $0.time > 0 } == true)
        #expect(view.contentOffset.y > 500)
        // Resting at 0, section 0's header would be off screen; the layout keeps it at the top.
        #expect(
            view.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
                != nil)
    }

    @Test(
        "a rotation asks the layout first: one that declines keeps its old frames, one that accepts is prepared for the new width (CL3)"
    )
    func rotation() throws {
        for invalidates in [false, true] {
            let layout = WaterfallLayout()
            layout.invalidatesOnResize = invalidates
            let controller = CustomLayoutController(sections: [30], layout: layout)
            let simulator = ScrollSimulator(device: .iPhone13)
            try simulator.show(controller)
            try simulator.rotate()
            let counts = try #require(simulator.customLayoutCounts)
            #expect(counts.shouldInvalidateForBoundsChange == 1)
            #expect(counts.prepares == (invalidates ? 2 : 1))
            let width = try #require(controller.collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))).frame
                .width
            #expect(width == (invalidates ? CGFloat(844 - 18) / 2 : 186))
        }
    }

    @Test(
        "a data change prepares the layout again and tells it the update's items before and its end after (CL1, CL4)"
    )
    func updates() throws {
        let layout = WaterfallLayout()
        let controller = CustomLayoutController(sections: [10], layout: layout)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        controller.sections[0] = 12
        controller.collectionView.insertItems(at: [IndexPath(item: 10, section: 0), IndexPath(item: 11, section: 0)])
        try simulator.runUntilIdle()
        let counts = try #require(simulator.customLayoutCounts)
        #expect(counts.prepares == 2)
        #expect(counts.updatePreparations == 1)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 11, section: 0)) != nil)
        #expect(controller.collectionView.numberOfItems(inSection: 0) == 12)
    }

    @Test("an update is told after the preparation for the new data, then finalized, as devices log it (CL4)")
    func updateOrder() throws {
        let layout = RecordingLayout()
        let controller = CustomLayoutController(sections: [5], layout: layout)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        #expect(layout.calls == ["prepare", "elements"])
        controller.sections[0] = 6
        controller.collectionView.insertItems(at: [IndexPath(item: 5, section: 0)])
        try simulator.runUntilIdle()
        #expect(layout.calls.suffix(4) == ["prepare", "elements", "updates insert 5", "finalize"], "\(layout.calls)")
        // reloadData tells the layout nothing item by item.
        controller.collectionView.reloadData()
        try simulator.runUntilIdle()
        #expect(layout.calls.suffix(2) == ["prepare", "elements"], "\(layout.calls)")
    }

    @Test(
        "a flow subclass is prepared again on rotation (the flow says yes to a new size) and pins its headers while scrolling (CL3, CL7)"
    )
    func flowSubclassRotationAndPinning() throws {
        let layout = LeftAlignedFlowLayout()
        layout.headerReferenceSize = CGSize(width: 0, height: 40)
        layout.sectionHeadersPinToVisibleBounds = true
        let controller = FlowGridController(
            sections: [Array(repeating: .zero, count: 200), Array(repeating: .zero, count: 20)], layout: layout)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        try simulator.drag(by: 700, duration: 0.5)
        try simulator.runUntilIdle()
        let view = try #require(controller.collectionView)
        // Resting at 0, section 0's header would be off screen at this offset; pinned, it shows.
        #expect(
            view.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
                != nil)
        let scrolled = try #require(simulator.customLayoutCounts)
        #expect(scrolled.boundsChangeInvalidations > 20)
        let sizesBefore = layout.counts.sizeForItem
        try simulator.rotate()
        #expect(layout.itemSize.width == 201)  // (844 − 40) / 4, from prepare() on the new width
        // A bounds change alone keeps the delegate's answers, but this prepare() set a new
        // itemSize, and a property change invalidates everything: one more round (FL6).
        #expect(layout.counts.sizeForItem == sizesBefore + 220)
    }

    @Test(
        "a fling rests where targetContentOffset(forProposedContentOffset:withScrollingVelocity:) says: a carousel snaps to a card (CL5)"
    )
    func carouselSnaps() throws {
        let controller = CustomLayoutController(sections: [20], layout: CarouselLayout())
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let view = try #require(controller.collectionView)
        try simulator.fling(velocity: 1500)
        try simulator.runUntilIdle()
        let counts = try #require(simulator.customLayoutCounts)
        #expect(counts.targetContentOffsets == 1)
        // In points per millisecond, as devices log it (the default of flingVelocityUnit, CL5 [B]).
        let layout = try #require(controller.collectionView.collectionViewLayout as? CarouselLayout)
        #expect(layout.velocities == [CGPoint(x: 1.5, y: 0)])
        #expect(view.contentOffset.x > 0)
        #expect(view.contentOffset.x.truncatingRemainder(dividingBy: 320) == 0)
        #expect(view.contentOffset.y == 0)
    }
}
