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
    open var preferredSymbolConfiguration: AnyObject?

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

/// A control event (UIKit's `UIControl.Event`).
@preconcurrency @MainActor
open class UIControl: UIView {
    public struct Event: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
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
    private var actions: [(UIAction, Event)] = []

    open func addAction(_ action: UIAction, for controlEvents: Event) { actions.append((action, controlEvents)) }

    /// Runs the actions registered for `event` (a simulated tap).
    open func sendActions(for controlEvents: Event) {
        for (action, events) in actions where !events.isDisjoint(with: controlEvents) { action.handler(action) }
    }
}

/// A closure-based action (UIKit's `UIAction`).
@preconcurrency @MainActor
public final class UIAction {
    public let title: String
    public let image: UIImage?
    let handler: @MainActor (UIAction) -> Void

    public init(title: String = "", image: UIImage? = nil, handler: @escaping @MainActor (UIAction) -> Void) {
        self.title = title
        self.image = image
        self.handler = handler
    }
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

    open func setTitle(_ title: String?, for state: State) { titles[state] = title }
    open func title(for state: State) -> String? { titles[state] }
    open func setTitleColor(_ color: UIColor?, for state: State) {}
    open func setImage(_ image: UIImage?, for state: State) { images[state] = image }
    open func image(for state: State) -> UIImage? { images[state] }
}
