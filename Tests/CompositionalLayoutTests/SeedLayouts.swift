import CompositionalLayout
import SeedScreens

/// Helpers around the seed screens' sections (defined once in SeedScreens).
enum SeedLayouts {
    static let iPhone13 = LayoutContext(size: Size(width: 390, height: 844))

    static func fractional(_ w: Double, _ h: Double) -> LayoutSize { SeedSections.fractional(w, h) }
    static var consult: LayoutSection { SeedSections.consult }
    static var company: LayoutSection { SeedSections.company }
    static var expert: LayoutSection { SeedSections.expert }
    static var sixGrid: LayoutSection { SeedSections.sixGrid }
    static var twoPerRow: LayoutSection { SeedSections.twoPerRow }
    static func row(
        width: Double, height: Double, behavior: OrthogonalScrollingBehavior = .continuousGroupLeadingBoundary
    ) -> LayoutSection {
        SeedSections.row(width: width, height: height, behavior: behavior)
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
        (0..<numberOfItems(inSection: section)).map { frame(for: ItemPath(item: $0, section: section))! }
    }
}
