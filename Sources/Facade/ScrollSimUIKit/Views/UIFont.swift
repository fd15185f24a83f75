import Foundation

/// A font (UIKit's `UIFont`), with the system font's vertical metrics in proportion to its size
/// (AL3 [B]). Immutable and `Sendable`.
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
    /// The text style's font at the default (Large) content size: the sizes and weights of
    /// Apple's Dynamic Type table (AL3).
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        switch style {
        case .largeTitle: UIFont(pointSize: 34, weight: .regular)
        case .title1: UIFont(pointSize: 28, weight: .regular)
        case .title2: UIFont(pointSize: 22, weight: .regular)
        case .title3: UIFont(pointSize: 20, weight: .regular)
        case .headline: UIFont(pointSize: 17, weight: .semibold)
        case .callout: UIFont(pointSize: 16, weight: .regular)
        case .subheadline: UIFont(pointSize: 15, weight: .regular)
        case .footnote: UIFont(pointSize: 13, weight: .regular)
        case .caption1: UIFont(pointSize: 12, weight: .regular)
        case .caption2: UIFont(pointSize: 11, weight: .regular)
        default: UIFont(pointSize: 17, weight: .regular)
        }
    }

    /// Distance from the baseline to the top of the tallest glyphs.
    public var ascender: CGFloat { pointSize * TextMetrics.ascender }
    /// Distance from the baseline to the bottom of the lowest glyphs; negative, as UIKit's.
    public var descender: CGFloat { pointSize * TextMetrics.descender }
    /// The height of one line of text: ascender minus descender.
    public var lineHeight: CGFloat { ascender - descender }
    public var leading: CGFloat { 0 }
    public var capHeight: CGFloat { pointSize * 0.705 }
    public var xHeight: CGFloat { pointSize * 0.527 }
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
