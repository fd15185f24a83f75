import Foundation

/// An item of a menu (UIKit's `UIMenuElement`): an action or a submenu.
@preconcurrency @MainActor
open class UIMenuElement {
    public let title: String
    public let subtitle: String?
    public let image: UIImage?

    init(title: String, subtitle: String?, image: UIImage?) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
    }
}

/// A menu (UIKit's `UIMenu`); stored, shown by nothing. Its actions can be run with
/// `UIAction.perform()`.
@preconcurrency @MainActor
public final class UIMenu: UIMenuElement {
    /// How a menu shows (UIKit's `UIMenu.Options`).
    public struct Options: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let displayInline = Options(rawValue: 1 << 0)
        public static let destructive = Options(rawValue: 1 << 1)
        public static let singleSelection = Options(rawValue: 1 << 5)
    }

    public let identifier: String?
    public let options: Options
    public let children: [UIMenuElement]

    public init(
        title: String = "", subtitle: String? = nil, image: UIImage? = nil, identifier: String? = nil, options: Options = [],
        children: [UIMenuElement] = []
    ) {
        self.identifier = identifier
        self.options = options
        self.children = children
        super.init(title: title, subtitle: subtitle, image: image)
    }

    /// Every action of the menu and its submenus, in order.
    public var allActions: [UIAction] {
        children.flatMap { ($0 as? UIAction).map { [$0] } ?? ($0 as? UIMenu)?.allActions ?? [] }
    }
}
