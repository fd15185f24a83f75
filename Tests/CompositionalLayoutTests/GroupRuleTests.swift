import CompositionalLayout
import Testing

/// Items and groups, rule by rule (UIKit model 1.3 to 1.5). Each case lays out one section of a
/// single group in a 390 × 844 container and compares every cell frame.
@Suite("Group rules")
struct GroupRuleTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let rule: String
        let group: LayoutGroup
        let items: Int
        let expected: [Rect]
        var testDescription: String { rule }
    }

    static func size(_ w: Dimension, _ h: Dimension) -> LayoutSize { LayoutSize(widthDimension: w, heightDimension: h) }
    static func item(
        _ w: Dimension, _ h: Dimension, insets: DirectionalEdgeInsets = .zero, edges: EdgeSpacing? = nil
    ) -> LayoutGroup.Subitem {
        .item(LayoutItem(layoutSize: size(w, h), contentInsets: insets, edgeSpacing: edges))
    }
    static let row = size(.absolute(390), .absolute(100))

    static let cases: [Case] = [
        Case(
            rule: "G1.3.1 D R2: a 20 × 20 slot with insets 2 gives a 16 × 16 cell; the group keeps its size",
            group: .horizontal(
                layoutSize: size(.absolute(40), .absolute(20)),
                subitems: [item(.absolute(20), .absolute(20), insets: DirectionalEdgeInsets(all: 2))]),
            items: 2, expected: [Rect(x: 2, y: 2, width: 16, height: 16), Rect(x: 22, y: 2, width: 16, height: 16)]),
        Case(
            rule: "G1.3.3/G1.3.4 D R3: trailing edge spacing 2 pushes each following item 2 pt",
            group: .horizontal(
                layoutSize: row, subitems: [item(.absolute(100), .absolute(50), edges: EdgeSpacing(trailing: .fixed(2)))]),
            items: 3,
            expected: [
                Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 102, y: 0, width: 100, height: 50),
                Rect(x: 204, y: 0, width: 100, height: 50),
            ]),
        Case(
            rule: "G1.3.4: leading fixed edge spacing counts in the fit test (3 × (30 + 100) = 390 fits, a 4th would not)",
            group: .horizontal(
                layoutSize: row, subitems: [item(.absolute(100), .absolute(50), edges: EdgeSpacing(leading: .fixed(30)))]),
            items: 4,
            expected: [
                Rect(x: 30, y: 0, width: 100, height: 50), Rect(x: 160, y: 0, width: 100, height: 50),
                Rect(x: 290, y: 0, width: 100, height: 50), Rect(x: 30, y: 100, width: 100, height: 50),
            ]),
        Case(
            rule: "G1.3.5 [B]: leading + trailing flexible(0) centres a single slot on both axes",
            group: .horizontal(
                layoutSize: row,
                repeatingSubitem: item(
                    .absolute(90), .absolute(40),
                    edges: EdgeSpacing(leading: .flexible(0), top: .flexible(0), trailing: .flexible(0), bottom: .flexible(0))),
                count: 1),
            items: 1, expected: [Rect(x: 150, y: 30, width: 90, height: 40)]),
        Case(
            rule: "G1.3.5 [B]: four 90-pt slots fill 390; the 30-pt leftover is shared by all 8 flexible edges (3.75 each)",
            group: .horizontal(
                layoutSize: row,
                subitems: [item(.absolute(90), .absolute(40), edges: EdgeSpacing(leading: .flexible(0), trailing: .flexible(0)))]),
            items: 2, expected: [Rect(x: 3.75, y: 0, width: 90, height: 40), Rect(x: 101.25, y: 0, width: 90, height: 40)]),
        Case(
            rule: "G1.4.2 D R23: one 0.2-wide subitem cycles to five per row",
            group: .horizontal(
                layoutSize: size(.fractionalWidth(1), .absolute(78)),
                subitems: [item(.fractionalWidth(0.2), .fractionalHeight(1))]),
            items: 6,
            expected: (0..<5).map { Rect(x: 78 * Double($0), y: 0, width: 78, height: 78) } + [
                Rect(x: 0, y: 78, width: 78, height: 78)
            ]),
        Case(
            rule: "G1.4.2 [B]: a group instance always takes at least one slot, even an oversized one",
            group: .horizontal(layoutSize: row, subitems: [item(.absolute(500), .absolute(100))]),
            items: 2, expected: [Rect(x: 0, y: 0, width: 500, height: 100), Rect(x: 0, y: 100, width: 500, height: 100)]),
        Case(
            rule: "G1.4.2: subitems cycle in order (a, b, a, b) until the next does not fit (a at 300 would end at 400 > 390)",
            group: .horizontal(
                layoutSize: row, subitems: [item(.absolute(100), .absolute(100)), item(.absolute(50), .absolute(100))]),
            items: 6,
            expected: [
                Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 100, y: 0, width: 50, height: 100),
                Rect(x: 150, y: 0, width: 100, height: 100), Rect(x: 250, y: 0, width: 50, height: 100),
                Rect(x: 0, y: 100, width: 100, height: 100), Rect(x: 100, y: 100, width: 50, height: 100),
            ]),
        Case(
            rule: "G1.4.3 [B]: a slot shorter than the group sits at the top, nothing centred",
            group: .horizontal(layoutSize: row, subitems: [item(.absolute(100), .absolute(30))]),
            items: 1, expected: [Rect(x: 0, y: 0, width: 100, height: 30)]),
        Case(
            rule: "G1.4.4 D R4: fixed interItemSpacing 10 between neighbours",
            group: {
                var g = LayoutGroup.horizontal(layoutSize: row, subitems: [item(.absolute(100), .absolute(50))]);
                g.interItemSpacing = .fixed(10); return g
            }(),
            items: 3,
            expected: [
                Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 110, y: 0, width: 100, height: 50),
                Rect(x: 220, y: 0, width: 100, height: 50),
            ]),
        Case(
            rule: "G1.4.5 D R4: flexible(10) spreads three 100-pt slots edge to edge (gap 45)",
            group: {
                var g = LayoutGroup.horizontal(layoutSize: row, subitems: [item(.absolute(100), .absolute(50))]);
                g.interItemSpacing = .flexible(10); return g
            }(),
            items: 3,
            expected: [
                Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 145, y: 0, width: 100, height: 50),
                Rect(x: 290, y: 0, width: 100, height: 50),
            ]),
        Case(
            rule: "G1.4.5: a flexible gap never goes below its minimum; one slot stays leading",
            group: {
                var g = LayoutGroup.horizontal(layoutSize: row, subitems: [item(.absolute(300), .absolute(50))]);
                g.interItemSpacing = .flexible(10); return g
            }(),
            items: 1, expected: [Rect(x: 0, y: 0, width: 300, height: 50)]),
        Case(
            rule: "G1.4.6 D R23: nested groups consume items depth first (leading 0.7 item, trailing 0.3 column of two)",
            group: .horizontal(
                layoutSize: size(.fractionalWidth(1), .absolute(200)),
                subitems: [
                    item(.fractionalWidth(0.7), .fractionalHeight(1)),
                    .group(
                        .vertical(
                            layoutSize: size(.fractionalWidth(0.3), .fractionalHeight(1)),
                            subitem: item(.fractionalWidth(1), .fractionalHeight(1)), count: 2)),
                ]),
            items: 3,
            expected: [
                Rect(x: 0, y: 0, width: 273, height: 200), Rect(x: 273, y: 0, width: 117, height: 100),
                Rect(x: 273, y: 100, width: 117, height: 100),
            ]),
        Case(
            rule: "G1.4.7 [B]: custom frames are relative to the group origin, one item each, repeated per instance",
            group: .custom(layoutSize: size(.fractionalWidth(1), .absolute(120))) { env in
                [
                    CustomGroupItem(frame: Rect(x: 0, y: 0, width: env.container.contentSize.width / 2, height: 120)),
                    CustomGroupItem(frame: Rect(x: 200, y: 20, width: 100, height: 80)),
                ]
            },
            items: 3,
            expected: [
                Rect(x: 0, y: 0, width: 195, height: 120), Rect(x: 200, y: 20, width: 100, height: 80),
                Rect(x: 0, y: 120, width: 195, height: 120),
            ]),
        Case(
            rule: "G1.4.8 [B]: the group's contentInsets shrink the box its items resolve against",
            group: {
                var g = LayoutGroup.horizontal(layoutSize: row, subitems: [item(.fractionalWidth(1), .fractionalHeight(1))]);
                g.contentInsets = DirectionalEdgeInsets(all: 10); return g
            }(),
            items: 2, expected: [Rect(x: 10, y: 10, width: 370, height: 80), Rect(x: 10, y: 110, width: 370, height: 80)]),
        Case(
            rule: "G1.4.9 [B]: items that do not fill the group leave the remainder empty; next instance one pitch later",
            group: .horizontal(layoutSize: row, subitems: [item(.absolute(150), .absolute(60))]),
            items: 3,
            expected: [
                Rect(x: 0, y: 0, width: 150, height: 60), Rect(x: 150, y: 0, width: 150, height: 60),
                Rect(x: 0, y: 100, width: 150, height: 60),
            ]),
        Case(
            rule: "G1.5.1 D R5/W R19: count 3 with spacing 10 → slots (390 − 20)/3; the item's width is overridden",
            group: {
                var g = LayoutGroup.horizontal(layoutSize: row, subitem: item(.absolute(10), .fractionalHeight(1)), count: 3);
                g.interItemSpacing = .fixed(15); return g
            }(),
            items: 3,
            expected: [
                Rect(x: 0, y: 0, width: 120, height: 100), Rect(x: 135, y: 0, width: 120, height: 100),
                Rect(x: 270, y: 0, width: 120, height: 100),
            ]),
        Case(
            rule: "G1.5.3 [B]: with count, the other axis still comes from the subitem",
            group: .horizontal(layoutSize: row, subitem: item(.fractionalWidth(1), .fractionalHeight(0.5)), count: 2),
            items: 2, expected: [Rect(x: 0, y: 0, width: 195, height: 50), Rect(x: 195, y: 0, width: 195, height: 50)]),
        Case(
            rule: "G1.5.5 [B]: flexible spacing with count uses its minimum as fixed spacing",
            group: {
                var g = LayoutGroup.horizontal(
                    layoutSize: row, subitem: item(.fractionalWidth(1), .fractionalHeight(1)), count: 2);
                g.interItemSpacing = .flexible(10); return g
            }(),
            items: 2, expected: [Rect(x: 0, y: 0, width: 190, height: 100), Rect(x: 200, y: 0, width: 190, height: 100)]),
        Case(
            rule: "G1.5.1 vertical twin: count 2 divides the height",
            group: .vertical(
                layoutSize: size(.absolute(100), .absolute(200)), subitem: item(.fractionalWidth(1), .absolute(7)), count: 2),
            items: 3,
            expected: [
                Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 0, y: 100, width: 100, height: 100),
                Rect(x: 0, y: 200, width: 100, height: 100),
            ]),
        Case(
            rule: "G1.4.1: a vertical group stacks slots top to bottom and stops when full",
            group: .vertical(
                layoutSize: size(.absolute(100), .absolute(100)), subitems: [item(.fractionalWidth(1), .absolute(40))]),
            items: 3,
            expected: [
                Rect(x: 0, y: 0, width: 100, height: 40), Rect(x: 0, y: 40, width: 100, height: 40),
                Rect(x: 0, y: 100, width: 100, height: 40),
            ]),
        Case(
            rule: "G1.5.4 D R5: repeatingSubitem places count slots at the subitem's size",
            group: .horizontal(layoutSize: row, repeatingSubitem: item(.absolute(100), .absolute(100)), count: 3),
            items: 3,
            expected: [
                Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 100, y: 0, width: 100, height: 100),
                Rect(x: 200, y: 0, width: 100, height: 100),
            ]),
    ]

    @Test("group rule", arguments: cases)
    func rule(_ c: Case) throws {
        let layout = try SeedLayouts.single(LayoutSection(group: c.group), count: c.items)
        #expect(layout.cellFrames(section: 0) == c.expected)
    }

    @Test("G1.3.1/G1.1.3 [B] A14: insets below 1 are points by default, fractions only when opted in")
    func fractionalInsets() throws {
        let section = LayoutSection(
            group: .horizontal(
                layoutSize: Self.row,
                subitems: [
                    Self.item(
                        .fractionalWidth(1), .fractionalHeight(1),
                        insets: DirectionalEdgeInsets(top: 0, leading: 0.1, bottom: 0, trailing: 0))
                ]))
        #expect(
            try SeedLayouts.single(section, count: 1).cellFrames(section: 0) == [Rect(x: 0.1, y: 0, width: 389.9, height: 100)])
        var configuration = LayoutConfiguration()
        configuration.rules.fractionalInsetsBelowOne = true
        #expect(
            try SeedLayouts.single(section, count: 1, configuration: configuration).cellFrames(section: 0) == [
                Rect(x: 39, y: 0, width: 351, height: 100)
            ])
    }

    @Test("G1.4.2: the fit test compares after floor (IBP) by default, so 3 × 130.2 = 390.6 fits 390; exact when switched off")
    func floorFitting() throws {
        let section = LayoutSection(
            group: .horizontal(layoutSize: Self.row, subitems: [Self.item(.absolute(130.2), .absolute(10))]))
        #expect(try SeedLayouts.single(section, count: 3).cellFrames(section: 0).map(\.minY) == [0, 0, 0])
        var exact = LayoutConfiguration()
        exact.rules.floorWhenFitting = false
        #expect(
            try SeedLayouts.single(section, count: 3, configuration: exact).cellFrames(section: 0).map(\.minY) == [0, 0, 100])
    }
}
