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
