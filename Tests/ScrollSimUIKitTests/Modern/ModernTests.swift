import ScrollSimUIKit
import Testing

/// Frames equal within floating-point noise (0.3 × 844 is not exact in binary).
func approximatelyEqual(_ a: CGRect?, _ b: CGRect, tolerance: CGFloat = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a.minX - b.minX) < tolerance && abs(a.minY - b.minY) < tolerance && abs(a.width - b.width) < tolerance
        && abs(a.height - b.height) < tolerance
}

/// The modern seed screen, and the configuration rules: a configuration only counts once it is
/// passed to the layout, and the layout keeps its own copy (UIKit model 2.2, R9).
@MainActor
@Suite("Modern screen and layout configuration in UIKit code")
struct ModernTests {
    @Test(
        "5f inside the stack: section 1 starts at 200 + interSectionSpacing 3; count-2 slots are 195 × 253.2 (UIKit model 5f, G1.5.1, G1.7.1)"
    )
    func frames() throws {
        let layout = UICollectionViewCompositionalLayout(
            sectionProvider: { index, _ in ModernLayout.section(index) }, configuration: ModernLayout.configuration())
        let (collectionView, _) = ModernLayout.collectionView(layout: layout)
        try UIKitException.catching { collectionView.layoutIfNeeded() }
        #expect(
            collectionView.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame
                == CGRect(x: 390, y: 0, width: 390, height: 200))
        let expected: [CGRect] = [
            CGRect(x: 0, y: 203, width: 195, height: 253.2), CGRect(x: 195, y: 203, width: 195, height: 253.2),
            CGRect(x: 0, y: 456.2, width: 195, height: 253.2), CGRect(x: 195, y: 456.2, width: 195, height: 253.2),
            CGRect(x: 0, y: 709.4, width: 195, height: 253.2),
        ]
        for (item, frame) in expected.enumerated() {
            #expect(
                approximatelyEqual(collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: 1))?.frame, frame),
                "item \(item)")
        }
        #expect(abs(collectionView.contentSize.height - (200 + 3 + 5 * 253.2)) < 1e-9)
    }

    @Test("A configuration created but never passed to the layout has no effect (as in UIKit)")
    func configurationNotPassed() throws {
        let unused = ModernLayout.configuration(spacing: 3)
        unused.scrollDirection = .horizontal
        let layout = UICollectionViewCompositionalLayout { index, _ in ModernLayout.section(index) }
        let (collectionView, _) = ModernLayout.collectionView(layout: layout)
        try UIKitException.catching { collectionView.layoutIfNeeded() }
        #expect(collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame.minY == 200)
        #expect(layout.configuration.interSectionSpacing == 0)
        #expect(layout.configuration.scrollDirection == .vertical)
        #expect(unused.interSectionSpacing == 3)
    }

    @Test("Changing a configuration after passing it has no effect: the layout copied it (R9)")
    func configurationCopied() throws {
        let configuration = ModernLayout.configuration(spacing: 3)
        let layout = UICollectionViewCompositionalLayout(
            sectionProvider: { index, _ in ModernLayout.section(index) }, configuration: configuration)
        configuration.interSectionSpacing = 50
        let (collectionView, _) = ModernLayout.collectionView(layout: layout)
        try UIKitException.catching { collectionView.layoutIfNeeded() }
        #expect(collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame.minY == 203)
    }

    @Test("Assigning layout.configuration invalidates: the next pass re-runs the provider for every section (UIKit model 2.2)")
    func configurationAssigned() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        let layout = UICollectionViewCompositionalLayout(
            sectionProvider: { index, _ in ModernLayout.section(index) }, configuration: ModernLayout.configuration())
        let (collectionView, _) = ModernLayout.collectionView(layout: layout)
        try simulator.show(collectionView)
        #expect(simulator.counts.sectionProvider == 2)
        layout.configuration = ModernLayout.configuration(spacing: 20)
        #expect(simulator.counts.sectionProvider == 2, "invalidation only marks the layout stale (B1.1)")
        try simulator.advance(by: 0.1)
        #expect(simulator.counts.sectionProvider == 4)
        #expect(simulator.counts.layoutPasses == 2)
        #expect(collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame.minY == 220)
        let pass = try #require(simulator.events(.layoutPass).last)
        #expect(pass.detail.contains("reason=configurationChange"))
    }

    @Test("Pages move one group per flick (P2.4) and the cells show what the pages hold")
    func paging() throws {
        let simulator = ScrollSimulator(device: .iPhone13)
        let layout = UICollectionViewCompositionalLayout(
            sectionProvider: { index, _ in ModernLayout.section(index) }, configuration: ModernLayout.configuration())
        let (collectionView, dataSource) = ModernLayout.collectionView(layout: layout)
        try simulator.show(collectionView)
        for page in 1...3 {
            try simulator.fling(section: 0, velocity: 1500)
            try simulator.runUntilIdle()
            #expect(collectionView.orthogonalContentOffset(inSection: 0) == CGFloat(page) * 390)
        }
        let visible = collectionView.indexPathsForVisibleItems.filter { $0.section == 0 }
        #expect(visible.map { dataSource.itemIdentifier(for: $0) } == [3])
    }
}
