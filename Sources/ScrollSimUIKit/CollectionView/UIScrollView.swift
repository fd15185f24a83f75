import Foundation

/// The scroll view callbacks (UIKit's `UIScrollViewDelegate`); implement the ones you need.
@preconcurrency @MainActor
public protocol UIScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
}

/// A scrolling view (UIKit's `UIScrollView`). The collection view is the only one that scrolls in
/// scrollsim; these properties are stored for code that sets them.
@preconcurrency @MainActor
open class UIScrollView: UIView {
    /// How the safe area adjusts the content inset (UIKit's
    /// `UIScrollView.ContentInsetAdjustmentBehavior`).
    public enum ContentInsetAdjustmentBehavior: Int, Sendable { case automatic = 0, scrollableAxes, never, always }

    /// A deceleration rate (UIKit's `UIScrollView.DecelerationRate`, P1.1).
    public struct DecelerationRate: Sendable, Hashable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = DecelerationRate(rawValue: 0.998)
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    open var contentInset: UIEdgeInsets = .zero
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic
    open var isScrollEnabled = true
    open var isPagingEnabled = false
    open var bounces = true
    open var alwaysBounceVertical = false
    open var alwaysBounceHorizontal = false
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true
    open var decelerationRate: DecelerationRate = .normal
    open var scrollsToTop = true
    private var storedOffset: CGPoint = .zero
    private var storedContentSize: CGSize = .zero

    /// The point of the content at the view's origin.
    open var contentOffset: CGPoint {
        get { storedOffset }
        set { storedOffset = newValue }
    }

    open var contentSize: CGSize {
        get { storedContentSize }
        set { storedContentSize = newValue }
    }

    /// The content inset plus the safe area (`.automatic` adjustment).
    open var adjustedContentInset: UIEdgeInsets {
        UIEdgeInsets(
            top: contentInset.top + safeAreaInsets.top, left: contentInset.left + safeAreaInsets.left,
            bottom: contentInset.bottom + safeAreaInsets.bottom, right: contentInset.right + safeAreaInsets.right)
    }
}
