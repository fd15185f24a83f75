import Foundation

/// Text alignment (UIKit's `NSTextAlignment`).
public enum NSTextAlignment: Int, Sendable { case left = 0, center, right, justified, natural }

/// How a label wraps or truncates (UIKit's `NSLineBreakMode`).
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// A text label (UIKit's `UILabel`): its intrinsic size is its text's, wrapped at the width its
/// constraints give it when it has more than one line (AL3).
@preconcurrency @MainActor
open class UILabel: UIView {
    open var text: String?
    open var attributedText: NSAttributedString?
    // UIKit's own signature.
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    open var font: UIFont! = .systemFont(ofSize: 17)
    // UIKit's own signature.
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    open var textColor: UIColor! = .label
    open var textAlignment: NSTextAlignment = .natural
    open var numberOfLines = 1
    /// A disabled label is drawn dimmed; stored.
    open var isEnabled = true
    open var isHighlighted = false
    open var highlightedTextColor: UIColor?
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail
    open var adjustsFontSizeToFitWidth = false
    open var adjustsFontForContentSizeCategory = false
    open var minimumScaleFactor: CGFloat = 0
    /// The width a multi-line label wraps at for its intrinsic size; 0 for the width its
    /// constraints give it.
    open var preferredMaxLayoutWidth: CGFloat = 0

    open override var intrinsicContentSize: CGSize {
        let content = attributedText?.string ?? text ?? ""
        let width = preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : fittingWidth
        return TextMetrics.size(of: content, font: font, numberOfLines: numberOfLines, width: width, scale: pixelScale)
    }
}
