import Foundation

/// Text alignment (UIKit's `NSTextAlignment`).
public enum NSTextAlignment: Int, Sendable { case left = 0, center, right, justified, natural }

/// How a label wraps or truncates (UIKit's `NSLineBreakMode`).
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// A text label; stores its text (UIKit's `UILabel`).
@preconcurrency @MainActor
open class UILabel: UIView {
    open var text: String?
    open var attributedText: NSAttributedString?
    open var font: UIFont! = .systemFont(ofSize: 17)
    open var textColor: UIColor! = .label
    open var textAlignment: NSTextAlignment = .natural
    open var numberOfLines = 1
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail
    open var adjustsFontSizeToFitWidth = false
    open var adjustsFontForContentSizeCategory = false
    open var minimumScaleFactor: CGFloat = 0
}

/// An image view; stores its image (UIKit's `UIImageView`).
@preconcurrency @MainActor
open class UIImageView: UIView {
    open var image: UIImage?
    open var highlightedImage: UIImage?
    open var preferredSymbolConfiguration: UIImage.SymbolConfiguration?

    public convenience init(image: UIImage?) {
        self.init(frame: .zero)
        self.image = image
    }
}

/// A row or column of views (UIKit's `UIStackView`); arranged views are stored, not laid out.
@preconcurrency @MainActor
open class UIStackView: UIView {
    public enum Alignment: Int, Sendable { case fill = 0, leading, firstBaseline, center, trailing, lastBaseline }
    public enum Distribution: Int, Sendable { case fill = 0, fillEqually, fillProportionally, equalSpacing, equalCentering }

    /// The stack's axis (UIKit's `NSLayoutConstraint.Axis`).
    open var axis: NSLayoutConstraint.Axis = .horizontal
    open var spacing: CGFloat = 0
    open var alignment: Alignment = .fill
    open var distribution: Distribution = .fill
    open var isLayoutMarginsRelativeArrangement = false
    public private(set) var arrangedSubviews: [UIView] = []

    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        views.forEach(addArrangedSubview)
    }

    open func addArrangedSubview(_ view: UIView) {
        arrangedSubviews.append(view)
        addSubview(view)
    }

    open func removeArrangedSubview(_ view: UIView) { arrangedSubviews.removeAll { $0 === view } }
}

/// A control (UIKit's `UIControl`): actions for events. `UIAction`s run when events are sent;
/// target–action pairs (`addTarget(_:action:for:)` with a `Selector`) are stored but cannot be
/// called — there is no Objective-C runtime to send a selector — and are listed in
/// `targetActions`.
@preconcurrency @MainActor
open class UIControl: UIView {
    public struct Event: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// The states a control title or image is set for (UIKit's `UIControl.State`).
    public struct State: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }

    open var isEnabled = true
    open var isSelected = false
    open var isHighlighted = false
    open var contentHorizontalAlignment = 0
    private var actions: [(UIAction, Event)] = []
    /// The target–action pairs added, in order: stored, never called (no selectors on Linux).
    public private(set) var targetActions: [(target: AnyObject?, action: Selector, events: Event)] = []

    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    open func addAction(_ action: UIAction, for controlEvents: Event) { actions.append((action, controlEvents)) }
    open func removeAction(_ action: UIAction, for controlEvents: Event) { actions.removeAll { $0.0 === action } }

    /// Stores a target–action pair; `sendActions(for:)` cannot call it (no selectors on Linux).
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        targetActions.append((target as AnyObject?, action, controlEvents))
    }
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        targetActions.removeAll { $0.target === (target as AnyObject?) && (action == nil || $0.action == action) }
    }

    /// Runs the `UIAction`s registered for the events (a simulated tap or value change);
    /// target–action pairs are not called (see the class's note).
    open func sendActions(for controlEvents: Event) {
        for (action, events) in actions where !events.isDisjoint(with: controlEvents) {
            action.sender = self
            action.handler(action)
        }
    }
}

/// A method name for target–action (Objective-C's `SEL`): on Linux a stored name only. Write
/// `Selector("done")` where iOS code writes `#selector(done)`.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }
    public init(stringLiteral name: String) { self.name = name }
    public var description: String { name }
}

/// An on/off switch (UIKit's `UISwitch`).
@preconcurrency @MainActor
open class UISwitch: UIControl {
    open var isOn = false
    open var onTintColor: UIColor?
    open var thumbTintColor: UIColor?

    open func setOn(_ on: Bool, animated: Bool) { isOn = on }
}

/// A row of segments (UIKit's `UISegmentedControl`).
@preconcurrency @MainActor
open class UISegmentedControl: UIControl {
    /// `UISegmentedControl.noSegment`.
    public static let noSegment = -1
    private var titles: [String?] = []
    open var selectedSegmentIndex = UISegmentedControl.noSegment
    open var selectedSegmentTintColor: UIColor?
    open var isMomentary = false
    open var numberOfSegments: Int { titles.count }

    public convenience init(items: [Any]?) {
        self.init(frame: .zero)
        titles = (items ?? []).map { ($0 as? String) ?? ($0 as? UIImage)?.name }
    }

    open func titleForSegment(at segment: Int) -> String? { titles.indices.contains(segment) ? titles[segment] : nil }
    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        if titles.indices.contains(segment) { titles[segment] = title }
    }
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        titles.insert(title, at: Swift.min(Swift.max(0, segment), titles.count))
    }
    open func removeAllSegments() { titles = [] }

    /// A user tap on segment `index`: selects it and sends `.valueChanged`.
    public func simulateTap(segment index: Int) {
        selectedSegmentIndex = index
        sendActions(for: [.valueChanged, .primaryActionTriggered])
    }
}

/// A one-line text field; stores its text (UIKit's `UITextField`).
@preconcurrency @MainActor
open class UITextField: UIControl {
    open var text: String?
    open var placeholder: String?
    open var font: UIFont?
    open var textColor: UIColor?
    open var textAlignment: NSTextAlignment = .natural
    open var clearButtonMode = 0
    open var isSecureTextEntry = false
    open var keyboardType = 0
    open var returnKeyType: UIReturnKeyType = .default
    open var enablesReturnKeyAutomatically = false
    open var inputAccessoryView: UIView?
    open var inputView: UIView?
    open var autocapitalizationType = 0
    open var autocorrectionType = 0
    open weak var delegate: AnyObject?
}

/// A closure-based action (UIKit's `UIAction`), also a menu element.
@preconcurrency @MainActor
public final class UIAction: UIMenuElement {
    /// How an action shows (UIKit's `UIMenuElement.Attributes`).
    public struct Attributes: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let disabled = Attributes(rawValue: 1 << 0)
        public static let destructive = Attributes(rawValue: 1 << 1)
        public static let hidden = Attributes(rawValue: 1 << 2)
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }

    /// A checkmark state (UIKit's `UIMenuElement.State`).
    public enum State: Int, Sendable { case off = 0, on, mixed }

    public let identifier: String?
    public var attributes: Attributes
    public var state: State
    public var discoverabilityTitle: String?
    /// The control that sent it, when a control did.
    public internal(set) var sender: Any?
    let handler: @MainActor (UIAction) -> Void

    public init(
        title: String = "", subtitle: String? = nil, image: UIImage? = nil, identifier: String? = nil,
        discoverabilityTitle: String? = nil, attributes: Attributes = [], state: State = .off,
        handler: @escaping @MainActor (UIAction) -> Void
    ) {
        self.identifier = identifier
        self.attributes = attributes
        self.state = state
        self.discoverabilityTitle = discoverabilityTitle
        self.handler = handler
        super.init(title: title, subtitle: subtitle, image: image)
    }

    /// Runs the action as a tap on it would (a menu item, a bar button's primary action).
    public func perform() { handler(self) }
}

/// A button; stores titles and images per state (UIKit's `UIButton`).
@preconcurrency @MainActor
open class UIButton: UIControl {
    public enum ButtonType: Int, Sendable { case custom = 0, system, detailDisclosure, infoLight, infoDark, contactAdd, close }

    private var titles: [State: String] = [:]
    private var images: [State: UIImage] = [:]
    public let titleLabel: UILabel? = UILabel()
    public let imageView: UIImageView? = UIImageView()

    public convenience init(type buttonType: ButtonType) { self.init(frame: .zero) }
    public convenience init(type buttonType: ButtonType, primaryAction: UIAction?) {
        self.init(frame: .zero, primaryAction: primaryAction)
    }
    /// A button's configuration (UIKit's `UIButton.Configuration`); stored.
    open var configuration: UIButton.Configuration?
    /// A menu shown by the button; stored.
    open var menu: UIMenu?
    open var showsMenuAsPrimaryAction = false

    open func setTitle(_ title: String?, for state: State) { titles[state] = title }
    open func title(for state: State) -> String? { titles[state] }
    open func setTitleColor(_ color: UIColor?, for state: State) {}
    open func setImage(_ image: UIImage?, for state: State) { images[state] = image }
    open func image(for state: State) -> UIImage? { images[state] }
}

extension UIButton {
    /// A button's look (UIKit's `UIButton.Configuration`); stored, never drawn.
    public struct Configuration: Sendable {
        public var title: String?
        public var subtitle: String?
        public var image: UIImage?
        public var baseForegroundColor: UIColor?
        public var baseBackgroundColor: UIColor?
        public var imagePadding: CGFloat = 0
        public var contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
        public var cornerStyle = 0
        public static func plain() -> Configuration { Configuration() }
        public static func filled() -> Configuration { Configuration() }
        public static func tinted() -> Configuration { Configuration() }
        public static func gray() -> Configuration { Configuration() }
        public static func bordered() -> Configuration { Configuration() }
        public static func borderedProminent() -> Configuration { Configuration() }
    }
}
