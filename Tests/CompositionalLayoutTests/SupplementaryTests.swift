import CompositionalLayout
import Testing

/// Boundary supplementary items (UIKit model 1.8) and layout-wide ones (G1.7.4).
@Suite("Headers, footers and pinning")
struct SupplementaryTests {
    static func boundary(
        _ kind: String, _ height: Double, _ alignment: RectAlignment, extends: Bool = true, pinned: Bool = false
    ) -> BoundarySupplementaryItem {
        BoundarySupplementaryItem(
            elementKind: kind, layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)),
            alignment: alignment, extendsBoundary: extends, pinToVisibleBounds: pinned)
    }

    static func section(
        _ items: [BoundarySupplementaryItem],
        insets: DirectionalEdgeInsets = DirectionalEdgeInsets(top: 5, leading: 0, bottom: 7, trailing: 0)
    ) -> LayoutSection {
        var section = SeedLayouts.consult
        section.contentInsets = insets
        section.boundarySupplementaryItems = items
        return section
    }

    static func supplementaries(_ layout: CompositionalLayout) -> [String: Rect] {
        Dictionary(uniqueKeysWithValues: layout.allElements().filter { $0.category != .cell }.map { ($0.elementKind!, $0.frame) })
    }

    @Test("header before the top inset, footer after the bottom inset, both extend the section (G1.8.2, G1.8.3 [B] A6)")
    func headerAndFooter() throws {
        let layout = try SeedLayouts.single(
            Self.section([Self.boundary("header", 30, .top), Self.boundary("footer", 20, .bottom)]), count: 2)
        let frames = Self.supplementaries(layout)
        #expect(frames["header"] == Rect(x: 0, y: 0, width: 390, height: 30))
        #expect(layout.frame(for: ItemPath(item: 0, section: 0))?.minY == 37)  // 30 + inset 5 + cell inset 2
        #expect(frames["footer"] == Rect(x: 0, y: 30 + 5 + 400 + 7, width: 390, height: 20))
        #expect(layout.sectionFrame(0)?.size.height == 462)
    }

    @Test("extendsBoundary false overlays the content and the section does not grow (G1.8.3 [B])")
    func overlay() throws {
        let layout = try SeedLayouts.single(Self.section([Self.boundary("header", 30, .top, extends: false)]), count: 2)
        #expect(Self.supplementaries(layout)["header"] == Rect(x: 0, y: 0, width: 390, height: 30))
        #expect(layout.sectionFrame(0)?.size.height == 412)
    }

    @Test("two top headers stack in order [B]; trailing and centred alignment on the cross axis (G1.8.2)")
    func stackingAndAlignment() throws {
        var small = Self.boundary("badge", 10, .topTrailing)
        small.layoutSize.widthDimension = .absolute(100)
        var centred = Self.boundary("title", 20, .top)
        centred.layoutSize.widthDimension = .absolute(100)
        let layout = try SeedLayouts.single(Self.section([small, centred]), count: 1)
        let frames = Self.supplementaries(layout)
        #expect(frames["badge"] == Rect(x: 290, y: 0, width: 100, height: 10))
        #expect(frames["title"] == Rect(x: 145, y: 10, width: 100, height: 20))
        #expect(layout.frame(for: ItemPath(item: 0, section: 0))?.minY == 37)
    }

    @Test("a pinned header stays at the pinning boundary while its section is on screen (G1.8.4 [B])")
    func pinnedHeader() throws {
        let pinned = Self.section([Self.boundary("header", 30, .top, pinned: true)])
        let layout = CompositionalLayout { _, _ in pinned }
        _ = try layout.prepare(context: SeedLayouts.iPhone13, itemCounts: [3, 3])
        // Section 0 spans 0..<642, section 1 starts at 642.
        func header(at offset: Double, section: Int) -> LayoutAttributes? {
            layout.visibleElements(in: Viewport(rect: Rect(x: 0, y: offset, width: 390, height: 844)))
                .first { $0.category == .supplementaryView && $0.indexPath.section == section }
        }
        #expect(header(at: 0, section: 0)?.frame.minY == 0)
        #expect(header(at: 0, section: 0)?.isPinned == false)
        #expect(header(at: 300, section: 0)?.frame.minY == 300)
        #expect(header(at: 300, section: 0)?.isPinned == true)
        #expect(header(at: 630, section: 0)?.frame.minY == 612)  // clamped to sectionMaxY − 30
        #expect(header(at: 700, section: 0) == nil)
        #expect(header(at: 700, section: 1)?.frame.minY == 700)
        // With an adjusted inset the header pins below it.
        let underBar = layout.visibleElements(
            in: Viewport(rect: Rect(x: 0, y: 253, width: 390, height: 844), pinningBoundary: 300))
        #expect(underBar.first { $0.category == .supplementaryView }?.frame.minY == 300)
        // Unpinned queries report the natural frame.
        #expect(
            layout.elements(in: Rect(x: 0, y: 0, width: 390, height: 10)).first { $0.category == .supplementaryView }?.frame.minY
                == 0)
    }

    @Test("attribute and rectangle queries with a scroll position report pinned headers where they are shown (G1.8.4 [B])")
    func pinnedQueries() throws {
        let pinned = Self.section([Self.boundary("header", 30, .top, pinned: true)])
        let layout = CompositionalLayout { _, _ in pinned }
        _ = try layout.prepare(context: SeedLayouts.iPhone13, itemCounts: [3, 3])
        let scrolled = Pinning(boundary: 347, viewportEnd: 300 + 844 - 34)  // offset 300, safe area 47 / 34
        let header = layout.supplementary(ofKind: "header", at: ItemPath(item: 0, section: 0), pinning: scrolled)
        #expect(header?.frame.minY == 347)
        #expect(header?.isPinned == true)
        #expect(layout.supplementary(ofKind: "header", at: ItemPath(item: 0, section: 0), pinning: nil)?.frame.minY == 0)
        let there = layout.elements(in: Rect(x: 0, y: 350, width: 390, height: 5), pinning: scrolled)
        #expect(there.contains { $0.category == .supplementaryView && $0.indexPath.section == 0 })
        let resting = layout.elements(in: Rect(x: 0, y: 0, width: 390, height: 5), pinning: scrolled)
        #expect(!resting.contains { $0.category == .supplementaryView })
        #expect(layout.supplementary(ofKind: "header", at: ItemPath(item: 0, section: 1), pinning: scrolled)?.frame.minY == 642)
    }

    @Test("a pinned footer stays at the viewport's end while its section is on screen (G1.8.4 [B])")
    func pinnedFooter() throws {
        let layout = try SeedLayouts.single(Self.section([Self.boundary("footer", 20, .bottom, pinned: true)]), count: 6)
        let footer = layout.visibleElements(in: Viewport(rect: Rect(x: 0, y: 0, width: 390, height: 844)))
            .first { $0.category == .supplementaryView }
        #expect(footer?.frame.minY == 824)
        #expect(footer?.isPinned == true)
    }

    @Test("an orthogonal section's header does not scroll with the row (G1.8.5 [B])")
    func orthogonalHeader() throws {
        var company = SeedLayouts.company
        company.boundarySupplementaryItems = [Self.boundary("header", 40, .topLeading)]
        let layout = try SeedLayouts.single(company, count: 5)
        let visible = layout.visibleElements(
            in: Viewport(rect: Rect(x: 0, y: 0, width: 390, height: 844), orthogonalOffsets: [0: 1000]))
        #expect(visible.first { $0.category == .supplementaryView }?.frame == Rect(x: 10, y: 0, width: 370, height: 40))
        #expect(visible.filter { $0.category == .cell }.map(\.indexPath.item) == [2, 3])
        #expect(layout.sectionFrame(0)?.size.height == 260)
    }

    @Test("layout-wide header and footer sit before section 0 and after the last section (G1.7.4 [B])")
    func layoutWide() throws {
        let configuration = LayoutConfiguration(
            interSectionSpacing: 10,
            boundarySupplementaryItems: [Self.boundary("top", 50, .top), Self.boundary("bottom", 30, .bottom)])
        let layout = try SeedLayouts.prepared(SeedLayouts.home(configuration: configuration), counts: [3, 5, 4])
        let all = layout.allElements()
        #expect(all.first?.category == .layoutSupplementaryView)
        #expect(all.first?.frame == Rect(x: 0, y: 0, width: 390, height: 50))
        #expect(all.last?.frame == Rect(x: 0, y: 50 + 990 + 20, width: 390, height: 30))
        #expect(layout.sectionFrame(0)?.minY == 50)
        #expect(layout.contentSize.height == 1090)
        #expect(layout.elements(in: Rect(x: 0, y: 1065, width: 1, height: 1)).map(\.elementKind) == ["bottom"])
    }
}

@Suite("Orthogonal sections, scroll direction, lists, empty sections, errors")
struct SectionRuleTests {
    @Test(
        "every orthogonal behaviour lays the groups out along the cross axis identically (G1.9.1, G1.9.2)",
        arguments: OrthogonalScrollingBehavior.allCases.filter(\.isOrthogonal))
    func behaviours(_ behavior: OrthogonalScrollingBehavior) throws {
        let layout = try SeedLayouts.single(SeedLayouts.row(width: 350, height: 200, behavior: behavior), count: 5)
        #expect(layout.cellFrames(section: 0) == (0..<5).map { Rect(x: 10 + 360 * Double($0), y: 10, width: 350, height: 200) })
        #expect(layout.orthogonalContentLength(ofSection: 0) == 1810)
    }

    @Test("G1.9.1 D R10: behaviour raw values and names")
    func behaviourRawValues() {
        let table = OrthogonalScrollingBehavior.allCases.map { "\($0.name)=\($0.rawValue)" }
        #expect(
            table == [
                "none=0", "continuous=1", "continuousGroupLeadingBoundary=2", "paging=3", "groupPaging=4",
                "groupPagingCentered=5",
            ])
    }

    @Test("G1.9.4 A3: without the insets rule, C is the groups and spacing only")
    func contentLengthWithoutInsets() throws {
        var configuration = LayoutConfiguration()
        configuration.rules.orthogonalContentIncludesInsets = false
        let layout = try SeedLayouts.single(SeedLayouts.company, count: 5, configuration: configuration)
        #expect(layout.orthogonalContentLength(ofSection: 0) == 1790)
    }

    @Test("G1.9.7: an orthogonal group wider than the section content is allowed (0.85 fractions)")
    func wideOrthogonalGroup() throws {
        let size = LayoutSize(widthDimension: .fractionalWidth(0.85), heightDimension: .absolute(100))
        let section = LayoutSection(
            group: .horizontal(layoutSize: size, subitems: [.item(LayoutItem(layoutSize: SeedLayouts.fractional(1, 1)))]),
            orthogonalScrollingBehavior: .groupPagingCentered)
        let layout = try SeedLayouts.single(section, count: 3)
        #expect(layout.cellFrames(section: 0).map(\.minX) == [0, 331.5, 663])
    }

    @Test("U2: a horizontal main layout mirrors the rules: sections stack along x, groups resolve against the height")
    func horizontalScrollDirection() throws {
        let item = LayoutItem(layoutSize: SeedLayouts.fractional(1, 1), contentInsets: DirectionalEdgeInsets(all: 2))
        let group = LayoutGroup.vertical(
            layoutSize: LayoutSize(widthDimension: .absolute(200), heightDimension: .fractionalHeight(1)),
            subitem: .item(item), count: 2)
        let section = LayoutSection(
            group: group, interGroupSpacing: 10,
            contentInsets: DirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20))
        let layout = try SeedLayouts.prepared(
            CompositionalLayout(configuration: LayoutConfiguration(scrollDirection: .horizontal, interSectionSpacing: 5)) {
                _, _ in section
            },
            counts: [3, 1])
        #expect(
            layout.cellFrames(section: 0) == [
                Rect(x: 22, y: 2, width: 196, height: 418), Rect(x: 22, y: 424, width: 196, height: 418),
                Rect(x: 232, y: 2, width: 196, height: 418),
            ])
        #expect(layout.sectionFrame(1)?.minX == 455)  // 20 + 200 + 10 + 200 + 20 + 5
        #expect(layout.contentSize == Size(width: 455 + 240, height: 844))
        let visible = layout.elements(in: Rect(x: 440, y: 0, width: 100, height: 844))
        #expect(visible.map(\.indexPath) == [ItemPath(item: 0, section: 1)])
    }

    @Test("G1.6.4 [B] A15: an empty section keeps insets and supplementaries; IBP's zero when switched off")
    func emptySection() throws {
        var section = SeedLayouts.company
        section.boundarySupplementaryItems = [SupplementaryTests.boundary("header", 40, .top)]
        #expect(try SeedLayouts.single(section, count: 0).sectionFrame(0)?.size.height == 60)
        var ibp = LayoutConfiguration()
        ibp.rules.emptySectionKeepsInsets = false
        #expect(try SeedLayouts.single(section, count: 0, configuration: ibp).sectionFrame(0)?.size.height == 0)
        #expect(try SeedLayouts.single(section, count: 0).orthogonalContentLength(ofSection: 0) == 20)
    }

    @Test(
        "D5.10 list sections: full-width estimated 44-pt rows; inset grouped uses the margins; headers per mode [B metrics]",
        arguments: ListConfiguration.Appearance.allCases)
    func listSection(_ appearance: ListConfiguration.Appearance) throws {
        let configuration = ListConfiguration(appearance: appearance, headerMode: .supplementary, footerMode: .supplementary)
        let layout = try SeedLayouts.prepared(
            CompositionalLayout { _, environment in LayoutSection.list(using: configuration, layoutEnvironment: environment) },
            counts: [3])
        let metrics = ListMetrics.standard(for: appearance)
        let side = metrics.sideInset ?? 16
        let top = metrics.headerHeight + metrics.sectionVerticalInset
        #expect(
            layout.cellFrames(section: 0)
                == (0..<3).map { Rect(x: side, y: top + 44 * Double($0), width: 390 - 2 * side, height: 44) })
        let kinds = layout.allElements().compactMap(\.elementKind)
        #expect(kinds == ["header", "footer"])
        #expect(layout.sectionDescription(0)?.listAppearance == appearance)
        #expect(layout.sectionFrame(0)?.size.height == top + 132 + metrics.sectionVerticalInset + metrics.footerHeight)
    }

    @Test("D5.10: headerMode firstItemInSection adds no supplementary; item 0 is the header row")
    func listFirstItemHeader() throws {
        let configuration = ListConfiguration(appearance: .sidebar, headerMode: .firstItemInSection)
        let layout = try SeedLayouts.prepared(
            CompositionalLayout { _, environment in LayoutSection.list(using: configuration, layoutEnvironment: environment) },
            counts: [4])
        #expect(layout.allElements().allSatisfy { $0.category == .cell })
        #expect(layout.numberOfItems(inSection: 0) == 4)
    }

    struct BadCase: CustomTestStringConvertible, Sendable {
        let name: String
        let group: LayoutGroup
        let error: LayoutError
        var testDescription: String { name }
    }

    static let zeroItem = LayoutItem(layoutSize: LayoutSize(widthDimension: .absolute(0), heightDimension: .absolute(10)))
    static let badCases: [BadCase] = [
        BadCase(
            name: "zero-width subitems would repeat forever",
            group: .horizontal(layoutSize: SeedLayouts.fractional(1, 0.1), subitems: [.item(zeroItem)]),
            error: .nonAdvancingGroup(section: 0, path: "group")),
        BadCase(
            name: "near-zero widths hit the slot limit",
            group: .horizontal(
                layoutSize: SeedLayouts.fractional(1, 0.1),
                subitems: [
                    .item(
                        LayoutItem(
                            layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.00001), heightDimension: .absolute(1))))
                ]),
            error: .tooManySlots(section: 0, path: "group", limit: 10_000)),
        BadCase(
            name: "count 0",
            group: .horizontal(layoutSize: SeedLayouts.fractional(1, 0.1), subitem: .item(zeroItem), count: 0),
            error: .invalidCount(section: 0, path: "group", count: 0)),
        BadCase(
            name: "a negative width",
            group: .horizontal(
                layoutSize: SeedLayouts.fractional(1, 0.1),
                subitems: [
                    .item(LayoutItem(layoutSize: LayoutSize(widthDimension: .absolute(-5), heightDimension: .absolute(1))))
                ]),
            error: .invalidValue(section: 0, path: "group.subitems[0].layoutSize.widthDimension", value: -5)),
        BadCase(
            name: "an infinite height",
            group: .horizontal(
                layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(.infinity)),
                subitems: [.item(zeroItem)]),
            error: .invalidValue(section: 0, path: "group.layoutSize.heightDimension", value: .infinity)),
        BadCase(
            name: "a custom provider returning nothing",
            group: .custom(layoutSize: SeedLayouts.fractional(1, 0.1)) { _ in [] },
            error: .emptyGroup(section: 0, path: "group")),
    ]

    @Test("bad descriptions are errors naming the section and path, never hangs or traps", arguments: badCases)
    func badDescription(_ c: BadCase) throws {
        #expect(throws: c.error) { try SeedLayouts.single(LayoutSection(group: c.group), count: 1_000_000_000) }
        #expect(!c.error.description.isEmpty)
    }

    @Test("NaN in a description is reported (NaN never equals itself, so compare the description)")
    func nanValue() throws {
        let group = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(.nan), heightDimension: .absolute(1)),
            subitems: [.item(Self.zeroItem)])
        do {
            _ = try SeedLayouts.single(LayoutSection(group: group), count: 1)
            Issue.record("expected an error")
        } catch {
            #expect(
                String(describing: error)
                    == "section 0: group.layoutSize.widthDimension: nan is not a usable length or fraction (must be finite and not negative)"
            )
        }
    }

    @Test("10^9 items in a uniform section lay out arithmetically; the last item's frame is exact")
    func hugeSection() throws {
        let layout = try SeedLayouts.single(SeedLayouts.consult, count: 1_000_000_000)
        #expect(layout.contentSize.height == 200_000_000_000)
        #expect(
            layout.frame(for: ItemPath(item: 999_999_999, section: 0)) == Rect(x: 2, y: 199_999_999_802, width: 386, height: 196)
        )
        let visible = layout.elements(in: Rect(x: 0, y: 100_000_000_000, width: 390, height: 844))
        #expect(visible.map(\.indexPath.item) == Array(500_000_000...500_000_004))
    }
}
