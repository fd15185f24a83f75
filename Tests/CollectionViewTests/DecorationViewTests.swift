import CollectionView
import CompositionalLayout
import DiffableDataSource
import Testing

/// Decoration views as the collection view realises them (UIKit model G1.13.5).
@Suite("Decoration views")
struct DecorationViewTests {
    /// Twenty 200-pt sections of two items, each with a background: a long page of cards.
    static func cards() throws -> CV {
        var section = LayoutSection(
            group: .horizontal(
                layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
                subitems: [
                    .item(
                        LayoutItem(
                            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1))))
                ]))
        section.decorationItems = [.background(elementKind: "card")]
        let layout = CompositionalLayout { _, _ in section }
        let view = CV(layout: layout, context: LayoutContext(size: Size(width: 390, height: 844)), prefetch: .disabled)
        view.register(reuseIdentifier: "cell")
        view.cellProvider = { view, indexPath, _ in try view.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) }
        var snapshot = Snapshot<String, String>()
        let ids = (0..<20).map { "s\($0)" }
        try snapshot.appendSections(ids)
        for id in ids { try snapshot.appendItems(["\(id)-0", "\(id)-1"], toSection: id) }
        _ = try view.apply(snapshot, animatingDifferences: false)
        return view
    }

    @Test("backgrounds on screen are created with no provider call; scrolling reuses those that left (G1.13.5)")
    func createdThenReused() throws {
        let view = try Self.cards()
        // 844 / 200: sections 0…4 meet the first screen (section 4 starts at 800).
        #expect(view.counts.total.decorationsCreated == 5)
        #expect(view.counts.total.decorationsReused == 0)
        #expect(view.counts.total.supplementaryProvider == 0)
        #expect(view.counts.sections["s0"]?.decorationsCreated == 1)
        var shown: [String] = []
        view.eventHandler = { event in
            if case .decorationShown(let section, let kind, _, let reused) = event {
                shown.append("\(section ?? "-") \(kind) \(reused ? "reused" : "created")")
            }
        }
        // One screen down: sections 0…3 leave (0…1044 → 844…1688 keeps 4…8), 4 more show.
        try view.setContentOffset(844)
        #expect(view.counts.total.decorationsCreated == 5)
        #expect(view.counts.total.decorationsReused == 4)
        #expect(shown == ["s5 card reused", "s6 card reused", "s7 card reused", "s8 card reused"])
        // Cells go through the provider: 9 rows of 100 met the first screen, 8 more the second.
        #expect(view.counts.total.cellProvider == 9 + 8)
    }

    @Test("reloadData sends every background back to its pool and shows them again from it")
    func reloadData() throws {
        let view = try Self.cards()
        _ = try view.applyUsingReloadData(view.dataSource.snapshot())
        #expect(view.counts.total.decorationsCreated == 5)
        #expect(view.counts.total.decorationsReused == 5)
    }
}
