import Foundation

/// A spinner (UIKit's `UIActivityIndicatorView`): its animating state is kept, and it hides when
/// stopped if `hidesWhenStopped`.
@preconcurrency @MainActor
open class UIActivityIndicatorView: UIView {
    /// The spinner's look (UIKit's `UIActivityIndicatorView.Style`).
    public enum Style: Int, Sendable { case medium = 100, large = 101, whiteLarge = 0, white = 1, gray = 2 }

    open var style: Style
    // UIKit's own signature.
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    open var color: UIColor!
    open var hidesWhenStopped = true {
        didSet { if hidesWhenStopped, !isAnimating { isHidden = true } }
    }
    open private(set) var isAnimating = false
    /// The spinner's fixed size for its style.
    open override var intrinsicContentSize: CGSize {
        switch style {
        case .large, .whiteLarge: CGSize(width: 37, height: 37)
        default: CGSize(width: 20, height: 20)
        }
    }

    public init(style: Style) {
        self.style = style
        super.init(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        isHidden = true
    }

    public override init(frame: CGRect) {
        style = .medium
        super.init(frame: frame)
        isHidden = true
    }

    public required init?(coder: NSCoder) {
        style = .medium
        super.init(coder: coder)
    }

    open func startAnimating() {
        isAnimating = true
        isHidden = false
    }

    open func stopAnimating() {
        isAnimating = false
        if hidesWhenStopped { isHidden = true }
    }
}

/// A progress bar (UIKit's `UIProgressView`): its progress is kept.
@preconcurrency @MainActor
open class UIProgressView: UIView {
    /// The bar's look (UIKit's `UIProgressView.Style`).
    public enum Style: Int, Sendable { case `default` = 0, bar }

    open var progressViewStyle: Style = .default
    open var progress: Float = 0
    open var progressTintColor: UIColor?
    open var trackTintColor: UIColor?

    public init(progressViewStyle style: Style) {
        progressViewStyle = style
        super.init(frame: .zero)
    }

    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open func setProgress(_ progress: Float, animated: Bool) { self.progress = min(1, max(0, progress)) }
}
