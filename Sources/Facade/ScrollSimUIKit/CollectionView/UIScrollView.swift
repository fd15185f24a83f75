import Foundation

/// The scroll view callbacks (UIKit's `UIScrollViewDelegate`); implement the ones you need.
@preconcurrency @MainActor
public protocol UIScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>)
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    public func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
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

    /// How the keyboard is dismissed by a drag (UIKit's `UIScrollView.KeyboardDismissMode`).
    public enum KeyboardDismissMode: Int, Sendable {
        case none = 0, onDrag, interactive, onDragWithAccessory, interactiveWithAccessory
    }

    open var contentInset: UIEdgeInsets = .zero
    /// Stored: the simulated screen has no keyboard.
    open var keyboardDismissMode: KeyboardDismissMode = .none
    open var scrollIndicatorInsets: UIEdgeInsets = .zero
    open var verticalScrollIndicatorInsets: UIEdgeInsets = .zero
    open var horizontalScrollIndicatorInsets: UIEdgeInsets = .zero
    open var automaticallyAdjustsScrollIndicatorInsets = true
    open var isDirectionalLockEnabled = false
    open var delaysContentTouches = true
    open var canCancelContentTouches = true
    open var minimumZoomScale: CGFloat = 1
    open var maximumZoomScale: CGFloat = 1
    open var zoomScale: CGFloat = 1
    open var indicatorStyle = 0
    /// Whether a finger is on the content (true while a simulated drag runs).
    open internal(set) var isTracking = false
    open internal(set) var isDragging = false
    open internal(set) var isDecelerating = false
    /// The pull-to-refresh control; `ScrollSimulator.pullToRefresh()` pulls it.
    open var refreshControl: UIRefreshControl? {
        didSet {
            oldValue?.removeFromSuperview()
            if let refreshControl { addSubview(refreshControl) }
        }
    }

    open func flashScrollIndicators() {}

    /// Scrolls to `contentOffset`: a collection or table view scrolls its content (animated, frame
    /// by frame on a simulator's clock); another scroll view takes the offset at once.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        if let collectionView = self as? UICollectionView {
            collectionView.scroll(toContentOffset: contentOffset, animated: animated)
        } else if let table = self as? UITableView {
            table.backingCollectionView.scroll(toContentOffset: contentOffset, animated: animated)
        } else {
            self.contentOffset = contentOffset
        }
    }
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
