import Foundation

/// How a paragraph of text is laid out (UIKit's `NSParagraphStyle`): stored, nothing is typeset.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    // Unchecked: immutable; the mutable subclass is used by one owner at a time, as in UIKit.
    public static let `default` = NSParagraphStyle()

    open fileprivate(set) var alignment: NSTextAlignment = .natural
    open fileprivate(set) var lineBreakMode: NSLineBreakMode = .byWordWrapping
    open fileprivate(set) var lineSpacing: CGFloat = 0
    open fileprivate(set) var paragraphSpacing: CGFloat = 0
    open fileprivate(set) var lineHeightMultiple: CGFloat = 0
    open fileprivate(set) var minimumLineHeight: CGFloat = 0
    open fileprivate(set) var maximumLineHeight: CGFloat = 0
    open fileprivate(set) var firstLineHeadIndent: CGFloat = 0
    open fileprivate(set) var headIndent: CGFloat = 0
    open fileprivate(set) var tailIndent: CGFloat = 0
    open fileprivate(set) var hyphenationFactor: Float = 0

    public override init() {}

    open func copy(with zone: NSZone? = nil) -> Any { copyValues(into: NSParagraphStyle()) }
    open func mutableCopy(with zone: NSZone? = nil) -> Any { copyValues(into: NSMutableParagraphStyle()) }

    private func copyValues<Style: NSParagraphStyle>(into style: Style) -> Style {
        style.alignment = alignment
        style.lineBreakMode = lineBreakMode
        style.lineSpacing = lineSpacing
        style.paragraphSpacing = paragraphSpacing
        style.lineHeightMultiple = lineHeightMultiple
        style.minimumLineHeight = minimumLineHeight
        style.maximumLineHeight = maximumLineHeight
        style.firstLineHeadIndent = firstLineHeadIndent
        style.headIndent = headIndent
        style.tailIndent = tailIndent
        style.hyphenationFactor = hyphenationFactor
        return style
    }
}

/// A paragraph style to set up (UIKit's `NSMutableParagraphStyle`).
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    open override var alignment: NSTextAlignment {
        get { super.alignment }
        set { super.alignment = newValue }
    }
    open override var lineBreakMode: NSLineBreakMode {
        get { super.lineBreakMode }
        set { super.lineBreakMode = newValue }
    }
    open override var lineSpacing: CGFloat {
        get { super.lineSpacing }
        set { super.lineSpacing = newValue }
    }
    open override var paragraphSpacing: CGFloat {
        get { super.paragraphSpacing }
        set { super.paragraphSpacing = newValue }
    }
    open override var lineHeightMultiple: CGFloat {
        get { super.lineHeightMultiple }
        set { super.lineHeightMultiple = newValue }
    }
    open override var minimumLineHeight: CGFloat {
        get { super.minimumLineHeight }
        set { super.minimumLineHeight = newValue }
    }
    open override var maximumLineHeight: CGFloat {
        get { super.maximumLineHeight }
        set { super.maximumLineHeight = newValue }
    }
    open override var firstLineHeadIndent: CGFloat {
        get { super.firstLineHeadIndent }
        set { super.firstLineHeadIndent = newValue }
    }
    open override var headIndent: CGFloat {
        get { super.headIndent }
        set { super.headIndent = newValue }
    }
    open override var tailIndent: CGFloat {
        get { super.tailIndent }
        set { super.tailIndent = newValue }
    }
    open override var hyphenationFactor: Float {
        get { super.hyphenationFactor }
        set { super.hyphenationFactor = newValue }
    }
}

extension String {
    /// The size the string would take on one line set with `attributes`, by the text metrics
    /// labels use (AL3), rounded up to whole points.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        let font = (attributes?[.font] as? UIFont) ?? .systemFont(ofSize: 17)
        return CGSize(
            width: TextMetrics.width(of: Substring(self), font: font).rounded(.up), height: font.lineHeight.rounded(.up))
    }

    /// Draws nothing (there are no pixels).
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {}
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {}
}
