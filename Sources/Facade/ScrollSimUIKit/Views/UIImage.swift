import Foundation

/// An image (UIKit's `UIImage`); holds its name and symbol configuration, no pixels. Immutable and
/// `Sendable`, usable from any context, as UIKit's is.
public final class UIImage: Sendable, Hashable {
    /// How an image is tinted (UIKit's `UIImage.RenderingMode`).
    public enum RenderingMode: Int, Sendable { case automatic = 0, alwaysOriginal, alwaysTemplate }

    /// How an SF Symbol is drawn (UIKit's `UIImage.SymbolConfiguration`); stored.
    public final class SymbolConfiguration: Sendable, Hashable {
        /// A symbol's weight (UIKit's `UIImage.SymbolWeight`).
        public enum Weight: Int, Sendable {
            case unspecified = 0, ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
        }
        /// A symbol's scale (UIKit's `UIImage.SymbolScale`).
        public enum Scale: Int, Sendable { case `default` = -1, unspecified = 0, small, medium, large }

        public let pointSize: CGFloat?
        public let weight: Weight
        public let scale: Scale
        public let textStyle: UIFont.TextStyle?
        public let colors: [UIColor]

        init(
            pointSize: CGFloat? = nil, weight: Weight = .unspecified, scale: Scale = .unspecified,
            textStyle: UIFont.TextStyle? = nil, colors: [UIColor] = []
        ) {
            self.pointSize = pointSize
            self.weight = weight
            self.scale = scale
            self.textStyle = textStyle
            self.colors = colors
        }

        public convenience init(pointSize: CGFloat) { self.init(pointSize: pointSize, weight: .unspecified) }
        public convenience init(pointSize: CGFloat, weight: Weight) {
            self.init(pointSize: pointSize, weight: weight, scale: .unspecified)
        }
        public convenience init(pointSize: CGFloat, weight: Weight, scale: Scale) {
            self.init(pointSize: pointSize, weight: weight, scale: scale, textStyle: nil)
        }
        public convenience init(weight: Weight) { self.init(pointSize: nil, weight: weight) }
        public convenience init(scale: Scale) { self.init(pointSize: nil, scale: scale) }
        public convenience init(textStyle: UIFont.TextStyle) { self.init(pointSize: nil, textStyle: textStyle) }
        public convenience init(textStyle: UIFont.TextStyle, scale: Scale) {
            self.init(pointSize: nil, scale: scale, textStyle: textStyle)
        }
        public convenience init(font: UIFont) { self.init(pointSize: font.pointSize) }
        public convenience init(font: UIFont, scale: Scale) { self.init(pointSize: font.pointSize, scale: scale) }
        public convenience init(hierarchicalColor: UIColor) { self.init(pointSize: nil, colors: [hierarchicalColor]) }
        public convenience init(paletteColors: [UIColor]) { self.init(pointSize: nil, colors: paletteColors) }
        public static func preferringMulticolor() -> SymbolConfiguration { SymbolConfiguration(pointSize: nil) }

        /// This configuration with `other`'s values where `other` sets them.
        public func applying(_ other: SymbolConfiguration?) -> SymbolConfiguration {
            guard let other else { return self }
            return SymbolConfiguration(
                pointSize: other.pointSize ?? pointSize, weight: other.weight == .unspecified ? weight : other.weight,
                scale: other.scale == .unspecified ? scale : other.scale, textStyle: other.textStyle ?? textStyle,
                colors: other.colors.isEmpty ? colors : other.colors)
        }

        public static func == (lhs: SymbolConfiguration, rhs: SymbolConfiguration) -> Bool {
            (lhs.pointSize, lhs.weight, lhs.scale, lhs.textStyle, lhs.colors)
                == (rhs.pointSize, rhs.weight, rhs.scale, rhs.textStyle, rhs.colors)
        }
        public func hash(into hasher: inout Hasher) {
            hasher.combine(pointSize)
            hasher.combine(weight)
        }
    }

    public let name: String?
    public let size: CGSize
    public let isSymbolImage: Bool
    public let symbolConfiguration: SymbolConfiguration?
    public let renderingMode: RenderingMode

    init(
        name: String?, symbol: Bool, configuration: SymbolConfiguration?, renderingMode: RenderingMode = .automatic,
        size: CGSize = .zero
    ) {
        self.name = name
        self.size = size
        self.isSymbolImage = symbol
        self.symbolConfiguration = configuration
        self.renderingMode = renderingMode
    }

    /// An image of the app's assets: the name is kept (any name exists).
    public convenience init?(named name: String) { self.init(name: name, symbol: false, configuration: nil) }
    public convenience init?(named name: String, in bundle: Bundle?, with configuration: SymbolConfiguration?) {
        self.init(name: name, symbol: false, configuration: configuration)
    }

    /// An SF Symbol: the name is kept (any name exists).
    public convenience init?(systemName name: String) { self.init(name: name, symbol: true, configuration: nil) }
    public convenience init?(systemName name: String, withConfiguration configuration: SymbolConfiguration?) {
        self.init(name: name, symbol: true, configuration: configuration)
    }
    public convenience init() { self.init(name: nil, symbol: false, configuration: nil) }

    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        UIImage(name: name, symbol: isSymbolImage, configuration: symbolConfiguration, renderingMode: renderingMode)
    }
    public func withTintColor(_ color: UIColor) -> UIImage { self }
    public func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage { withRenderingMode(renderingMode) }
    public func withConfiguration(_ configuration: SymbolConfiguration) -> UIImage {
        UIImage(name: name, symbol: isSymbolImage, configuration: configuration, renderingMode: renderingMode)
    }
    public func applyingSymbolConfiguration(_ configuration: SymbolConfiguration) -> UIImage? {
        UIImage(
            name: name, symbol: isSymbolImage,
            configuration: symbolConfiguration?.applying(configuration) ?? configuration, renderingMode: renderingMode)
    }

    public static func == (lhs: UIImage, rhs: UIImage) -> Bool {
        (lhs.name, lhs.isSymbolImage, lhs.symbolConfiguration, lhs.renderingMode)
            == (rhs.name, rhs.isSymbolImage, rhs.symbolConfiguration, rhs.renderingMode)
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(isSymbolImage)
    }
}
