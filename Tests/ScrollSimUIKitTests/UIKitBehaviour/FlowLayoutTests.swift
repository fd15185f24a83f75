import ScrollSimUIKit
import Testing

/// A flow-layout grid as apps wrote them before compositional layouts: a classic data source,
/// and a delegate that may size items and sections.
@MainActor
final class FlowGridController: UICollectionViewController, UICollectionViewDelegateFlowLayout {
    var sections: [[CGSize]]
    /// Sizes from `sizeForItemAt`; without them the layout's `itemSize` applies.
    var sizesFromDelegate = false
    var headerHeight: CGFloat = 0

    init(sections: [[CGSize]], layout: UICollectionViewFlowLayout = UICollectionViewFlowLayout()) {
        self.sections = sections
        super.init(collectionViewLayout: layout)
    }
    required init?(coder: NSCoder) { nil }

    var flow: UICollectionViewFlowLayout { collectionView.collectionViewLayout as! UICollectionViewFlowLayout }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Cell")
        collectionView.register(
            UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
            withReuseIdentifier: "Header")
    }

    override func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }
    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        sections[section].count
    }
    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
    }
    override func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "Header", for: indexPath)
    }

    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        sizesFromDelegate ? sections[indexPath.section][indexPath.item] : flow.itemSize
    }
}

/// The same grid whose delegate implements nothing of the flow delegate's.
@MainActor
final class PlainFlowController: UICollectionViewController {
    var count: Int

    init(count: Int, layout: UICollectionViewFlowLayout) {
        self.count = count
        super.init(collectionViewLayout: layout)
    }
    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Cell")
    }
    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }
    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
    }
}

/// A cell that sizes itself 80 points tall, whatever it is offered.
final class TallCell: UICollectionViewCell {
    override func preferredLayoutAttributesFitting(
        _ layoutAttributes: UICollectionViewLayoutAttributes
    )
        -> UICollectionViewLayoutAttributes
    {
        let preferred = UICollectionViewLayoutAttributes(copying: layoutAttributes)
        preferred.frame.size.height = 80
        return preferred
    }
}

@MainActor
@Suite("UICollectionViewFlowLayout: lines, sections, delegate calls and self-sizing (FL1 to FL7)")
struct FlowLayoutTests {
    static func frame(_ view: UICollectionView, _ item: Int, _ section: Int = 0) -> CGRect? {
        view.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    @Test(
        "one item size: three 100-pt items fill a 390-pt line, justified 45 apart; a short last line stays on the grid (FL1, FL2)"
    )
    func uniformGrid() throws {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let controller = PlainFlowController(count: 8, layout: layout)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let view = try #require(controller.collectionView)
        #expect(Self.frame(view, 0) == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(Self.frame(view, 1) == CGRect(x: 145, y: 0, width: 100, height: 100))
        #expect(Self.frame(view, 2) == CGRect(x: 290, y: 0, width: 100, height: 100))
        #expect(Self.frame(view, 3) == CGRect(x: 0, y: 110, width: 100, height: 100))
        #expect(Self.frame(view, 7) == CGRect(x: 145, y: 220, width: 100, height: 100))
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 320))
        #expect(simulator.counts.sectionProvider == 0)
        #expect(layout.counts.delegateCalls == 0)
    }

    @Test("an item alone on its line is centred; one too wide for its line is UIKit's logged warning (FL1, FL2)")
    func singleItemLines() throws {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 300, height: 60)
        let controller = PlainFlowController(count: 3, layout: layout)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        #expect(Self.frame(controller.collectionView, 1) == CGRect(x: 45, y: 70, width: 300, height: 60))
        #expect(simulator.warnings.isEmpty)

        layout.itemSize = CGSize(width: 400, height: 60)
        controller.collectionView.layoutIfNeeded()
        #expect(Self.frame(controller.collectionView, 1)?.minY == 70)
        #expect(
            simulator.warnings.contains { $0.hasPrefix("The behavior of the UICollectionViewFlowLayout is not defined because") })
    }

    @Test(
        "sizes from the delegate: full lines justified, the last from its start at the minimum spacing, items centred across their line (FL1 to FL3)"
    )
    func mixedSizes() throws {
        let sizes = [
            CGSize(width: 100, height: 50), CGSize(width: 150, height: 80), CGSize(width: 100, height: 50),
            CGSize(width: 200, height: 40), CGSize(width: 80, height: 40),
        ]
        let layout = UICollectionViewFlowLayout()
        layout.sectionInset = UIEdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
        let controller = FlowGridController(sections: [sizes], layout: layout)
        controller.sizesFromDelegate = true
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let view = try #require(controller.collectionView)
        // 100 + 10 + 150 + 10 + 100 = 370: an exact fit on the 370-pt line.
        #expect(Self.frame(view, 0) == CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(Self.frame(view, 1) == CGRect(x: 120, y: 5, width: 150, height: 80))
        #expect(Self.frame(view, 2) == CGRect(x: 280, y: 20, width: 100, height: 50))
        #expect(Self.frame(view, 3) == CGRect(x: 10, y: 95, width: 200, height: 40))
        #expect(Self.frame(view, 4) == CGRect(x: 220, y: 95, width: 80, height: 40))
        #expect(layout.counts.sizeForItem == 5)
    }

    @Test(
        "a header spans the full width above the section's insets; a pinned one stays at the top while its section is on screen (FL4)"
    )
    func headers() throws {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.sectionInset = UIEdgeInsets(top: 8, left: 10, bottom: 8, right: 10)
        layout.headerReferenceSize = CGSize(width: 1, height: 40)
        layout.sectionHeadersPinToVisibleBounds = true
        let controller = FlowGridController(
            sections: Array(repeating: Array(repeating: .zero, count: 30), count: 3), layout: layout)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let view = try #require(controller.collectionView)
        let header = view.layoutAttributesForSupplementaryElement(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        #expect(header?.frame == CGRect(x: 0, y: 0, width: 390, height: 40))
        #expect(Self.frame(view, 0) == CGRect(x: 10, y: 48, width: 100, height: 100))
        // Ten lines of 100 with 10 between, 40 + 8 + 8 around them.
        #expect(
            view.layoutAttributesForSupplementaryElement(
                ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))?.frame.minY == 1146)

        try simulator.drag(by: 500, duration: 0.5)
        try simulator.runUntilIdle()
        let top = view.contentOffset.y + view.adjustedContentInset.top
        let pinned = view.collectionViewLayout.layoutAttributesForElements(in: view.bounds)?.first {
            $0.representedElementKind == UICollectionView.elementKindSectionHeader && $0.indexPath.section == 0
        }
        #expect(pinned?.frame.minY == top)
    }

    @Test(
        "the delegate is asked for every item's size on each data change and invalidation, not while scrolling or on a bounds change (FL5, FL6)"
    )
    func delegateCallCounts() throws {
        let sections = [
            Array(repeating: CGSize(width: 120, height: 90), count: 600),
            Array(repeating: CGSize(width: 60, height: 60), count: 400),
        ]
        let controller = FlowGridController(sections: sections)
        controller.sizesFromDelegate = true
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let layout = controller.flow
        #expect(layout.counts.sizeForItem == 1000)
        #expect(simulator.flowLayoutCounts == layout.counts)
        #expect(layout.counts.insetForSection == 0)
        #expect(layout.counts.prepares == 1)

        try simulator.drag(by: 3000, duration: 2)
        try simulator.runUntilIdle()
        #expect(layout.counts.sizeForItem == 1000)

        controller.sections[1] += Array(repeating: CGSize(width: 60, height: 60), count: 20)
        controller.collectionView.insertItems(at: (400..<420).map { IndexPath(item: $0, section: 1) })
        controller.collectionView.layoutIfNeeded()
        #expect(layout.counts.sizeForItem == 2020)

        layout.invalidateLayout()
        controller.collectionView.layoutIfNeeded()
        #expect(layout.counts.sizeForItem == 3040)
        #expect(layout.counts.invalidations == 1)

        let prepares = layout.counts.prepares
        try simulator.rotate()
        controller.collectionView.layoutIfNeeded()
        #expect(layout.counts.sizeForItem == 3040)
        #expect(layout.counts.prepares == prepares + 1)
        // The lines are broken again for the new width: 844 − 94 of side insets fits six 120-pt items.
        #expect(Self.frame(controller.collectionView, 5)?.minY == Self.frame(controller.collectionView, 0)?.minY)
    }

    @Test(
        "observed on devices (R41): 5,000 delegate-sized items are all asked for at the first screen, and all again after inserting or deleting one row (FL5, FL6)"
    )
    func observedAllItemsAsked() throws {
        let controller = FlowGridController(sections: [Array(repeating: CGSize(width: 375, height: 60), count: 5_000)])
        controller.sizesFromDelegate = true
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let layout = controller.flow
        // Thirteen rows are on screen; the layout asked for every item (IGListKit issue 1212).
        #expect(controller.collectionView.visibleCells.count < 20)
        #expect(layout.counts.sizeForItem == 5_000)
        // One row inserted, then one deleted: every item again each time (IGListKit issue 1208).
        controller.sections[0].append(CGSize(width: 375, height: 60))
        controller.collectionView.insertItems(at: [IndexPath(item: 5_000, section: 0)])
        controller.collectionView.layoutIfNeeded()
        #expect(layout.counts.sizeForItem == 10_001)
        controller.sections[0].removeLast()
        controller.collectionView.deleteItems(at: [IndexPath(item: 5_000, section: 0)])
        controller.collectionView.layoutIfNeeded()
        #expect(layout.counts.sizeForItem == 15_001)
    }

    @Test(
        "observed in Apple's documentation (R41): several invalidateLayout() calls in one block make one layout pass (B1.1, FL6)")
    func invalidationsCoalesce() throws {
        let controller = FlowGridController(sections: [Array(repeating: CGSize(width: 100, height: 100), count: 30)])
        controller.sizesFromDelegate = true
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        let layout = controller.flow
        let (prepares, sizes) = (layout.counts.prepares, layout.counts.sizeForItem)
        for _ in 0..<3 { layout.invalidateLayout() }
        controller.collectionView.layoutIfNeeded()
        #expect(layout.counts.prepares == prepares + 1)
        #expect(layout.counts.sizeForItem == sizes + 30)
    }

    @Test("the delegate is asked in UIKit's order: every size, then inset, spacings, header, footer, section by section (FL5)")
    func delegateOrder() throws {
        final class Recorder: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
            var calls: [String] = []
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 2 }
            func numberOfSections(in collectionView: UICollectionView) -> Int { 2 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
            }
            func collectionView(
                _ c: UICollectionView, layout l: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath
            ) -> CGSize {
                calls.append("size \(indexPath.section).\(indexPath.item)")
                return CGSize(width: 100, height: 100)
            }
            func collectionView(
                _ c: UICollectionView, layout l: UICollectionViewLayout, insetForSectionAt section: Int
            ) -> UIEdgeInsets {
                calls.append("inset \(section)")
                return .zero
            }
            func collectionView(
                _ c: UICollectionView, layout l: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int
            ) -> CGFloat {
                calls.append("line \(section)")
                return 10
            }
            func collectionView(
                _ c: UICollectionView, layout l: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int
            ) -> CGFloat {
                calls.append("interitem \(section)")
                return 10
            }
            func collectionView(
                _ c: UICollectionView, layout l: UICollectionViewLayout, referenceSizeForHeaderInSection section: Int
            ) -> CGSize {
                calls.append("header \(section)")
                return .zero
            }
            func collectionView(
                _ c: UICollectionView, layout l: UICollectionViewLayout, referenceSizeForFooterInSection section: Int
            ) -> CGSize {
                calls.append("footer \(section)")
                return .zero
            }
        }
        let layout = UICollectionViewFlowLayout()
        let view = UICollectionView(frame: .zero, collectionViewLayout: layout)
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Cell")
        let recorder = Recorder()
        view.dataSource = recorder
        view.delegate = recorder
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(view)
        #expect(
            recorder.calls == [
                "size 0.0", "size 0.1", "inset 0", "interitem 0", "line 0", "header 0", "footer 0",
                "size 1.0", "size 1.1", "inset 1", "interitem 1", "line 1", "header 1", "footer 1",
            ])
        #expect(layout.counts.delegateCalls == 14)
    }

    @Test("a delegate that implements only some methods: the rest are the layout's properties and are not counted (FL5)")
    func partialDelegate() throws {
        let controller = FlowGridController(sections: [Array(repeating: .zero, count: 10)])
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        #expect(controller.flow.counts.sizeForItem == 10)
        #expect(controller.flow.counts.minimumLineSpacing == 0)
        #expect(controller.flow.counts.referenceSizeForHeader == 0)
        #expect(Self.frame(controller.collectionView, 0)?.size == CGSize(width: 50, height: 50))
    }

    @Test("horizontal: items fill columns top to bottom; columns follow one another (FL1, FL2)")
    func horizontal() throws {
        let layout = UICollectionViewFlowLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = CGSize(width: 100, height: 80)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 200), collectionViewLayout: layout)
        let source = PlainFlowController(count: 9, layout: UICollectionViewFlowLayout())
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Cell")
        view.dataSource = source
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(view)
        // Two 80-pt items fit the 200-pt column, justified 40 apart; columns 10 apart.
        #expect(Self.frame(view, 0) == CGRect(x: 0, y: 0, width: 100, height: 80))
        #expect(Self.frame(view, 1) == CGRect(x: 0, y: 120, width: 100, height: 80))
        #expect(Self.frame(view, 2) == CGRect(x: 110, y: 0, width: 100, height: 80))
        #expect(layout.collectionViewContentSize == CGSize(width: 540, height: 200))
    }

    @Test("estimated sizes: cells size themselves; each new size lays the flow out again without asking the delegate (FL7)")
    func selfSizing() throws {
        let layout = UICollectionViewFlowLayout()
        layout.estimatedItemSize = CGSize(width: 180, height: 50)
        let controller = PlainFlowController(count: 40, layout: layout)
        let simulator = ScrollSimulator(device: .iPhone13)
        controller.loadViewIfNeeded()
        controller.collectionView.register(TallCell.self, forCellWithReuseIdentifier: "Cell")
        try simulator.show(controller)
        let view = try #require(controller.collectionView)
        #expect(Self.frame(view, 0)?.height == 80)
        #expect(Self.frame(view, 2)?.minY == 90)
        // One invalidation per cell measured at a new size, none for a size already known.
        #expect(layout.counts.selfSizingInvalidations > 0)
        #expect(layout.counts.selfSizingInvalidations <= simulator.counts.cellProvider)
        #expect(layout.counts.delegateCalls == 0)
        #expect(simulator.counts.layoutPasses > 1)
    }

    @Test("observed in Apple's documentation (R41): cells not yet on screen keep the estimated size until they are shown (FL7)")
    func offscreenCellsKeepTheEstimate() throws {
        let layout = UICollectionViewFlowLayout()
        layout.estimatedItemSize = CGSize(width: 180, height: 50)
        let controller = PlainFlowController(count: 400, layout: layout)
        let simulator = ScrollSimulator(device: .iPhone13)
        controller.loadViewIfNeeded()
        controller.collectionView.register(TallCell.self, forCellWithReuseIdentifier: "Cell")
        try simulator.show(controller)
        let view = try #require(controller.collectionView)
        #expect(Self.frame(view, 0)?.height == 80, "shown: measured")
        #expect(Self.frame(view, 399)?.height == 50, "never shown: the estimate")
        try simulator.drag(by: 100_000, duration: 3)
        try simulator.runUntilIdle()
        #expect(Self.frame(view, 399)?.height == 80, "shown at the end of the drag: measured")
    }

    @Test("10^5 items of one size: showing and scrolling cost what a few lines cost, and no delegate runs (FL1, FL5)")
    func largeUniform() throws {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 120, height: 120)
        let controller = PlainFlowController(count: 100_000, layout: layout)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(controller)
        try simulator.fling(velocity: 5000)
        try simulator.runUntilIdle()
        // 33,334 lines of 120 with 10 between.
        #expect(abs(layout.collectionViewContentSize.height - (33_334 * 130 - 10)) < 0.01)
        #expect(simulator.counts.cellProvider < 200)
        #expect(layout.counts.delegateCalls == 0)
    }
}
