import Foundation

/// The text and image of a list row (UIKit's `UIListContentConfiguration`): stored, shown by a
/// `UIListContentView`.
@preconcurrency @MainActor
public struct UIListContentConfiguration: UIContentConfiguration {
    /// Text styling (UIKit's `UIListContentConfiguration.TextProperties`).
    @preconcurrency @MainActor
    public struct TextProperties {
        /// UIKit's `TextProperties.TextAlignment`.
        public enum TextAlignment: Int, Sendable { case natural = 0, center, justified }

        public var font: UIFont = .preferredFont(forTextStyle: .body)
        public var color: UIColor = .label
        public var colorTransformer: UIConfigurationColorTransformer?
        public var numberOfLines = 0
        public var alignment: TextAlignment = .natural
        public var lineBreakMode: NSLineBreakMode = .byTruncatingTail
        public var adjustsFontForContentSizeCategory = true
        public var adjustsFontSizeToFitWidth = false
        public var minimumScaleFactor: CGFloat = 0
        public var allowsDefaultTighteningForTruncation = true
        public var showsExpansionTextWhenTruncated = false

        /// The colour after the transformer.
        public func resolvedColor() -> UIColor { colorTransformer?(color) ?? color }
    }

    /// Image styling (UIKit's `UIListContentConfiguration.ImageProperties`).
    @preconcurrency @MainActor
    public struct ImageProperties {
        public var tintColor: UIColor?
        public var tintColorTransformer: UIConfigurationColorTransformer?
        public var preferredSymbolConfiguration: UIImage.SymbolConfiguration?
        public var maximumSize: CGSize = .zero
        public var reservedLayoutSize: CGSize = .zero
        public var cornerRadius: CGFloat = 0
        public var accessibilityIgnoresInvertColors = false

        /// The tint after the transformer; `tintColor` (the view's) when none is set.
        public func resolvedTintColor(for tintColor: UIColor) -> UIColor {
            let base = self.tintColor ?? tintColor
            return tintColorTransformer?(base) ?? base
        }
    }

    /// Which factory made it (`cell`, `header`, ...).
    public let style: String
    public var text: String?
    public var secondaryText: String?
    public var attributedText: NSAttributedString?
    public var image: UIImage?
    public var textProperties = TextProperties()
    public var secondaryTextProperties = TextProperties()
    public var imageProperties = ImageProperties()
    public var directionalLayoutMargins: NSDirectionalEdgeInsets = .zero
    public var imageToTextPadding: CGFloat = 0
    public var textToSecondaryTextVerticalPadding: CGFloat = 0
    public var textToSecondaryTextHorizontalPadding: CGFloat = 8
    public var prefersSideBySideTextAndSecondaryText = false
    public var secondaryAttributedText: NSAttributedString?
    /// Which axes keep the superview's layout margins (UIKit's `UIAxis`).
    public var axesPreservingSuperviewLayoutMargins: UIAxis = [.horizontal]

    init(style: String) { self.style = style }

    public static func cell() -> UIListContentConfiguration { UIListContentConfiguration(style: "cell") }
    public static func subtitleCell() -> UIListContentConfiguration { UIListContentConfiguration(style: "subtitleCell") }
    public static func valueCell() -> UIListContentConfiguration { UIListContentConfiguration(style: "valueCell") }
    public static func header() -> UIListContentConfiguration { UIListContentConfiguration(style: "header") }
    public static func footer() -> UIListContentConfiguration { UIListContentConfiguration(style: "footer") }
    public static func sidebarCell() -> UIListContentConfiguration { UIListContentConfiguration(style: "sidebarCell") }
    public static func sidebarHeader() -> UIListContentConfiguration { UIListContentConfiguration(style: "sidebarHeader") }
    public static func groupedHeader() -> UIListContentConfiguration { UIListContentConfiguration(style: "groupedHeader") }
    public static func plainHeader() -> UIListContentConfiguration { UIListContentConfiguration(style: "plainHeader") }

    public func makeContentView() -> any UIView & UIContentView { UIListContentView(configuration: self) }

    public func updated(for state: any UIConfigurationState) -> UIListContentConfiguration { self }
}

/// The view a list content configuration makes (UIKit's `UIListContentView`): it stores the
/// configuration it shows.
@preconcurrency @MainActor
open class UIListContentView: UIView, UIContentView {
    /// The configuration as a list configuration.
    public private(set) var listConfiguration: UIListContentConfiguration

    public init(configuration: UIListContentConfiguration) {
        listConfiguration = configuration
        super.init(frame: .zero)
    }

    public required init?(coder: NSCoder) { nil }

    open var configuration: any UIContentConfiguration {
        get { listConfiguration }
        set { if let list = newValue as? UIListContentConfiguration { listConfiguration = list } }
    }

    public func supports(_ configuration: any UIContentConfiguration) -> Bool { configuration is UIListContentConfiguration }

    /// Where the text, secondary text and image are laid out: guides with no constraints of their
    /// own, so constraints to them leave a cell's size to its other constraints
    /// (present when the configuration has that content, as UIKit's).
    public var textLayoutGuide: UILayoutGuide? { listConfiguration.text == nil ? nil : UILayoutGuide() }
    public var secondaryTextLayoutGuide: UILayoutGuide? { listConfiguration.secondaryText == nil ? nil : UILayoutGuide() }
    public var imageLayoutGuide: UILayoutGuide? { listConfiguration.image == nil ? nil : UILayoutGuide() }
}

/// A set of axes (UIKit's `UIAxis`).
public struct UIAxis: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let horizontal = UIAxis(rawValue: 1 << 0)
    public static let vertical = UIAxis(rawValue: 1 << 1)
    public static let both: UIAxis = [.horizontal, .vertical]
}
