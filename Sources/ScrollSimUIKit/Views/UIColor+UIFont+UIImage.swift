import Foundation

/// A colour (UIKit's `UIColor`); stored, never drawn. Immutable and `Sendable`, usable from any
/// context, as UIKit's is.
public final class UIColor: Sendable, Hashable, CustomStringConvertible {
    public let red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat
    public let name: String?
    /// A colour that resolves per trait collection (`init(dynamicProvider:)`), resolved for light.
    let isDynamic: Bool

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        self.name = nil
        self.isDynamic = false
    }

    /// A wide-gamut (displayP3) colour; kept as its components (nothing is drawn).
    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        // HSB to RGB, so equal colours compare equal.
        let h = (hue - hue.rounded(.down)) * 6
        let c = brightness * saturation
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (CGFloat, CGFloat, CGFloat) =
            switch Int(h) {
            case 0: (c, x, 0)
            case 1: (x, c, 0)
            case 2: (0, c, x)
            case 3: (0, x, c)
            case 4: (x, 0, c)
            default: (c, 0, x)
            }
        let m = brightness - c
        self.init(red: r + m, green: g + m, blue: b + m, alpha: alpha)
    }

    public convenience init(white: CGFloat, alpha: CGFloat) { self.init(red: white, green: white, blue: white, alpha: alpha) }

    /// A colour resolved per trait collection; scrollsim resolves it once, for a light, regular
    /// trait collection.
    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {
        let light = dynamicProvider(UITraitCollection.standard)
        (red, green, blue, alpha) = (light.red, light.green, light.blue, light.alpha)
        name = light.name
        isDynamic = true
    }

    /// This colour for a trait collection (the same colour: scrollsim resolves once).
    public func resolvedColor(with traitCollection: UITraitCollection) -> UIColor { self }

    public static func == (lhs: UIColor, rhs: UIColor) -> Bool {
        (lhs.red, lhs.green, lhs.blue, lhs.alpha, lhs.name) == (rhs.red, rhs.green, rhs.blue, rhs.alpha, rhs.name)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(red)
        hasher.combine(green)
        hasher.combine(blue)
        hasher.combine(alpha)
        hasher.combine(name)
    }

    public var description: String {
        name.map { "UIColor.\($0)" } ?? "UIColor(red: \(red), green: \(green), blue: \(blue), alpha: \(alpha))"
    }

    public init?(named name: String) {
        (red, green, blue, alpha) = (0, 0, 0, 1)
        self.name = name
        self.isDynamic = false
    }

    private init(system name: String, _ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) {
        (red, green, blue, alpha) = (r, g, b, a)
        self.name = name
        self.isDynamic = true
    }

    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor { UIColor(red: red, green: green, blue: blue, alpha: alpha) }
    public var cgColor: CGColor { CGColor(components: [red, green, blue, alpha]) }

    public static let clear = UIColor(system: "clear", 0, 0, 0, 0)
    public static let black = UIColor(system: "black", 0, 0, 0)
    public static let white = UIColor(system: "white", 1, 1, 1)
    public static let gray = UIColor(system: "gray", 0.5, 0.5, 0.5)
    public static let lightGray = UIColor(system: "lightGray", 2 / 3, 2 / 3, 2 / 3)
    public static let darkGray = UIColor(system: "darkGray", 1 / 3, 1 / 3, 1 / 3)
    public static let red = UIColor(system: "red", 1, 0, 0)
    public static let green = UIColor(system: "green", 0, 1, 0)
    public static let blue = UIColor(system: "blue", 0, 0, 1)
    public static let orange = UIColor(system: "orange", 1, 0.5, 0)
    public static let yellow = UIColor(system: "yellow", 1, 1, 0)
    public static let purple = UIColor(system: "purple", 0.5, 0, 0.5)
    public static let systemRed = UIColor(system: "systemRed", 1, 0.23, 0.19)
    public static let systemGreen = UIColor(system: "systemGreen", 0.2, 0.78, 0.35)
    public static let systemBlue = UIColor(system: "systemBlue", 0, 0.48, 1)
    public static let systemOrange = UIColor(system: "systemOrange", 1, 0.58, 0)
    public static let systemYellow = UIColor(system: "systemYellow", 1, 0.8, 0)
    public static let systemPink = UIColor(system: "systemPink", 1, 0.18, 0.33)
    public static let systemPurple = UIColor(system: "systemPurple", 0.69, 0.32, 0.87)
    public static let systemTeal = UIColor(system: "systemTeal", 0.19, 0.69, 0.78)
    public static let systemIndigo = UIColor(system: "systemIndigo", 0.35, 0.34, 0.84)
    public static let systemGray = UIColor(system: "systemGray", 0.56, 0.56, 0.58)
    public static let systemGray2 = UIColor(system: "systemGray2", 0.68, 0.68, 0.7)
    public static let systemGray3 = UIColor(system: "systemGray3", 0.78, 0.78, 0.8)
    public static let systemGray4 = UIColor(system: "systemGray4", 0.82, 0.82, 0.84)
    public static let systemGray5 = UIColor(system: "systemGray5", 0.9, 0.9, 0.92)
    public static let systemGray6 = UIColor(system: "systemGray6", 0.95, 0.95, 0.97)
    public static let systemBackground = UIColor(system: "systemBackground", 1, 1, 1)
    public static let secondarySystemBackground = UIColor(system: "secondarySystemBackground", 0.95, 0.95, 0.97)
    public static let tertiarySystemBackground = UIColor(system: "tertiarySystemBackground", 1, 1, 1)
    public static let systemGroupedBackground = UIColor(system: "systemGroupedBackground", 0.95, 0.95, 0.97)
    public static let secondarySystemGroupedBackground = UIColor(system: "secondarySystemGroupedBackground", 1, 1, 1)
    public static let label = UIColor(system: "label", 0, 0, 0)
    public static let secondaryLabel = UIColor(system: "secondaryLabel", 0.24, 0.24, 0.26, 0.6)
    public static let tertiaryLabel = UIColor(system: "tertiaryLabel", 0.24, 0.24, 0.26, 0.3)
    public static let placeholderText = UIColor(system: "placeholderText", 0.24, 0.24, 0.26, 0.3)
    public static let separator = UIColor(system: "separator", 0.24, 0.24, 0.26, 0.29)
    public static let link = UIColor(system: "link", 0, 0.48, 1)
    public static let tintColor = UIColor(system: "tintColor", 0, 0.48, 1)
    public static let systemBrown = UIColor(system: "systemBrown", 0.64, 0.52, 0.37)
    public static let systemMint = UIColor(system: "systemMint", 0, 0.78, 0.75)
    public static let systemCyan = UIColor(system: "systemCyan", 0.2, 0.68, 0.9)
    public static let systemFill = UIColor(system: "systemFill", 0.47, 0.47, 0.5, 0.2)
    public static let secondarySystemFill = UIColor(system: "secondarySystemFill", 0.47, 0.47, 0.5, 0.16)
    public static let tertiarySystemFill = UIColor(system: "tertiarySystemFill", 0.46, 0.46, 0.5, 0.12)
    public static let quaternarySystemFill = UIColor(system: "quaternarySystemFill", 0.45, 0.45, 0.5, 0.08)
    public static let tertiarySystemGroupedBackground = UIColor(system: "tertiarySystemGroupedBackground", 0.95, 0.95, 0.97)
    public static let quaternaryLabel = UIColor(system: "quaternaryLabel", 0.24, 0.24, 0.26, 0.18)
    public static let opaqueSeparator = UIColor(system: "opaqueSeparator", 0.78, 0.78, 0.78)
    public static let darkText = UIColor(system: "darkText", 0, 0, 0)
    public static let lightText = UIColor(system: "lightText", 1, 1, 1, 0.6)
    public static let cyan = UIColor(system: "cyan", 0, 1, 1)
    public static let magenta = UIColor(system: "magenta", 1, 0, 1)
    public static let brown = UIColor(system: "brown", 0.6, 0.4, 0.2)
}

/// A font (UIKit's `UIFont`); metrics are not modelled. Immutable and `Sendable`.
public final class UIFont: Sendable, Hashable {
    /// Font weights (UIKit's `UIFont.Weight`).
    public struct Weight: Sendable, Hashable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)
    }

    /// Dynamic Type styles (UIKit's `UIFont.TextStyle`).
    public struct TextStyle: Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "largeTitle")
        public static let title1 = TextStyle(rawValue: "title1")
        public static let title2 = TextStyle(rawValue: "title2")
        public static let title3 = TextStyle(rawValue: "title3")
        public static let headline = TextStyle(rawValue: "headline")
        public static let subheadline = TextStyle(rawValue: "subheadline")
        public static let body = TextStyle(rawValue: "body")
        public static let callout = TextStyle(rawValue: "callout")
        public static let footnote = TextStyle(rawValue: "footnote")
        public static let caption1 = TextStyle(rawValue: "caption1")
        public static let caption2 = TextStyle(rawValue: "caption2")
    }

    public let pointSize: CGFloat
    public let weight: Weight

    private init(pointSize: CGFloat, weight: Weight) {
        self.pointSize = pointSize
        self.weight = weight
    }

    public static func systemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(pointSize: fontSize, weight: .regular) }
    public static func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(pointSize: fontSize, weight: weight)
    }
    public static func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(pointSize: fontSize, weight: .bold) }
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont { UIFont(pointSize: 17, weight: .regular) }
    public func withSize(_ fontSize: CGFloat) -> UIFont { UIFont(pointSize: fontSize, weight: weight) }
    public static func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(pointSize: fontSize, weight: weight)
    }
    public static func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(pointSize: fontSize, weight: weight)
    }
    public static func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(pointSize: fontSize, weight: .regular) }

    public static func == (lhs: UIFont, rhs: UIFont) -> Bool { (lhs.pointSize, lhs.weight) == (rhs.pointSize, rhs.weight) }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(pointSize)
        hasher.combine(weight)
    }
}

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
