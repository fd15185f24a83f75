import CompositionalLayout
import TestSupport

/// Generates well-formed layouts: items fit their groups (up to the 1-pt floor tolerance of
/// G1.4.2), spacing is non-negative, groups fit the section's cross axis.
struct LayoutGenerator {
    var random: SeededRandom

    mutating func double(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func bool() -> Bool { Bool.random(using: &random) }

    mutating func insets(max: Double) -> DirectionalEdgeInsets {
        bool()
            ? .zero
            : DirectionalEdgeInsets(
                top: double(0...max), leading: double(0...max), bottom: double(0...max), trailing: double(0...max))
    }

    /// A leaf item that fills a fraction of its group along `axis` and all of it across.
    mutating func item(along axis: Axis, fraction: Double) -> LayoutItem {
        let along: Dimension = axis == .horizontal ? .fractionalWidth(fraction) : .fractionalHeight(fraction)
        let across: Dimension = axis == .horizontal ? .fractionalHeight(double(0.5...1)) : .fractionalWidth(double(0.5...1))
        let size =
            axis == .horizontal
            ? LayoutSize(widthDimension: along, heightDimension: across)
            : LayoutSize(widthDimension: across, heightDimension: along)
        var edge: EdgeSpacing?
        if int(0...4) == 0 {
            edge =
                axis == .horizontal
                ? EdgeSpacing(leading: .flexible(0), trailing: .flexible(0))
                : EdgeSpacing(top: .flexible(0), bottom: .flexible(0))
        }
        var badges: [ItemSupplementaryItem] = []
        if int(0...4) == 0 {
            // A badge anchored at a random corner or edge, sometimes sticking out of the item.
            let edges = DirectionalRectEdge(rawValue: UInt(int(0...15)))
            let fractional = bool()
            badges.append(
                ItemSupplementaryItem(
                    elementKind: "badge", layoutSize: LayoutSize(widthDimension: .absolute(20), heightDimension: .absolute(20)),
                    containerAnchor: LayoutAnchor(
                        edges: edges, offset: Point(x: double(-0.5...0.5), y: double(-0.5...0.5)),
                        isFractionalOffset: fractional)))
        }
        return LayoutItem(layoutSize: size, contentInsets: insets(max: 3), edgeSpacing: edge, supplementaryItems: badges)
    }

    /// A group of the given size, horizontal or vertical, sometimes nested, sometimes `count`.
    mutating func group(size: LayoutSize, depth: Int) -> LayoutGroup {
        let axis: Axis = bool() ? .horizontal : .vertical
        switch int(0...(depth > 0 ? 3 : 2)) {
        case 0:
            let count = int(1...4)
            var group =
                axis == .horizontal
                ? LayoutGroup.horizontal(layoutSize: size, subitem: .item(item(along: axis, fraction: 1)), count: count)
                : LayoutGroup.vertical(layoutSize: size, subitem: .item(item(along: axis, fraction: 1)), count: count)
            if bool() { group.interItemSpacing = .fixed(double(0...6)) }
            return group
        case 1:
            let fraction = [1.0, 0.5, 1.0 / 3, 0.25, 0.2][int(0...4)]
            var group = LayoutGroup(
                layoutSize: size, arrangement: axis == .horizontal ? .horizontal : .vertical,
                subitems: [.item(item(along: axis, fraction: fraction))])
            if int(0...2) == 0 { group.interItemSpacing = .flexible(0) }
            return group
        case 2:
            let a = double(0.2...0.5)
            let b = double(0.1...(1 - a))
            return LayoutGroup(
                layoutSize: size, arrangement: axis == .horizontal ? .horizontal : .vertical,
                subitems: [.item(item(along: axis, fraction: a)), .item(item(along: axis, fraction: b))])
        default:
            let nestedSize =
                axis == .horizontal
                ? LayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1))
                : LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.5))
            let inner = group(size: nestedSize, depth: depth - 1)
            let leaf = item(along: axis, fraction: 0.5)
            return LayoutGroup(
                layoutSize: size, arrangement: axis == .horizontal ? .horizontal : .vertical,
                subitems: [.group(inner), .item(leaf)])
        }
    }

    mutating func section() -> LayoutSection {
        let behavior = int(0...2) == 0 ? OrthogonalScrollingBehavior.allCases[int(1...5)] : .none
        let width: Dimension =
            behavior.isOrthogonal
            ? (bool() ? .absolute(double(50...400)) : .fractionalWidth(double(0.3...1.2)))
            : .fractionalWidth([1.0, double(0.3...1)][int(0...1)])
        let height: Dimension = bool() ? .absolute(double(20...300)) : .fractionalWidth(double(0.1...0.8))
        var section = LayoutSection(
            group: group(size: LayoutSize(widthDimension: width, heightDimension: height), depth: 1),
            interGroupSpacing: bool() ? 0 : double(0...20), contentInsets: insets(max: 20),
            orthogonalScrollingBehavior: behavior)
        for kind in ["header", "footer"] where int(0...2) == 0 {
            section.boundarySupplementaryItems.append(
                BoundarySupplementaryItem(
                    elementKind: kind,
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(double(10...60))),
                    alignment: kind == "header" ? [.top, .topLeading, .topTrailing][int(0...2)] : .bottom,
                    extendsBoundary: int(0...3) != 0))
        }
        return section
    }

    /// A layout of 1 to 5 random sections and their item counts.
    mutating func layout() -> (layout: CompositionalLayout, counts: [Int]) {
        let sections = (0..<int(1...5)).map { _ in section() }
        let counts = sections.map { _ in int(0...60) }
        var configuration = LayoutConfiguration(interSectionSpacing: bool() ? 0 : double(0...30))
        if int(0...3) == 0 {
            configuration.boundarySupplementaryItems = [
                BoundarySupplementaryItem(
                    elementKind: "layout-header",
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
                    alignment: .top)
            ]
        }
        let layout = CompositionalLayout(configuration: configuration) { index, _ in sections[index] }
        return (layout, counts)
    }
}
