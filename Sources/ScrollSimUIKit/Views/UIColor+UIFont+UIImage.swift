import Foundation

/// A colour (UIKit's `UIColor`); stored, never drawn.
@MainActor
public final class UIColor: Sendable {
    public let red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat
    public let name: String?

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        self.name = nil
    }

    public convenience init(white: CGFloat, alpha: CGFloat) { self.init(red: white, green: white, blue: white, alpha: alpha) }

    public init?(named name: String) {
        (red, green, blue, alpha) = (0, 0, 0, 1)
        self.name = name
    }

    private init(system name: String, _ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) {
        (red, green, blue, alpha) = (r, g, b, a)
        self.name = name
    }

    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor { UIColor(red: red, green: green, blue: blue, alpha: alpha) }
    public nonisolated var cgColor: CGColor { CGColor(components: [red, green, blue, alpha]) }

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
}

/// A font (UIKit's `UIFont`); metrics are not modelled.
@MainActor
public final class UIFont: Sendable {
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
}

/// An image (UIKit's `UIImage`); holds its name, no pixels.
@MainActor
public final class UIImage {
    /// How an image is tinted (UIKit's `UIImage.RenderingMode`).
    public enum RenderingMode: Int, Sendable { case automatic = 0, alwaysOriginal, alwaysTemplate }

    public let name: String?
    public let size: CGSize

    public init?(named name: String) {
        self.name = name
        self.size = .zero
    }

    public init?(systemName name: String) {
        self.name = name
        self.size = .zero
    }

    public init() {
        self.name = nil
        self.size = .zero
    }

    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage { self }
    public func withTintColor(_ color: UIColor) -> UIImage { self }
}
