import CompositionalLayout

/// The seed screens' section descriptions (docs/scenarios.md "Shipped scenarios"; UIKit model section 5), written as
/// a UIKit app would. One definition shared by the tests of every layer and the benchmarks; the
/// shipped scenarios in `Config/scenarios` describe the same sections in JSON.
public enum SeedSections {
    /// A fractional item size.
    public static func fractional(_ width: Double, _ height: Double) -> LayoutSize {
        LayoutSize(widthDimension: .fractionalWidth(width), heightDimension: .fractionalHeight(height))
    }

    /// 5a "consult": item 1 × 1 with insets 2; group fractionalWidth 1 × absolute 200, count 1.
    public static var consult: LayoutSection {
        let item = LayoutItem(layoutSize: fractional(1, 1), contentInsets: DirectionalEdgeInsets(all: 2))
        let group = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(200)), subitem: .item(item),
            count: 1)
        return LayoutSection(group: group)
    }

    /// An orthogonal row of `width` × `height` groups: interGroupSpacing 10, insets 10 (5b, 5c).
    public static func row(
        width: Double, height: Double, behavior: OrthogonalScrollingBehavior = .continuousGroupLeadingBoundary
    ) -> LayoutSection {
        let group = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .absolute(width), heightDimension: .absolute(height)),
            subitems: [.item(LayoutItem(layoutSize: fractional(1, 1)))])
        return LayoutSection(
            group: group, interGroupSpacing: 10, contentInsets: DirectionalEdgeInsets(all: 10),
            orthogonalScrollingBehavior: behavior)
    }

    /// 5b "company": 350 × 200 groups.
    public static var company: LayoutSection { row(width: 350, height: 200) }

    /// 5c "expert": 150 × 150 groups.
    public static var expert: LayoutSection { row(width: 150, height: 150) }

    /// The home screen's sections, in order: consult, company, expert (5d).
    public static func home(companyBehavior: OrthogonalScrollingBehavior = .continuousGroupLeadingBoundary) -> [LayoutSection] {
        [consult, row(width: 350, height: 200, behavior: companyBehavior), expert]
    }

    /// 5e: the two-column grid of six with a 60-pt header.
    public static var sixGrid: LayoutSection {
        let item = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalWidth(0.5)),
            contentInsets: DirectionalEdgeInsets(top: 0, leading: 5, bottom: 16, trailing: 5))
        let group = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(0.5)),
            subitems: [.item(item)])
        let header = BoundarySupplementaryItem(
            elementKind: "header", layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(60)),
            alignment: .topLeading)
        return LayoutSection(
            group: group, contentInsets: DirectionalEdgeInsets(top: 0, leading: 15, bottom: 0, trailing: 15),
            boundarySupplementaryItems: [header])
    }

    /// 5f: count 2, item 1 × 1, group fractionalWidth 1 × fractionalHeight 0.3.
    public static var twoPerRow: LayoutSection {
        let group = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.3)),
            subitem: .item(LayoutItem(layoutSize: fractional(1, 1))), count: 2)
        return LayoutSection(group: group)
    }
}
