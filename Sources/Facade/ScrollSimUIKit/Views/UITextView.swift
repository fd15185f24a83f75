import Foundation

/// A scrolling, editable text view (UIKit's `UITextView`): it keeps its text and settings; text is
/// not laid out, and links are tapped with `simulateTap(link:)`, which asks the delegate as a tap
/// would.
@preconcurrency @MainActor
open class UITextView: UIScrollView {
    // UIKit's own signature.
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    open var text: String! {
        get { attributedText?.string ?? storedText }
        set {
            storedText = newValue ?? ""
            storedAttributedText = nil
        }
    }
    // UIKit's own signature.
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    open var attributedText: NSAttributedString! {
        get { storedAttributedText ?? NSAttributedString(string: storedText) }
        set { storedAttributedText = newValue }
    }
    private var storedText = ""
    private var storedAttributedText: NSAttributedString?
    open var font: UIFont? = .systemFont(ofSize: 12)
    open var textColor: UIColor? = .label
    open var textAlignment: NSTextAlignment = .natural
    open var isEditable = true
    open var isSelectable = true
    open var dataDetectorTypes: UIDataDetectorTypes = []
    open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0)
    // UIKit's own signature.
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    open var linkTextAttributes: [NSAttributedString.Key: Any]! = [:]
    open var typingAttributes: [NSAttributedString.Key: Any] = [:]
    open var selectedRange = NSRange(location: 0, length: 0)
    open var adjustsFontForContentSizeCategory = false
    open var keyboardType: UIKeyboardType = .default
    open var returnKeyType: UIReturnKeyType = .default
    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    open var autocorrectionType: UITextAutocorrectionType = .default
    open var textContentType: UITextContentType?
    open weak var delegate: UITextViewDelegate?
    open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }

    /// A text view that does not scroll is as large as its text wrapped at its width, less the
    /// text container's 5-point line padding on each side, plus its container insets (AL3); one
    /// that scrolls has none.
    open override var intrinsicContentSize: CGSize {
        guard !isScrollEnabled else { return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
        let content = attributedText?.string ?? ""
        let padding = 2 * UITextView.lineFragmentPadding + textContainerInset.left + textContainerInset.right
        let textFont = attributedTextFont ?? font ?? .systemFont(ofSize: 12)
        let size = TextMetrics.size(
            of: content, font: textFont, numberOfLines: 0, width: fittingWidth.map { max(0, $0 - padding) }, scale: pixelScale)
        return CGSize(width: size.width + padding, height: size.height + textContainerInset.top + textContainerInset.bottom)
    }

    /// The text container's padding at each end of a line (UIKit's `lineFragmentPadding`).
    static let lineFragmentPadding: CGFloat = 5

    /// The font the attributed text starts with, when it sets one.
    private var attributedTextFont: UIFont? {
        guard let text = storedAttributedText, text.length > 0 else { return nil }
        return text.attribute(.font, at: 0, effectiveRange: nil) as? UIFont
    }

    /// A tap on the link to `url` covering `range`: the delegate may open it (UIKit then opens
    /// the URL, recorded in `UIApplication.openedURLs`). Returns whether the link was opened.
    @discardableResult
    public func simulateTap(link url: URL, in range: NSRange = NSRange(location: 0, length: 0)) -> Bool {
        guard delegate?.textView(self, shouldInteractWith: url, in: range, interaction: .invokeDefaultAction) ?? true else {
            return false
        }
        UIApplication.shared.open(url)
        return true
    }
}

/// Kinds of data a text view turns into links (UIKit's `UIDataDetectorTypes`).
public struct UIDataDetectorTypes: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let phoneNumber = UIDataDetectorTypes(rawValue: 1 << 0)
    public static let link = UIDataDetectorTypes(rawValue: 1 << 1)
    public static let address = UIDataDetectorTypes(rawValue: 1 << 2)
    public static let calendarEvent = UIDataDetectorTypes(rawValue: 1 << 3)
    public static let all = UIDataDetectorTypes(rawValue: UInt.max)
}

/// How a text item was interacted with (UIKit's `UITextItemInteraction`).
public enum UITextItemInteraction: Int, Sendable { case invokeDefaultAction = 0, presentActions, preview }

/// A text view's delegate (UIKit's `UITextViewDelegate`); every method optional.
@preconcurrency @MainActor
public protocol UITextViewDelegate: UIScrollViewDelegate {
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    func textViewDidBeginEditing(_ textView: UITextView)
    func textViewDidEndEditing(_ textView: UITextView)
    func textViewDidChange(_ textView: UITextView)
    func textViewDidChangeSelection(_ textView: UITextView)
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    func textView(
        _ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange, interaction: UITextItemInteraction
    ) -> Bool
}

extension UITextViewDelegate {
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
    public func textViewDidBeginEditing(_ textView: UITextView) {}
    public func textViewDidEndEditing(_ textView: UITextView) {}
    public func textViewDidChange(_ textView: UITextView) {}
    public func textViewDidChangeSelection(_ textView: UITextView) {}
    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    public func textView(
        _ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange, interaction: UITextItemInteraction
    ) -> Bool { true }
}
