import Foundation

/// A button in a navigation bar or toolbar (UIKit's `UIBarButtonItem`). Bars are not drawn: the
/// item stores what it shows, and `ScrollSimulator.tap(_:)` runs its `primaryAction` (or its
/// menu's first action, or sends its target–action pair).
@preconcurrency @MainActor
open class UIBarButtonItem: UIBarItem {
    /// UIKit's `UIBarButtonItem.Style`.
    public enum Style: Int, Sendable { case plain = 0, bordered, done }

    /// UIKit's `UIBarButtonItem.SystemItem`.
    public enum SystemItem: Int, Sendable {
        case done = 0, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize, bookmarks,
            search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo, pageCurl, close
    }

    open var style: Style = .plain
    open weak var target: AnyObject?
    open var action: Selector?
    open var primaryAction: UIAction?
    open var menu: UIMenu?
    open var customView: UIView?
    open var width: CGFloat = 0
    open var isSelected = false
    /// The system item it was made with, if any.
    public private(set) var systemItem: SystemItem?

    public override init() { super.init() }

    public convenience init(title: String?, style: Style, target: Any?, action: Selector?) {
        self.init()
        self.title = title
        self.style = style
        self.target = target as AnyObject?
        self.action = action
    }

    public convenience init(image: UIImage?, style: Style, target: Any?, action: Selector?) {
        self.init()
        self.image = image
        self.style = style
        self.target = target as AnyObject?
        self.action = action
    }

    public convenience init(barButtonSystemItem systemItem: SystemItem, target: Any?, action: Selector?) {
        self.init()
        self.systemItem = systemItem
        self.target = target as AnyObject?
        self.action = action
    }

    public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init()
        self.systemItem = systemItem
        self.primaryAction = primaryAction
        self.menu = menu
    }

    public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init()
        self.title = title ?? primaryAction?.title
        self.image = image ?? primaryAction?.image
        self.primaryAction = primaryAction
        self.menu = menu
    }

    public convenience init(primaryAction: UIAction?) {
        self.init(title: nil, image: nil, primaryAction: primaryAction, menu: nil)
    }

    public convenience init(customView: UIView) {
        self.init()
        self.customView = customView
    }

    public static func flexibleSpace() -> UIBarButtonItem {
        UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil)
    }
    public static func fixedSpace(_ width: CGFloat) -> UIBarButtonItem {
        let item = UIBarButtonItem(barButtonSystemItem: .fixedSpace, target: nil, action: nil)
        item.width = width
        return item
    }

    /// What a tap does here: the primary action, else the menu's first action (a tap opens the
    /// menu, the user picks its first item), else its target–action pair, sent through
    /// `UIApplication.sendAction` (a nil target goes up the responder chain). Returns whether
    /// something ran.
    @discardableResult
    func performTap() -> Bool {
        guard isEnabled else { return false }
        if let primaryAction {
            primaryAction.sender = self
            primaryAction.perform()
            return true
        }
        if let first = menu?.allActions.first {
            first.sender = self
            first.perform()
            return true
        }
        if let action {
            return UIApplication.shared.sendAction(action, to: target, from: self, for: nil)
        }
        return false
    }
}

/// What bar buttons and tab bar items share (UIKit's `UIBarItem`).
@preconcurrency @MainActor
open class UIBarItem: NSObject {
    open var title: String?
    open var image: UIImage?
    open var landscapeImagePhone: UIImage?
    open var largeContentSizeImage: UIImage?
    open var isEnabled = true
    open var tag = 0
    open var accessibilityLabel: String?
    open var accessibilityIdentifier: String?
    open var accessibilityHint: String?
    open var isAccessibilityElement = true
    open var tintColor: UIColor?
    private var titleAttributes: [UIControl.State: [NSAttributedString.Key: Any]] = [:]

    public override init() { super.init() }

    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        titleAttributes[state] = attributes
    }

    open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? { titleAttributes[state] }
}

/// A tab's item (UIKit's `UITabBarItem`); stored.
@preconcurrency @MainActor
open class UITabBarItem: UIBarItem {
    open var badgeValue: String?
    open var selectedImage: UIImage?

    public convenience init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        self.init()
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
    }

    public convenience init(title: String?, image: UIImage?, tag: Int) {
        self.init()
        self.title = title
        self.image = image
        self.tag = tag
    }
}
