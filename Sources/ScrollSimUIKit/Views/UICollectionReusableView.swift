import Foundation

/// A view a collection view reuses: headers, footers and the base of cells (UIKit's
/// `UICollectionReusableView`). Subclass it as on iOS; `prepareForReuse` runs when the view is
/// taken from its reuse pool (UIKit model B4.1).
@preconcurrency @MainActor
open class UICollectionReusableView: UIView {
    /// The identifier it was dequeued with.
    public internal(set) var reuseIdentifier: String?

    /// Called before a pooled view is returned by a dequeue.
    open func prepareForReuse() {}

    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

    /// Self-sizing (UIKit model G1.10): the attributes the view wants, given the layout's. The
    /// default asks `systemLayoutSizeFitting`, which keeps the proposed size (constraints are not
    /// solved), so estimated sizes stay at their estimate; override either to report a measured
    /// size, as Auto Layout would on a device. A new size on an estimated axis moves later frames
    /// and invalidates the layout (the next pass re-runs the section provider, G1.10.3 [O]).
    open func preferredLayoutAttributesFitting(
        _ layoutAttributes: UICollectionViewLayoutAttributes
    )
        -> UICollectionViewLayoutAttributes
    {
        let size = systemLayoutSizeFitting(
            layoutAttributes.size, withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        guard size != layoutAttributes.size else { return layoutAttributes }
        let preferred = UICollectionViewLayoutAttributes(copying: layoutAttributes)
        preferred.frame.size = size
        return preferred
    }

    /// How the collection view creates registered classes: `init(frame:)` through a required
    /// initializer that subclasses inherit, so cell classes written for iOS (which override
    /// `init(frame:)` and `init?(coder:)`) need no change.
    public required convenience init(scrollsimReuse: Void) { self.init(frame: .zero) }
}

/// The text and image of a list row (UIKit's `UIListContentConfiguration`): stored, shown by a
/// `UIListContentView`.
@preconcurrency @MainActor
public struct UIListContentConfiguration: UIContentConfiguration {
    /// Text styling (UIKit's `UIListContentConfiguration.TextProperties`).
    @preconcurrency @MainActor
    public struct TextProperties {
        public var font: UIFont = .preferredFont(forTextStyle: .body)
        public var color: UIColor = .label
        public var numberOfLines = 0
        public var alignment: NSTextAlignment = .natural
    }

    /// Image styling (UIKit's `UIListContentConfiguration.ImageProperties`).
    @preconcurrency @MainActor
    public struct ImageProperties {
        public var tintColor: UIColor?
        public var maximumSize: CGSize = .zero
        public var cornerRadius: CGFloat = 0
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
}
