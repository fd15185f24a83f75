import Foundation

extension UIImage {
    /// An image of `size` with no name (what a renderer makes).
    convenience init(size: CGSize) { self.init(name: nil, symbol: false, configuration: nil, size: size) }

    /// An image from encoded data: accepted (any non-empty data), with no pixels or size.
    public convenience init?(data: Data) {
        guard !data.isEmpty else { return nil }
        self.init(name: nil, symbol: false, configuration: nil)
    }

    public convenience init?(data: Data, scale: CGFloat) { self.init(data: data) }

    /// An image from a file: accepted when the file exists.
    public convenience init?(contentsOfFile path: String) {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        self.init(name: (path as NSString).lastPathComponent, symbol: false, configuration: nil)
    }

    public var scale: CGFloat { 1 }

    /// No pixels to encode: empty data.
    public func pngData() -> Data? { Data() }
    public func jpegData(compressionQuality: CGFloat) -> Data? { Data() }

    public func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage { self }
    public func imageFlippedForRightToLeftLayoutDirection() -> UIImage { self }
    public func withAlignmentRectInsets(_ alignmentInsets: UIEdgeInsets) -> UIImage { self }
    public func withBaselineOffset(fromBottom baselineOffset: CGFloat) -> UIImage { self }
}
