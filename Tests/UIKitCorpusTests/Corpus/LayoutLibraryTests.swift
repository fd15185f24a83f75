import LayoutLibraries
import Testing
import UIKit

/// Custom layouts of the kinds apps take from libraries (Tests/LayoutLibraries: a waterfall, a
/// snapping carousel and a scaling carousel, written the way such libraries are and compiled as
/// their own module in Swift 5 mode), each under a small screen that uses it: what the layout lays
/// out, and what the collection view asks of it (CL1 to CL8).

/// A one-column section of one 300 × 150 item, then a two-column waterfall of items whose natural
/// sizes cycle through 100 × 100, 100 × 150 and 100 × 120; 50-pt headers, 16-pt section insets,
/// 8-pt spacing. It counts its delegate's size calls.
@MainActor
final class WaterfallHostController: UIViewController, UICollectionViewDataSource, MasonryLayoutDelegate {
    var itemCount = 20
    private(set) var sizeQueries = 0
    let layout = MasonryLayout()
    var collectionView: UICollectionView!
    static let sizes = [CGSize(width: 100, height: 100), CGSize(width: 100, height: 150), CGSize(width: 100, height: 120)]

    override func viewDidLoad() {
        super.viewDidLoad()
        layout.delegate = self
        layout.sectionInset = UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
        layout.rowSpacing = 8
        layout.columnSpacing = 8
        layout.headerHeight = 50
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "ColorCell")
        collectionView.register(
            UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
            withReuseIdentifier: "HeaderView")
        collectionView.dataSource = self
        view.addSubview(collectionView)
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int { 2 }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        section == 0 ? 1 : itemCount
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "ColorCell", for: indexPath)
    }

    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "HeaderView", for: indexPath)
    }

    nonisolated func masonryLayout(_ layout: MasonryLayout, numberOfColumnsInSection section: Int) -> Int {
        section == 0 ? 1 : 2
    }

    nonisolated func masonryLayout(_ layout: MasonryLayout, naturalSizeForItemAt indexPath: IndexPath) -> CGSize {
        MainActor.assumeIsolated { sizeQueries += 1 }
        return indexPath.section == 0 ? CGSize(width: 300, height: 150) : Self.sizes[indexPath.item % 3]
    }
}

/// A 400-pt-high carousel of ten cards across a 390-pt screen, 200 pt from its top, on the
/// collection view a subclass makes with its layout.
@MainActor
class CarouselHostController: UIViewController, UICollectionViewDataSource {
    var collectionView: UICollectionView!

    func makeCollectionView(frame: CGRect) -> UICollectionView {
        UICollectionView(frame: frame, collectionViewLayout: UICollectionViewFlowLayout())
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView = makeCollectionView(frame: CGRect(x: 0, y: 200, width: 390, height: 400))
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Card")
        collectionView.dataSource = self
        view.addSubview(collectionView)
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 10 }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "Card", for: indexPath)
    }
}

/// 300 × 400 cards, 20 apart, on a snapping carousel layout.
@MainActor
final class CenteredCarouselController: CarouselHostController {
    let layout = SnappingCarouselLayout()

    override func makeCollectionView(frame: CGRect) -> UICollectionView {
        layout.itemSize = CGSize(width: 300, height: 400)
        layout.minimumLineSpacing = 20
        return UICollectionView(frame: frame, collectionViewLayout: layout)
    }
}

/// 200 × 300 cards whose neighbours shrink to 0.6 and fade to 0.6, on a scaling carousel layout.
@MainActor
final class UPCarouselController: CarouselHostController {
    let layout = ScalingCarouselLayout()

    override func makeCollectionView(frame: CGRect) -> UICollectionView {
        layout.scrollDirection = .horizontal
        layout.itemSize = CGSize(width: 200, height: 300)
        return UICollectionView(frame: frame, collectionViewLayout: layout)
    }
}

@MainActor
@Suite("Corpus: custom layouts of the kinds apps take from libraries")
struct LayoutLibraryTests {
    @Test(
        "a waterfall: columns of its own widths, each item in the shortest; prepare() asks every item's size, scrolling asks nothing, a rotation prepares again (CL1 to CL3)"
    )
    func waterfall() throws {
        let screen = WaterfallHostController()
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(screen)
        let view = try #require(screen.collectionView)
        // Section 0: under its 50-pt header and 16-pt inset, one column 390 − 32 = 358 wide; the
        // item keeps its aspect ratio: ⌊150 × 358 / 300⌋ = 179.
        #expect(
            view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame
                == CGRect(x: 16, y: 66, width: 358, height: 179))
        // Section 1 starts below section 0's items less the spacing, plus the bottom inset
        // (66 + 179 + 8 − 8 + 16 = 261); two columns ⌊(358 − 8) / 2⌋ = 175 wide, 183 apart; each
        // item goes to the shorter column.
        let frames = (0..<6).map { view.layoutAttributesForItem(at: IndexPath(item: $0, section: 1))?.frame }
        #expect(
            frames == [
                CGRect(x: 16, y: 327, width: 175, height: 175), CGRect(x: 199, y: 327, width: 175, height: 262),
                CGRect(x: 16, y: 510, width: 175, height: 210), CGRect(x: 199, y: 597, width: 175, height: 175),
                CGRect(x: 16, y: 728, width: 175, height: 262), CGRect(x: 199, y: 780, width: 175, height: 210),
            ])
        // The content ends at the longest column (less the spacing after its last item) plus the
        // bottom inset.
        let bottom = (0..<20).compactMap { view.layoutAttributesForItem(at: IndexPath(item: $0, section: 1))?.frame.maxY }.max()
        #expect(view.contentSize == CGSize(width: 390, height: try #require(bottom) + 16))
        var counts = try #require(simulator.customLayoutCounts)
        #expect(counts.prepares == 1)
        #expect(screen.sizeQueries == 21, "every item's size, once per prepare()")
        #expect(simulator.counts.sectionProvider == 0)
        // Scrolling: each frame asks whether the new bounds invalidate; the width is the same.
        try simulator.fling(velocity: 3000)
        try simulator.runUntilIdle()
        counts = try #require(simulator.customLayoutCounts)
        #expect(view.contentOffset.y > 500)
        #expect(counts.shouldInvalidateForBoundsChange > 10 && counts.boundsChangeInvalidations == 0)
        #expect(counts.prepares == 1 && screen.sizeQueries == 21)
        #expect(simulator.counts.cellProvider > 12)
        // A rotation changes the width: the layout is invalidated and prepared again, every size
        // asked again, and the columns widened: ⌊(844 − 32 − 8) / 2⌋ = 402.
        try simulator.rotate()
        counts = try #require(simulator.customLayoutCounts)
        #expect(counts.boundsChangeInvalidations == 1 && counts.prepares == 2)
        #expect(screen.sizeQueries == 42)
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 1, section: 1))?.frame.width == 402)
    }

    @Test("a waterfall: a page of new items is a reload; the next layout prepares again and asks every size")
    func waterfallAppend() throws {
        let screen = WaterfallHostController()
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(screen)
        screen.itemCount = 40
        screen.collectionView.reloadData()
        screen.collectionView.layoutIfNeeded()
        let counts = try #require(simulator.customLayoutCounts)
        #expect(counts.prepares == 2)
        #expect(screen.sizeQueries == 21 + 41)
        #expect(screen.collectionView.numberOfItems(inSection: 1) == 40)
    }

    @Test(
        "a snapping carousel: prepare() insets the content so the first card is centred; a fling snaps to a card's centre; scrolling to a page lands on it (CL5, CL7)"
    )
    func centeredCarousel() throws {
        let screen = CenteredCarouselController()
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(screen)
        let view = try #require(screen.collectionView)
        #expect(view.decelerationRate == .fast)
        // (390 − 300) / 2 = 45 on each side, and the offset that centres card 0.
        #expect(view.contentInset == UIEdgeInsets(top: 0, left: 45, bottom: 0, right: 45))
        #expect(view.contentOffset == CGPoint(x: -45, y: 0))
        #expect(screen.layout.centeredPage == 0)
        // Cards 320 apart on one line (the flow scrolls horizontally).
        #expect(
            view.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame
                == CGRect(x: 640, y: 0, width: 300, height: 400))
        // A flick the fast deceleration carries past half a card: the next card's centre.
        try simulator.fling(velocity: 3000)
        try simulator.runUntilIdle()
        let page = try #require(screen.layout.centeredPage)
        #expect(page > 0)
        #expect(view.contentOffset.x == CGFloat(page) * 320 - 45)
        #expect(simulator.customLayoutCounts?.targetContentOffsets == 1)
        screen.layout.scroll(toPage: 3, animated: false)
        #expect(view.contentOffset.x == 915 && screen.layout.centeredPage == 3)
    }

    @Test(
        "a scaling carousel: prepare() centres the cards with section insets; side cards are scaled and faded through copied attributes; it invalidates on every scrolled frame, so each frame prepares it again (CL3, CL7)"
    )
    func upCarousel() throws {
        let screen = UPCarouselController()
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(screen)
        let view = try #require(screen.collectionView)
        // Insets (390 − 200) / 2 = 95 and (400 − 300) / 2 = 50; the spacing 40 less what a
        // 0.6-scaled side card gives back, (200 − 120) / 2: 0.
        #expect(screen.layout.sectionInset == UIEdgeInsets(top: 50, left: 95, bottom: 50, right: 95))
        #expect(screen.layout.minimumLineSpacing == 0)
        #expect(view.decelerationRate == .fast)
        let shown = try #require(screen.layout.layoutAttributesForElements(in: view.bounds))
        let cards = shown.filter { $0.representedElementCategory == .cell }.sorted { $0.indexPath < $1.indexPath }
        // The centred card is whole; its neighbour, a full pitch away, is at the side values.
        #expect(cards.map(\.indexPath.item).prefix(2) == [0, 1])
        #expect(cards[0].alpha == 1 && cards[0].zIndex == 10 && cards[0].transform3D.m11 == 1)
        #expect(abs(cards[1].alpha - 0.6) < 1e-9 && cards[1].zIndex == 6 && abs(cards[1].transform3D.m11 - 0.6) < 1e-9)
        #expect(cards[1].center == CGPoint(x: 395, y: 200))
        let preparesAtRest = try #require(simulator.customLayoutCounts).prepares
        try simulator.fling(velocity: 3000)
        try simulator.runUntilIdle()
        let counts = try #require(simulator.customLayoutCounts)
        // It rests with a card's centre at the view's centre: offsets are multiples of 200.
        #expect(view.contentOffset.x > 0 && view.contentOffset.x.truncatingRemainder(dividingBy: 200) == 0)
        #expect(counts.targetContentOffsets == 1)
        // shouldInvalidateLayout(forBoundsChange:) says yes to every scrolled frame.
        #expect(counts.boundsChangeInvalidations == counts.shouldInvalidateForBoundsChange)
        #expect(counts.prepares - preparesAtRest >= counts.boundsChangeInvalidations / 2)
        #expect(counts.boundsChangeInvalidations > 10)
    }
}
