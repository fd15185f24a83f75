import Foundation

/// An image view; stores its image (UIKit's `UIImageView`).
@preconcurrency @MainActor
open class UIImageView: UIView {
    open var image: UIImage?
    open var highlightedImage: UIImage?
    open var preferredSymbolConfiguration: UIImage.SymbolConfiguration?

    /// The image's size; an SF Symbol's, a square of its configured point size (17 when none)
    /// [B]; none without an image, or for an asset whose size is not known here (AL3).
    open override var intrinsicContentSize: CGSize {
        guard let image else { return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
        if image.size != .zero { return image.size }
        guard image.isSymbolImage else { return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
        let side = image.symbolSide(preferredSymbolConfiguration)
        return CGSize(width: side, height: side)
    }

    public convenience init(image: UIImage?) {
        self.init(frame: .zero)
        self.image = image
    }
}
