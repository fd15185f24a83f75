import CompositionalLayout
import ScrollSimUIKit
import Testing

/// Each NSCollectionLayout* construct, built with UIKit's API, lays out exactly as the engine's own
/// description of it (the engine's rules are tested in CompositionalLayoutTests; this checks the
/// mapping).
@MainActor
@Suite("UIKit layout API maps onto the engine")
struct LayoutMappingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let items: Int
        let uikit: @MainActor @Sendable (any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection
        let engine: @Sendable (LayoutEnvironment) -> LayoutSection
        var testDescription: String { name }
    }

    static func size(_ w: NSCollectionLayoutDimension, _ h: NSCollectionLayoutDimension) -> NSCollectionLayoutSize {
        NSCollectionLayoutSize(widthDimension: w, heightDimension: h)
    }

    nonisolated static let cases: [Case] = [
        Case(
            name: "vertical group, flexible edge spacing, fixed inter-item spacing (G1.3.5, G1.4.4)", items: 9,
            uikit: { _ in
                let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.5), .absolute(40)))
                item.edgeSpacing = NSCollectionLayoutEdgeSpacing(
                    leading: .flexible(0), top: nil, trailing: .flexible(0), bottom: nil)
                let group = NSCollectionLayoutGroup.vertical(
                    layoutSize: size(.fractionalWidth(1), .absolute(140)), subitems: [item])
                group.interItemSpacing = .fixed(8)
                return NSCollectionLayoutSection(group: group)
            },
            engine: { _ in
                let item = LayoutItem(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(40)),
                    edgeSpacing: EdgeSpacing(leading: .flexible(0), trailing: .flexible(0)))
                var group = LayoutGroup.vertical(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(140)),
                    subitems: [.item(item)])
                group.interItemSpacing = .fixed(8)
                return LayoutSection(group: group)
            }),
        Case(
            name: "repeatingSubitem count 3 and flexible inter-item spacing (G1.5.4, G1.4.5)", items: 7,
            uikit: { _ in
                let item = NSCollectionLayoutItem(layoutSize: size(.absolute(100), .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(
                    layoutSize: size(.fractionalWidth(1), .absolute(80)), repeatingSubitem: item, count: 3)
                group.interItemSpacing = .flexible(4)
                let section = NSCollectionLayoutSection(group: group)
                section.interGroupSpacing = 12
                return section
            },
            engine: { _ in
                let item = LayoutItem(
                    layoutSize: LayoutSize(widthDimension: .absolute(100), heightDimension: .fractionalHeight(1)))
                var group = LayoutGroup.horizontal(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(80)),
                    repeatingSubitem: .item(item),
                    count: 3)
                group.interItemSpacing = .flexible(4)
                return LayoutSection(group: group, interGroupSpacing: 12)
            }),
        Case(
            name: "nested groups with group insets (G1.4.6, G1.4.8)", items: 10,
            uikit: { _ in
                let big = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.6), .fractionalHeight(1)))
                let small = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
                small.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
                let column = NSCollectionLayoutGroup.vertical(
                    layoutSize: size(.fractionalWidth(0.4), .fractionalHeight(1)), subitems: [small])
                let group = NSCollectionLayoutGroup.horizontal(
                    layoutSize: size(.fractionalWidth(1), .absolute(160)), subitems: [big, column])
                group.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
                return NSCollectionLayoutSection(group: group)
            },
            engine: { _ in
                let big = LayoutItem(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.6), heightDimension: .fractionalHeight(1)))
                let small = LayoutItem(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.5)),
                    contentInsets: DirectionalEdgeInsets(all: 2))
                let column = LayoutGroup.vertical(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.4), heightDimension: .fractionalHeight(1)),
                    subitems: [.item(small)])
                var group = LayoutGroup.horizontal(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(160)),
                    subitems: [.item(big), .group(column)])
                group.contentInsets = DirectionalEdgeInsets(all: 4)
                return LayoutSection(group: group)
            }),
        Case(
            name: "custom group (G1.4.7)", items: 7,
            uikit: { _ in
                let group = NSCollectionLayoutGroup.custom(layoutSize: size(.fractionalWidth(1), .absolute(120))) { environment in
                    let width = environment.container.contentSize.width
                    return [
                        NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 0, y: 0, width: width / 2, height: 120)),
                        NSCollectionLayoutGroupCustomItem(frame: CGRect(x: width / 2, y: 0, width: width / 2, height: 60)),
                        NSCollectionLayoutGroupCustomItem(
                            frame: CGRect(x: width / 2, y: 60, width: width / 2, height: 60), zIndex: 1),
                    ]
                }
                return NSCollectionLayoutSection(group: group)
            },
            engine: { _ in
                let group = LayoutGroup.custom(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(120))
                ) {
                    environment in
                    let width = environment.container.contentSize.width
                    return [
                        CustomGroupItem(frame: Rect(x: 0, y: 0, width: width / 2, height: 120)),
                        CustomGroupItem(frame: Rect(x: width / 2, y: 0, width: width / 2, height: 60)),
                        CustomGroupItem(frame: Rect(x: width / 2, y: 60, width: width / 2, height: 60), zIndex: 1),
                    ]
                }
                return LayoutSection(group: group)
            }),
        Case(
            name: "header, overlaying footer, pinned header, insets not followed (G1.8)", items: 6,
            uikit: { _ in
                let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(50)))
                let section = NSCollectionLayoutSection(
                    group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [item]))
                section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 16, bottom: 10, trailing: 16)
                let header = NSCollectionLayoutBoundarySupplementaryItem(
                    layoutSize: size(.fractionalWidth(1), .absolute(44)), elementKind: "header", alignment: .top)
                header.pinToVisibleBounds = true
                let footer = NSCollectionLayoutBoundarySupplementaryItem(
                    layoutSize: size(.fractionalWidth(0.5), .absolute(30)), elementKind: "footer", alignment: .bottomTrailing,
                    absoluteOffset: CGPoint(x: -4, y: 0))
                footer.extendsBoundary = false
                section.boundarySupplementaryItems = [header, footer]
                section.supplementariesFollowContentInsets = false
                return section
            },
            engine: { _ in
                let item = LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)))
                return LayoutSection(
                    group: .horizontal(
                        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
                        subitems: [.item(item)]),
                    contentInsets: DirectionalEdgeInsets(top: 10, leading: 16, bottom: 10, trailing: 16),
                    boundarySupplementaryItems: [
                        BoundarySupplementaryItem(
                            elementKind: "header",
                            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
                            alignment: .top, pinToVisibleBounds: true),
                        BoundarySupplementaryItem(
                            elementKind: "footer",
                            layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(30)),
                            alignment: .bottomTrailing, absoluteOffset: Point(x: -4, y: 0), extendsBoundary: false),
                    ], supplementariesFollowContentInsets: false)
            }),
        Case(
            name: "groupPagingCentered row with 0.8-wide groups (G1.9, G1.9.7)", items: 6,
            uikit: { _ in
                let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(
                    layoutSize: size(.fractionalWidth(0.8), .fractionalHeight(0.25)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.interGroupSpacing = 8
                section.orthogonalScrollingBehavior = .groupPagingCentered
                return section
            },
            engine: { _ in
                let item = LayoutItem(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = LayoutGroup.horizontal(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.8), heightDimension: .fractionalHeight(0.25)),
                    subitems: [.item(item)])
                return LayoutSection(group: group, interGroupSpacing: 8, orthogonalScrollingBehavior: .groupPagingCentered)
            }),
        Case(
            name: "insetGrouped list with supplementary header (D5.10)", items: 5,
            uikit: { environment in
                var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
                configuration.headerMode = .supplementary
                return NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
            },
            engine: { environment in
                LayoutSection.list(
                    using: ListConfiguration(appearance: .insetGrouped, headerMode: .supplementary),
                    layoutEnvironment: environment)
            }),
    ]

    /// (kind, section, item, frame) of every element, in a stable order.
    static func signature(_ elements: [(String, Int, Int, Rect)]) -> [String] {
        elements.map { "\($0.0) [\($0.1), \($0.2)] \($0.3)" }.sorted()
    }

    @Test("the same frames for every element", arguments: cases)
    func sameFrames(_ c: Case) throws {
        let uikitLayout = UICollectionViewCompositionalLayout { _, environment in c.uikit(environment) }
        let collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: uikitLayout)
        let registration = UICollectionView.CellRegistration<UICollectionViewCell, Int> { _, _, _ in }
        let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<c.items))
        dataSource.apply(snapshot)
        let everything = CGRect(x: -10_000, y: -10_000, width: 100_000, height: 100_000)
        let uikit = try #require(uikitLayout.layoutAttributesForElements(in: everything)).map { attributes in
            let kind =
                switch attributes.representedElementKind {
                case UICollectionView.elementKindSectionHeader?: "header"
                case UICollectionView.elementKindSectionFooter?: "footer"
                case let kind?: kind
                case nil: "cell"
                }
            return (kind, attributes.indexPath.section, attributes.indexPath.item, attributes.frame.core)
        }

        let engineLayout = CompositionalLayout { _, environment in c.engine(environment) }
        _ = try engineLayout.prepare(context: LayoutContext(size: Size(width: 390, height: 844)), itemCounts: [c.items])
        let engine = engineLayout.allElements().map {
            ($0.elementKind ?? "cell", $0.indexPath.section, $0.indexPath.item, $0.frame)
        }
        #expect(!engine.isEmpty)
        #expect(Self.signature(uikit) == Self.signature(engine))
    }
}

extension CGRect {
    fileprivate var core: Rect { Rect(x: Double(minX), y: Double(minY), width: Double(width), height: Double(height)) }
}
