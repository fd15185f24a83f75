import CompositionalLayout
import Foundation

/// A list section's appearance and header/footer modes (UIKit's
/// `UICollectionLayoutListConfiguration`, D5.10). A value: changing a copy after it was used
/// changes nothing.
public struct UICollectionLayoutListConfiguration {
    /// Returns the actions a swipe on the row at an index path reveals, or nil for none.
    public typealias SwipeActionsConfigurationProvider = @MainActor (IndexPath) -> UISwipeActionsConfiguration?

    /// Raw values from UIKit's `UICollectionLayoutListAppearance` (D5.10).
    public enum Appearance: Int, Sendable, Hashable {
        case plain = 0, grouped, insetGrouped, sidebar, sidebarPlain
    }

    /// With `.firstItemInSection`, item 0 of each section is its header row (D5.10).
    public enum HeaderMode: Int, Sendable, Hashable {
        case none = 0, supplementary, firstItemInSection
    }

    public enum FooterMode: Int, Sendable, Hashable {
        case none = 0, supplementary
    }

    public var appearance: Appearance
    public var headerMode: HeaderMode = .none
    public var footerMode: FooterMode = .none
    /// Drawing only: stored, no effect on geometry.
    public var showsSeparators = true
    /// Extra space above section headers; drawing only in scrollsim.
    public var headerTopPadding: CGFloat?
    /// Drawing only: stored.
    public var backgroundColor: UIColor?
    public var separatorConfiguration = UIListSeparatorConfiguration(listAppearance: .plain)
    public var itemSeparatorHandler: (@MainActor (IndexPath, UIListSeparatorConfiguration) -> UIListSeparatorConfiguration)?
    /// Asked when the user swipes a row right (a simulator's `swipe(itemAt:edge: .leading)`).
    public var leadingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?
    /// Asked when the user swipes a row left (a simulator's `swipe(itemAt:edge: .trailing)`).
    public var trailingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?

    /// Row and header metrics a table view sets for its rows (T1, T2); nil: the appearance's.
    var metrics: ListMetrics?

    public init(appearance: Appearance) { self.appearance = appearance }

    var core: ListConfiguration {
        let appearance = ListConfiguration.Appearance(rawValue: appearance.rawValue)!
        let header: ListConfiguration.HeaderMode =
            switch headerMode {
            case .none: .none
            case .supplementary: .supplementary
            case .firstItemInSection: .firstItemInSection
            }
        return ListConfiguration(
            appearance: appearance, headerMode: header, footerMode: footerMode == .supplementary ? .supplementary : .none,
            metrics: metrics)
    }
}

/// How list separators look (UIKit's `UIListSeparatorConfiguration`); stored.
public struct UIListSeparatorConfiguration: Sendable, Hashable {
    /// UIKit's `UIListSeparatorConfiguration.Visibility`.
    public enum Visibility: Int, Sendable, Hashable { case automatic = 0, visible, hidden }

    public var topSeparatorVisibility: Visibility = .automatic
    public var bottomSeparatorVisibility: Visibility = .automatic
    public var topSeparatorInsets: NSDirectionalEdgeInsets = .zero
    public var bottomSeparatorInsets: NSDirectionalEdgeInsets = .zero
    public var color: UIColor = .separator

    public init(listAppearance: UICollectionLayoutListConfiguration.Appearance) {}
}
