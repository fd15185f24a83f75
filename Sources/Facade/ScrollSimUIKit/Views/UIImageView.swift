import Foundation

/// An image view; stores its image (UIKit's `UIImageView`).
@preconcurrency @MainActor
open class UIImageView: UIView {
    open var image: UIImage?
    open var highlightedImage: UIImage?
    open var preferredSymbolConfiguration: UIImage.SymbolConfiguration?

    public convenience init(image: UIImage?) {
        self.init(frame: .zero)
        self.image = image
    }
}
