import Foundation

/// An item of a menu (UIKit's `UIMenuElement`): an action or a submenu.
@preconcurrency @MainActor
open class UIMenuElement: NSObject {
    public let title: String
    public let subtitle: String?
    public let image: UIImage?

    init(title: String, subtitle: String?, image: UIImage?) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
        super.init()
    }
}

/// A menu element whose items are made when the menu shows (UIKit's `UIDeferredMenuElement`):
/// `items` asks the provider, as showing the menu would.
@preconcurrency @MainActor
public final class UIDeferredMenuElement: UIMenuElement {
    private let provider: (@escaping @MainActor ([UIMenuElement]) -> Void) -> Void
    private let cached: Bool
    private var made: [UIMenuElement]?

    private init(cached: Bool, provider: @escaping (@escaping @MainActor ([UIMenuElement]) -> Void) -> Void) {
        self.provider = provider
        self.cached = cached
        super.init(title: "", subtitle: nil, image: nil)
    }

    public static func uncached(_ elementProvider: @escaping (@escaping @MainActor ([UIMenuElement]) -> Void) -> Void) -> Self {
        Self(cached: false, provider: elementProvider)
    }

    public convenience init(_ elementProvider: @escaping (@escaping @MainActor ([UIMenuElement]) -> Void) -> Void) {
        self.init(cached: true, provider: elementProvider)
    }

    /// The elements the provider gives (once, for a cached element).
    public var items: [UIMenuElement] {
        if cached, let made { return made }
        var elements: [UIMenuElement] = []
        provider { elements = $0 }
        if cached { made = elements }
        return elements
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
