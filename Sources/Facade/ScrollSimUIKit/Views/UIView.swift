import Foundation

/// A view (UIKit's `UIView`). Views hold no pixels: their properties store values so that cell
/// classes written for iOS compile and run; only a collection view's geometry is computed.
@preconcurrency @MainActor
open class UIView: UIResponder, LayoutAnchorItem {
    /// How a view resizes with its superview (UIKit's `UIView.AutoresizingMask`).
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// How content fills the view (UIKit's `UIView.ContentMode`).
    public enum ContentMode: Int, Sendable {
        case scaleToFill = 0, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight
    }

    open var frame: CGRect {
        didSet { if frame.size != oldValue.size { boundsSizeDidChange() } }
    }
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { frame.size = newValue.size }
    }
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    public private(set) var subviews: [UIView] = []
    public private(set) weak var superview: UIView?
    open var backgroundColor: UIColor?
    // UIKit's own signature.
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    open var tintColor: UIColor! = .systemBlue
    open var isHidden = false
    open var alpha: CGFloat = 1
    open var isOpaque = true
    open var clipsToBounds = false
    open var isUserInteractionEnabled = true
    open var tag = 0
    open var contentMode: ContentMode = .scaleToFill
    open var autoresizingMask: AutoresizingMask = []
    open var translatesAutoresizingMaskIntoConstraints = true
    /// The margins, in left/right terms: the same stored value as `directionalLayoutMargins`
    /// (scrollsim lays out left to right, U1).
    open var layoutMargins: UIEdgeInsets {
        get {
            let margins = directionalLayoutMargins
            return UIEdgeInsets(top: margins.top, left: margins.leading, bottom: margins.bottom, right: margins.trailing)
        }
        set {
            directionalLayoutMargins = NSDirectionalEdgeInsets(
                top: newValue.top, leading: newValue.left, bottom: newValue.bottom, trailing: newValue.right)
        }
    }
    open var directionalLayoutMargins = NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
    open var preservesSuperviewLayoutMargins = false
    open var insetsLayoutMarginsFromSafeArea = true
    open var accessibilityIdentifier: String?
    open var accessibilityLabel: String?
    open var isAccessibilityElement = false
    open var accessibilityTraits: UIAccessibilityTraits = .none
    open var accessibilityHint: String?
    open var accessibilityValue: String?
    open var accessibilityElements: [Any]?
    open var accessibilityCustomActions: [UIAccessibilityCustomAction]?
    open var accessibilityViewIsModal = false
    open var accessibilityElementsHidden = false
    open var shouldGroupAccessibilityChildren = false
    open var accessibilityLanguage: String?
    open var accessibilityAttributedLabel: NSAttributedString?
    // UIKit's own signature.
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    open var accessibilityUserInputLabels: [String]!
    open var accessibilityRespondsToUserInteraction = true
    open var accessibilityFrame: CGRect = .zero
    open var accessibilityActivationPoint: CGPoint = .zero
    open var safeAreaInsets: UIEdgeInsets { .zero }
    /// The backing layer, of `layerClass` (a view can declare a gradient or shape layer).
    public private(set) lazy var layer: CALayer = (Self.layerClass as? CALayer.Type ?? CALayer.self).init()
    /// The class of the backing layer.
    open class var layerClass: AnyClass { CALayer.self }
    /// Stored: geometry comes from the layout, not from transforms.
    open var transform: CGAffineTransform = .identity
    /// UIKit's `semanticContentAttribute`; stored (scrollsim lays out left to right, U1).
    open var semanticContentAttribute = 0
    /// What the last `systemLayoutSizeFitting` found, for the collection view's warnings.
    var lastFitting: FittingSolution?
    /// The width a fitting pass found for this view, set while it asks for heights: content
    /// that wraps (labels, list content) reads it.
    var fittingWidth: CGFloat?
    private var huggingPriorities: [NSLayoutConstraint.Axis: UILayoutPriority] = [:]
    private var compressionPriorities: [NSLayoutConstraint.Axis: UILayoutPriority] = [:]

    /// How firmly the view keeps its intrinsic size (AL3): 250 hugging, 750 compression
    /// resistance by default, as UIKit's.
    open func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        huggingPriorities[axis] ?? .defaultLow
    }
    open func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        huggingPriorities[axis] = priority
    }
    open func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        compressionPriorities[axis] ?? .defaultHigh
    }
    open func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        compressionPriorities[axis] = priority
    }

    /// Traits a simulator gave this view (the shown root view, a collection view on screen, a
    /// dequeued cell); others inherit their superview's.
    var assignedTraits: UITraitCollection?

    /// The view's traits: its screen's size classes, scale, idiom, light style, Dynamic Type
    /// size; a view on no screen has an iPhone 13's.
    open var traitCollection: UITraitCollection { assignedTraits ?? superview?.traitCollection ?? .standard }
    /// Left to right: scrollsim lays out left to right (U1).
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }
    /// Called when the traits change; scrollsim calls it on the view controller when a rotation
    /// changes size classes.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    public init(frame: CGRect) {
        self.frame = frame
        super.init()
    }

    public required init?(coder: NSCoder) {
        self.frame = .zero
        super.init()
    }

    public override convenience init() { self.init(frame: .zero) }

    /// The controller whose root view this is (its next responder).
    weak var owningController: UIViewController?
    /// The gesture recognizers added to the view.
    var attachedRecognizers: [UIGestureRecognizer] = []

    /// The view's controller if it is a controller's root view, else its superview (UIKit's
    /// responder chain).
    open override var next: UIResponder? { owningController ?? superview }

    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    open func insertSubview(_ view: UIView, at index: Int) {
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(0, index), subviews.count))
        view.superview = self
    }

    open func removeFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
    }

    open func bringSubviewToFront(_ view: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: index))
    }

    open func sendSubviewToBack(_ view: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: index), at: 0)
    }

    /// Called on a view made from a nib once it is made (cells registered with a `UINib`).
    open func awakeFromNib() {}
    open func prepareForInterfaceBuilder() {}
    open func setNeedsLayout() {}
    open func layoutIfNeeded() {}
    open func layoutSubviews() {}
    open func setNeedsDisplay() {}
    open func setNeedsDisplay(_ rect: CGRect) {}
    /// Draws the view's content; nothing is drawn on Linux, so it is never called.
    open func draw(_ rect: CGRect) {}
    /// Auto Layout's constraint pass: `updateConstraintsIfNeeded()` runs `updateConstraints()` when
    /// `setNeedsUpdateConstraints()` asked for it (constraints a view adds there are solved when it
    /// is fitted, AL1).
    open func updateConstraints() {}
    open func setNeedsUpdateConstraints() { constraintsNeedUpdate = true }
    open func needsUpdateConstraints() -> Bool { constraintsNeedUpdate }
    open func updateConstraintsIfNeeded() {
        guard constraintsNeedUpdate else { return }
        constraintsNeedUpdate = false
        updateConstraints()
    }
    private var constraintsNeedUpdate = false
    open func sizeToFit() {}
    open func sizeThatFits(_ size: CGSize) -> CGSize { frame.size }
    /// The size the view's constraints give it, as near `targetSize` as each axis's fitting
    /// priority asks (AL1, AL2): how self-sizing cells measure themselves.
    open func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        let fitting = FittingSolver(root: self).solve(
            target: targetSize, priorities: (horizontalFittingPriority, verticalFittingPriority))
        lastFitting = fitting
        return fitting.size
    }
    open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(
            targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }

    /// Called when the bounds size changes (the collection view re-lays out).
    func boundsSizeDidChange() {}

    // Auto Layout anchors (the rest come with LayoutAnchorItem): the constraints they make are
    // solved for fitting sizes (AL1).
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .firstBaseline) }
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .lastBaseline) }
    public private(set) lazy var safeAreaLayoutGuide = UILayoutGuide(.safeArea, of: self)
    public private(set) lazy var layoutMarginsGuide = UILayoutGuide(.margins, of: self)
    public private(set) lazy var readableContentGuide = UILayoutGuide(.readableContent, of: self)

    /// Active constraints that name this view or one of its guides.
    var attachedConstraints: [NSLayoutConstraint] = []
    /// Guides added with `addLayoutGuide`.
    public private(set) var layoutGuides: [UILayoutGuide] = []

    /// The active constraints that name this view.
    public var constraints: [NSLayoutConstraint] { attachedConstraints }
    public func addConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = true }
    public func addConstraints(_ constraints: [NSLayoutConstraint]) { NSLayoutConstraint.activate(constraints) }
    public func removeConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = false }
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) { NSLayoutConstraint.deactivate(constraints) }

    public func addLayoutGuide(_ guide: UILayoutGuide) {
        guide.owningView = self
        layoutGuides.append(guide)
    }
    public func removeLayoutGuide(_ guide: UILayoutGuide) {
        layoutGuides.removeAll { $0 === guide }
        guide.owningView = nil
    }

    /// The size the view's content needs on its own (AL3); `noIntrinsicMetric` on an axis where
    /// it has none. Override for custom content, as on iOS.
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
}

/// Edge insets in left/right terms (UIKit's `UIEdgeInsets`).
public struct UIEdgeInsets: Sendable, Hashable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}
