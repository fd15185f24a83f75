import CompositionalLayout
import Testing

/// Item supplementaries (badges): sized against the item's frame (UIKit model G1.2), anchored to
/// its edges, requested with the item's index path (G1.8.6).
@Suite("Item supplementary items")
struct ItemSupplementaryTests {
    static let item = Rect(x: 100, y: 50, width: 80, height: 40)
    static let badge = Size(width: 20, height: 20)

    struct Case: Sendable, CustomTestStringConvertible {
        var edges: DirectionalRectEdge
        var offset: Point
        var fractional: Bool
        var expected: Rect
        var testDescription: String { "edges \(edges.rawValue) offset \(offset) fractional \(fractional)" }
    }

    @Test(
        "anchor edges and offsets place the badge against the item's frame [B for centring on a free axis]",
        arguments: [
            Case(
                edges: [.top, .trailing], offset: Point(x: 0.3, y: -0.3), fractional: true,
                expected: Rect(x: 166, y: 44, width: 20, height: 20)),
            Case(
                edges: [.top, .leading], offset: .zero, fractional: false, expected: Rect(x: 100, y: 50, width: 20, height: 20)),
            Case(
                edges: [.bottom, .trailing], offset: Point(x: -2, y: -2), fractional: false,
                expected: Rect(x: 158, y: 68, width: 20, height: 20)),
            Case(edges: [.bottom], offset: .zero, fractional: false, expected: Rect(x: 130, y: 70, width: 20, height: 20)),
            Case(edges: [], offset: .zero, fractional: false, expected: Rect(x: 130, y: 60, width: 20, height: 20)),
            Case(
                edges: .all, offset: Point(x: 0.5, y: 0.5), fractional: true, expected: Rect(x: 140, y: 70, width: 20, height: 20)
            ),
        ])
    func anchors(_ c: Case) {
        let anchor = LayoutAnchor(edges: c.edges, offset: c.offset, isFractionalOffset: c.fractional)
        #expect(anchor.frame(of: Self.badge, in: Self.item) == c.expected)
    }

    /// A two-column grid whose items carry a 20 × 20 badge at their top-trailing corner, sticking
    /// out by 30 % (Apple's badge sample).
    static func gridWithBadges() throws -> CompositionalLayout {
        let badge = ItemSupplementaryItem(
            elementKind: "badge", layoutSize: LayoutSize(widthDimension: .absolute(20), heightDimension: .absolute(20)),
            containerAnchor: LayoutAnchor(edges: [.top, .trailing], offset: Point(x: 0.3, y: -0.3), isFractionalOffset: true))
        let item = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)),
            contentInsets: DirectionalEdgeInsets(all: 10), supplementaryItems: [badge])
        let group = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), subitems: [.item(item)])
        let layout = CompositionalLayout(section: LayoutSection(group: group))
        _ = try layout.prepare(context: LayoutContext(size: Size(width: 390, height: 844)), itemCounts: [5])
        return layout
    }

    @Test("each cell's badge is an element with the cell's index path; queries find it even where it sticks out")
    func badgesInQueries() throws {
        let layout = try Self.gridWithBadges()
        let badges = layout.allElements().filter { $0.elementKind == "badge" }
        #expect(badges.count == 5)
        // Item 1: cell (205, 10, 175, 80); badge top-trailing + (6, −6).
        let second = try #require(badges.first { $0.indexPath == ItemPath(item: 1, section: 0) })
        #expect(second.frame == Rect(x: 366, y: 4, width: 20, height: 20))
        #expect(second.category == .supplementaryView)
        // Item 3's badge (y 104 to 124) is found by a rect that touches only the badge, not its cell.
        let rect = Rect(x: 360, y: 104, width: 10, height: 5)
        #expect(layout.elements(in: rect).map(\.indexPath) == [ItemPath(item: 3, section: 0)])
        #expect(layout.elements(in: rect).first?.elementKind == "badge")
    }
}
