import Foundation

/// What a view controller shows in the navigation bar (UIKit's `UINavigationItem`). Stored; the
/// large-title mode and the search controller change the bar's height and so where content rests
/// (UIKit model N1, N2).
@preconcurrency @MainActor
open class UINavigationItem: NSObject {
    /// UIKit's `UINavigationItem.LargeTitleDisplayMode`.
    public enum LargeTitleDisplayMode: Int, Sendable { case automatic = 0, always, never, inline }

    /// UIKit's `UINavigationItem.SearchBarPlacement`.
    public enum SearchBarPlacement: Int, Sendable { case automatic = 0, inline, stacked }

    open var title: String? { didSet { owner?.navigationBarDidChange() } }
    open var titleView: UIView?
    open var prompt: String?
    open var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic { didSet { owner?.navigationBarDidChange() } }
    open var leftBarButtonItems: [UIBarButtonItem]?
    open var rightBarButtonItems: [UIBarButtonItem]?
    open var leftItemsSupplementBackButton = false
    open var backBarButtonItem: UIBarButtonItem?
    open var backButtonTitle: String?
    /// How the back button shows its title (UIKit's `UINavigationItem.BackButtonDisplayMode`); stored.
    public enum BackButtonDisplayMode: Int, Sendable { case `default` = 0, generic, minimal }
    open var backButtonDisplayMode: BackButtonDisplayMode = .default
    open var hidesBackButton = false
    open var searchController: UISearchController? { didSet { owner?.navigationBarDidChange() } }
    /// With `true` (UIKit's default) the search bar is hidden under the bar until the user pulls
    /// the content down (N1 [B]); with `false` it is always shown.
    open var hidesSearchBarWhenScrolling = true { didSet { owner?.navigationBarDidChange() } }
    open var preferredSearchBarPlacement: SearchBarPlacement = .automatic
    open var standardAppearance: UINavigationBarAppearance?
    open var scrollEdgeAppearance: UINavigationBarAppearance?
    open var compactAppearance: UINavigationBarAppearance?
    /// The view controller this item belongs to (a bar change re-places its content).
    weak var owner: UIViewController?

    public init(title: String) {
        self.title = title
        super.init()
    }
    override init() { super.init() }

    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }

    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
    open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
    open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { rightBarButtonItems = items }
    open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) { self.hidesBackButton = hidesBackButton }
}

/// A bar's colours and text attributes (UIKit's `UINavigationBarAppearance`); stored.
@preconcurrency @MainActor
open class UINavigationBarAppearance {
    open var backgroundColor: UIColor?
    open var shadowColor: UIColor?
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any] = [:]

    public init() {}
    open func configureWithDefaultBackground() { backgroundColor = nil }
    open func configureWithOpaqueBackground() { backgroundColor = .systemBackground }
    open func configureWithTransparentBackground() {
        backgroundColor = .clear
        shadowColor = .clear
    }
}

extension NSAttributedString.Key {
    /// UIKit's text attribute keys (stored with the text, never drawn).
    nonisolated public static var font: NSAttributedString.Key { NSAttributedString.Key("NSFont") }
    nonisolated public static var foregroundColor: NSAttributedString.Key { NSAttributedString.Key("NSColor") }
    nonisolated public static var backgroundColor: NSAttributedString.Key { NSAttributedString.Key("NSBackgroundColor") }
    nonisolated public static var kern: NSAttributedString.Key { NSAttributedString.Key("NSKern") }
    nonisolated public static var paragraphStyle: NSAttributedString.Key { NSAttributedString.Key("NSParagraphStyle") }
}
