import Foundation

/// A view a collection view reuses: headers, footers and the base of cells (UIKit's
/// `UICollectionReusableView`). Subclass it as on iOS; `prepareForReuse` runs when the view is
/// taken from its reuse pool (UIKit model B4.1).
@preconcurrency @MainActor
open class UICollectionReusableView: UIView {
    /// The identifier it was dequeued with.
    public internal(set) var reuseIdentifier: String?

    /// Called before a pooled view is returned by a dequeue.
    open func prepareForReuse() {}

    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

    /// Self-sizing (UIKit model G1.10): the attributes the view wants, given the layout's. The
    /// default asks `systemLayoutSizeFitting` with the proposed width required and the height
    /// free, which solves the view's constraints (AL1); override either to measure otherwise. A
    /// new size on an estimated axis moves later frames and invalidates the layout (the next pass
    /// re-runs the section provider, G1.10.3 [O]).
    open func preferredLayoutAttributesFitting(
        _ layoutAttributes: UICollectionViewLayoutAttributes
    )
        -> UICollectionViewLayoutAttributes
    {
        let size = systemLayoutSizeFitting(
            layoutAttributes.size, withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        guard size != layoutAttributes.size else { return layoutAttributes }
        let preferred = UICollectionViewLayoutAttributes(copying: layoutAttributes)
        preferred.frame.size = size
        return preferred
    }

    /// How the collection view creates registered classes: `init(frame:)` through a required
    /// initializer that subclasses inherit, so cell classes written for iOS (which override
    /// `init(frame:)` and `init?(coder:)`) need no change.
    public required convenience init(scrollsimReuse: Void) { self.init(frame: .zero) }
}
