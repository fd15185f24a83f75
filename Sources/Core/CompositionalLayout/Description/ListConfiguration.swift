/// A list section's appearance and header/footer modes (UIKit's
/// `UICollectionLayoutListConfiguration`, UIKit model D5.10 and R18).
public struct ListConfiguration: Sendable, Hashable {
    /// Raw values follow UIKit's `UICollectionLayoutListAppearance` (D5.10).
    public enum Appearance: Int, Sendable, Hashable, CaseIterable {
        case plain = 0
        case grouped = 1
        case insetGrouped = 2
        case sidebar = 3
        case sidebarPlain = 4

        public var name: String {
            switch self {
            case .plain: "plain"
            case .grouped: "grouped"
            case .insetGrouped: "insetGrouped"
            case .sidebar: "sidebar"
            case .sidebarPlain: "sidebarPlain"
            }
        }
    }

    /// How a section shows its header (D5.10: `.none` is the default; with
    /// `.firstItemInSection` item 0 *is* the header row and real items start at index 1).
    public enum HeaderMode: String, Sendable, Hashable, CaseIterable {
        case none, supplementary, firstItemInSection
    }

    public enum FooterMode: String, Sendable, Hashable, CaseIterable {
        case none, supplementary
    }

    public var appearance: Appearance
    public var headerMode: HeaderMode
    public var footerMode: FooterMode
    /// Row and header metrics; Apple does not document them, so they are parameters [B].
    public var metrics: ListMetrics

    public init(
        appearance: Appearance, headerMode: HeaderMode = .none, footerMode: FooterMode = .none,
        metrics: ListMetrics? = nil
    ) {
        self.appearance = appearance
        self.headerMode = headerMode
        self.footerMode = footerMode
        self.metrics = metrics ?? ListMetrics.standard(for: appearance)
    }
}

/// The sizes a list section uses. Apple publishes none of them; the defaults are the long-standing
/// table-view values (44 pt rows) and commonly measured header heights, all estimates that
/// self-sizing replaces [B].
public struct ListMetrics: Sendable, Hashable {
    /// Estimated row height.
    public var rowHeight: Double
    /// Estimated supplementary header height.
    public var headerHeight: Double
    /// Estimated supplementary footer height.
    public var footerHeight: Double
    /// Space above and below each section's rows (grouped appearances).
    public var sectionVerticalInset: Double
    /// Leading/trailing inset of the rows; `nil` uses the layout margins (inset grouped) or 0.
    public var sideInset: Double?

    public init(
        rowHeight: Double, headerHeight: Double, footerHeight: Double, sectionVerticalInset: Double,
        sideInset: Double?
    ) {
        self.rowHeight = rowHeight
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.sectionVerticalInset = sectionVerticalInset
        self.sideInset = sideInset
    }

    /// The default metrics of an appearance [B].
    public static func standard(for appearance: ListConfiguration.Appearance) -> ListMetrics {
        switch appearance {
        case .plain:
            ListMetrics(rowHeight: 44, headerHeight: 28, footerHeight: 28, sectionVerticalInset: 0, sideInset: 0)
        case .grouped:
            ListMetrics(rowHeight: 44, headerHeight: 38, footerHeight: 28, sectionVerticalInset: 18, sideInset: 0)
        case .insetGrouped:
            ListMetrics(rowHeight: 44, headerHeight: 38, footerHeight: 28, sectionVerticalInset: 18, sideInset: nil)
        case .sidebar:
            ListMetrics(rowHeight: 44, headerHeight: 32, footerHeight: 28, sectionVerticalInset: 0, sideInset: 10)
        case .sidebarPlain:
            ListMetrics(rowHeight: 44, headerHeight: 32, footerHeight: 28, sectionVerticalInset: 0, sideInset: 0)
        }
    }
}

extension LayoutSection {
    /// Element kind of list section headers (UIKit's `UICollectionView.elementKindSectionHeader`).
    public static let headerElementKind = "header"
    /// Element kind of list section footers (UIKit's `UICollectionView.elementKindSectionFooter`).
    public static let footerElementKind = "footer"

    /// A list section (UIKit's `NSCollectionLayoutSection.list(using:layoutEnvironment:)`).
    ///
    /// One full-width self-sizing row per group, estimated at `metrics.rowHeight`; headers and footers
    /// self-size too. Inset grouped rows are inset by the container's layout margins when
    /// `metrics.sideInset` is nil.
    public static func list(using configuration: ListConfiguration, layoutEnvironment: LayoutEnvironment) -> LayoutSection {
        let metrics = configuration.metrics
        let rowSize = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(metrics.rowHeight))
        let group = LayoutGroup.horizontal(layoutSize: rowSize, subitems: [.item(LayoutItem(layoutSize: rowSize))])
        let side = metrics.sideInset ?? (layoutEnvironment.container.contentSize.width >= 414 ? 20 : 16)
        var section = LayoutSection(
            group: group,
            contentInsets: DirectionalEdgeInsets(
                top: metrics.sectionVerticalInset, leading: side, bottom: metrics.sectionVerticalInset, trailing: side))
        var boundary: [BoundarySupplementaryItem] = []
        if configuration.headerMode == .supplementary {
            boundary.append(
                BoundarySupplementaryItem(
                    elementKind: headerElementKind,
                    layoutSize: LayoutSize(
                        widthDimension: .fractionalWidth(1), heightDimension: .estimated(metrics.headerHeight)),
                    alignment: .top, pinToVisibleBounds: configuration.appearance == .plain))
        }
        if configuration.footerMode == .supplementary {
            boundary.append(
                BoundarySupplementaryItem(
                    elementKind: footerElementKind,
                    layoutSize: LayoutSize(
                        widthDimension: .fractionalWidth(1), heightDimension: .estimated(metrics.footerHeight)),
                    alignment: .bottom))
        }
        section.boundarySupplementaryItems = boundary
        section.listAppearance = configuration.appearance
        return section
    }
}
