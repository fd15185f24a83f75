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
    public private(set) var style: String
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

    /// A row's margins: 11 above and below, 16 at the sides (AL7 [B]).
    static let rowMargins = NSDirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)

    /// Secondary text under the text, in the subheadline style, 3 points below (AL7 [B]).
    public static func cell() -> UIListContentConfiguration {
        var configuration = UIListContentConfiguration(style: "cell")
        configuration.directionalLayoutMargins = rowMargins
        configuration.imageToTextPadding = 16
        configuration.secondaryTextProperties.font = .preferredFont(forTextStyle: .subheadline)
        configuration.textToSecondaryTextVerticalPadding = 3
        return configuration
    }
    /// As `cell()` (AL7 [B]).
    public static func subtitleCell() -> UIListContentConfiguration {
        var configuration = cell()
        configuration.style = "subtitleCell"
        return configuration
    }
    /// Secondary text on the text's line, at the trailing edge (AL7 [B]).
    public static func valueCell() -> UIListContentConfiguration {
        var configuration = cell()
        configuration.style = "valueCell"
        configuration.prefersSideBySideTextAndSecondaryText = true
        return configuration
    }
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

    /// A row's size for its text (AL7): as wide as its margins, image and longer text on one line;
    /// as tall as the margins around the text wrapped at the width it gets, with the secondary
    /// text under it or beside it, and at least a 44-point row. Only the row styles (`cell`,
    /// `subtitleCell`, `valueCell`) are measured; others keep their estimate.
    open override var intrinsicContentSize: CGSize {
        let content = listConfiguration
        guard ["cell", "subtitleCell", "valueCell"].contains(content.style) else {
            return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
        }
        var margins = content.directionalLayoutMargins
        if content.axesPreservingSuperviewLayoutMargins.contains(.horizontal) {
            margins.leading = max(margins.leading, UIListContentConfiguration.rowMargins.leading)
            margins.trailing = max(margins.trailing, UIListContentConfiguration.rowMargins.trailing)
        }
        var image: CGFloat = 0
        if let picture = content.image {
            let side = picture.symbolSide(content.imageProperties.preferredSymbolConfiguration)
            image = max(side, content.imageProperties.reservedLayoutSize.width) + content.imageToTextPadding
        }
        let width = fittingWidth.map { $0 - margins.leading - margins.trailing - image }
        let texts = [
            (content.attributedText?.string ?? content.text, content.textProperties),
            (content.secondaryAttributedText?.string ?? content.secondaryText, content.secondaryTextProperties),
        ]
        let sizes = texts.map { text, properties in
            TextMetrics.size(
                of: text ?? "", font: properties.font, numberOfLines: properties.numberOfLines, width: width, scale: pixelScale)
        }
        let (text, secondary) = (sizes[0], sizes[1])
        let sideBySide = content.prefersSideBySideTextAndSecondaryText
        let textWidth =
            sideBySide
            ? text.width + content.textToSecondaryTextHorizontalPadding + secondary.width : max(text.width, secondary.width)
        let body =
            sideBySide || secondary.height == 0 || text.height == 0
            ? max(text.height, secondary.height) : text.height + content.textToSecondaryTextVerticalPadding + secondary.height
        return CGSize(
            width: margins.leading + image + textWidth + margins.trailing, height: max(44, margins.top + body + margins.bottom))
    }

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
