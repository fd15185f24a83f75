import ScrollSimUIKit
import Testing

/// A section background registered on the layout, as Apple's "Section Background Decoration
/// View" sample writes it (UIKit model G1.13).
@MainActor
final class SectionBackgroundView: UICollectionReusableView {
    static var made = 0
    override init(frame: CGRect) {
        super.init(frame: frame)
        Self.made += 1
        backgroundColor = .lightGray
        layer.cornerRadius = 12
    }
    required init?(coder: NSCoder) { fatalError("not implemented") }
}

@MainActor
@Suite("Decoration views in UIKit code")
struct UIKitDecorationViewTests {
    static let kind = "section-background-element-kind"

    /// Sixty 44-pt rows in sections of five, section insets 10, backgrounds inset 5 (the sample's
    /// numbers): each section is 10 + 5 × 44 + 4 × 5 spacing + 10 = 260 long.
    func layout(register: Bool) -> UICollectionViewCompositionalLayout {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 5
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        let background = NSCollectionLayoutDecorationItem.background(elementKind: Self.kind)
        background.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        section.decorationItems = [background]
        let layout = UICollectionViewCompositionalLayout(section: section)
        if register { layout.register(SectionBackgroundView.self, forDecorationViewOfKind: Self.kind) }
        return layout
    }

    func shown(register: Bool = true) throws -> (ScrollSimulator, UICollectionView, AnyObject) {
        let collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout(register: register))
        let cell = UICollectionView.CellRegistration<UICollectionViewListCell, Int> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = "\(item)"
            cell.contentConfiguration = content
        }
        let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) {
            collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        for section in 0..<12 {
            snapshot.appendSections([section])
            snapshot.appendItems(Array(section * 5..<section * 5 + 5))
        }
        dataSource.apply(snapshot, animatingDifferences: false)
        let simulator = ScrollSimulator(device: .iPhone13)
        try simulator.show(collectionView)
        return (simulator, collectionView, dataSource)
    }

    @Test("frames: the section less 5 on each side; category .decorationView; zIndex 0 (G1.13.1, G1.13.2, G1.13.4)")
    func frames() throws {
        let (simulator, collectionView, dataSource) = try shown()
        defer { withExtendedLifetime((simulator, dataSource)) {} }
        let layout = collectionView.collectionViewLayout
        let second = try #require(layout.layoutAttributesForDecorationView(ofKind: Self.kind, at: IndexPath(item: 0, section: 1)))
        #expect(second.frame == CGRect(x: 5, y: 265, width: 380, height: 250))
        #expect(second.representedElementCategory == .decorationView)
        #expect(second.representedElementKind == Self.kind)
        #expect(second.zIndex == 0)
        let inFirst = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 100)) ?? []
        #expect(inFirst.filter { $0.representedElementCategory == .decorationView }.count == 1)
        #expect(inFirst.filter { $0.representedElementCategory == .cell }.count == 2)
    }

    @Test("the layout makes the views: no provider call, created for the screen, reused after scrolling (G1.13.5)")
    func counts() throws {
        SectionBackgroundView.made = 0
        let (simulator, collectionView, dataSource) = try shown()
        defer { withExtendedLifetime(dataSource) {} }
        // Viewport [−47, 797) at rest meets sections 0…3 (0, 260, 520, 780).
        #expect(simulator.counts.decorationsCreated == 4)
        #expect(SectionBackgroundView.made == 4)
        #expect(simulator.counts.supplementaryProvider == 0)
        // A flick to the end (content 3120): every section's background shows on the way (50 pt
        // a frame at most), but at most five sections meet the screen at once, so after the
        // first screen views come from the pool.
        try simulator.fling(velocity: 6000)
        try simulator.runUntilIdle()
        #expect(abs(collectionView.contentOffset.y - (3120 - 844 + 34)) < 0.5)  // P1.6: within half a point
        #expect(simulator.counts.decorationsCreated + simulator.counts.decorationsReused >= 12)
        #expect(simulator.counts.decorationsCreated <= 6)
        #expect(SectionBackgroundView.made == simulator.counts.decorationsCreated)
    }

    @Test("an unregistered decoration kind is UIKit's crash, with its message")
    func unregistered() throws {
        let exception = uikitException { _ = try shown(register: false) }
        #expect(
            exception?.reason
                == "could not dequeue a view of kind: section-background-element-kind with identifier section-background-element-kind - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
        )
    }
}
