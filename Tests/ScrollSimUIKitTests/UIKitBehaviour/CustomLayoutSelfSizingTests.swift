import ScrollSimUIKit
import Testing

/// A list of rows, 44 points high until a row's cell prefers another height; with `adopts`, it
/// takes the preferred height (invalidating for it), as layouts with self-sizing cells do.
@MainActor
final class SelfSizedRowsLayout: UICollectionViewLayout {
    let adopts: Bool
    private(set) var heights: [IndexPath: CGFloat] = [:]
    private var frames: [UICollectionViewLayoutAttributes] = []

    init(adopts: Bool) {
        self.adopts = adopts
        super.init()
    }
    required init?(coder: NSCoder) { nil }

    override func prepare() {
        guard let collectionView else { return }
        var y: CGFloat = 0
        frames = (0..<collectionView.numberOfItems(inSection: 0)).map { item in
            let path = IndexPath(item: item, section: 0)
            let attributes = UICollectionViewLayoutAttributes(forCellWith: path)
            attributes.frame = CGRect(x: 0, y: y, width: collectionView.bounds.width, height: heights[path] ?? 44)
            y += attributes.frame.height
            return attributes
        }
    }

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: frames.last?.frame.maxY ?? 0)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        frames.filter { $0.frame.intersects(rect) }
    }

    override func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> Bool {
        guard adopts else {
            return super.shouldInvalidateLayout(
                forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
        }
        heights[originalAttributes.indexPath] = preferredAttributes.size.height
        return true
    }
}

/// Even rows want 80 points.
@MainActor
final class EvenRowsTallCell: UICollectionViewCell {
    override func preferredLayoutAttributesFitting(
        _ layoutAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutAttributes {
        let attributes = UICollectionViewLayoutAttributes(copying: layoutAttributes)
        if layoutAttributes.indexPath.item % 2 == 0 { attributes.frame.size.height = 80 }
        return attributes
    }
}

@MainActor
final class SelfSizedRowsController: UICollectionViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(EvenRowsTallCell.self, forCellWithReuseIdentifier: "Row")
    }
    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 40 }
    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "Row", for: indexPath)
    }
}

@MainActor
@Suite("Layouts of the app's own with self-sizing cells (CL8)")
struct CustomLayoutSelfSizingTests {
    @Test("a cell that prefers another size asks the layout; the base class says no and the cell keeps the layout's frame (CL8)")
    func baseClassDeclines() throws {
        let layout = SelfSizedRowsLayout(adopts: false)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(SelfSizedRowsController(collectionViewLayout: layout))
        let counts = try #require(simulator.customLayoutCounts)
        #expect(counts.shouldInvalidateForPreferredAttributes > 0)
        #expect(counts.preferredAttributesInvalidations == 0 && counts.prepares == 1)
        #expect(layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 1))?.first?.frame.height == 44)
    }

    @Test(
        "a layout that adopts preferred sizes is invalidated for each and prepared again; once the sizes agree, nothing more is asked (CL8)"
    )
    func layoutAdopts() throws {
        let layout = SelfSizedRowsLayout(adopts: true)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(SelfSizedRowsController(collectionViewLayout: layout))
        try simulator.runUntilIdle()
        let counts = try #require(simulator.customLayoutCounts)
        // Every even row asked once (its preferred height differed), each a yes: one invalidation
        // each, coalesced into fewer preparations.
        #expect(counts.preferredAttributesInvalidations == counts.shouldInvalidateForPreferredAttributes)
        #expect(counts.preferredAttributesInvalidations == layout.heights.count && layout.heights.count > 4)
        #expect(counts.prepares >= 2 && counts.prepares <= 1 + counts.preferredAttributesInvalidations)
        let top = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 100)) ?? []
        #expect(top.map(\.frame) == [CGRect(x: 0, y: 0, width: 390, height: 80), CGRect(x: 0, y: 80, width: 390, height: 44)])
        // Scrolling on: rows measured once each, never twice.
        try simulator.fling(velocity: 4000)
        try simulator.runUntilIdle()
        let after = try #require(simulator.customLayoutCounts)
        #expect(after.shouldInvalidateForPreferredAttributes == layout.heights.count)
    }
}
