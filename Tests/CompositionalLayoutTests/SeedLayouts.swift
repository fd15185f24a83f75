import CompositionalLayout

/// The seed screens' sections (DESIGN.md "The seed screens"), written as a UIKit app would.
enum SeedLayouts {
    static let iPhone13 = LayoutContext(size: Size(width: 390, height: 844))

    static func fractional(_ w: Double, _ h: Double) -> LayoutSize {
        LayoutSize(widthDimension: .fractionalWidth(w), heightDimension: .fractionalHeight(h))
    }

    /// 5a: item 1×1 with insets 2; group fractionalWidth 1 × absolute 200, count 1.
    static var consult: LayoutSection {
        let item = LayoutItem(layoutSize: fractional(1, 1), contentInsets: DirectionalEdgeInsets(all: 2))
        let group = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(200)),
            subitem: .item(item), count: 1)
        return LayoutSection(group: group)
    }

    /// 5b: item 1×1; group absolute 350 × 200; interGroupSpacing 10; insets 10; leading boundary.
    static var company: LayoutSection { row(width: 350, height: 200) }

    /// 5c: item 1×1; group absolute 150 × 150; interGroupSpacing 10; insets 10; leading boundary.
    static var expert: LayoutSection { row(width: 150, height: 150) }

    static func row(
        width: Double, height: Double, behavior: OrthogonalScrollingBehavior = .continuousGroupLeadingBoundary
    ) -> LayoutSection {
        let item = LayoutItem(layoutSize: fractional(1, 1))
        let group = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .absolute(width), heightDimension: .absolute(height)),
            subitems: [.item(item)])
        return LayoutSection(
            group: group, interGroupSpacing: 10, contentInsets: DirectionalEdgeInsets(all: 10),
            orthogonalScrollingBehavior: behavior)
    }

    /// 5e: the two-column grid of six with a header.
    static var sixGrid: LayoutSection {
        let item = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalWidth(0.5)),
            contentInsets: DirectionalEdgeInsets(top: 0, leading: 5, bottom: 16, trailing: 5))
        let group = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(0.5)),
            subitems: [.item(item)])
        let header = BoundarySupplementaryItem(
            elementKind: "header",
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(60)),
            alignment: .topLeading)
        return LayoutSection(
            group: group, contentInsets: DirectionalEdgeInsets(top: 0, leading: 15, bottom: 0, trailing: 15),
            boundarySupplementaryItems: [header])
    }

    /// 5f: count 2, item 1×1, group fractionalWidth 1 × fractionalHeight 0.3.
    static var twoPerRow: LayoutSection {
        let group = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.3)),
            subitem: .item(LayoutItem(layoutSize: fractional(1, 1))), count: 2)
        return LayoutSection(group: group)
    }

    /// The home screen (5d): consult, company, expert; counts the provider calls per section.
    static func home(configuration: LayoutConfiguration = LayoutConfiguration()) -> CompositionalLayout {
        CompositionalLayout(configuration: configuration) { index, _ in
            [consult, company, expert][index]
        }
    }

    /// Lays `sections` out alone (each the only section) with `counts` items.
    static func prepared(
        _ layout: CompositionalLayout, counts: [Int], context: LayoutContext = iPhone13
    ) throws -> CompositionalLayout {
        let layout = layout
        _ = try layout.prepare(context: context, itemCounts: counts)
        return layout
    }

    static func single(
        _ section: LayoutSection, count: Int, configuration: LayoutConfiguration = LayoutConfiguration()
    ) throws
        -> CompositionalLayout
    {
        try prepared(CompositionalLayout(configuration: configuration) { _, _ in section }, counts: [count])
    }
}

extension CompositionalLayout {
    func cellFrames(section: Int) -> [Rect] {
        (0..<numberOfItems(inSection: section)).map { frame(for: IndexPath(item: $0, section: section))! }
    }
}
