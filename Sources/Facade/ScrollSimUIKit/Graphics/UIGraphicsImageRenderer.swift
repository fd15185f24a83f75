import Foundation

/// How a path is painted (Core Graphics' `CGPathDrawingMode`).
public enum CGPathDrawingMode: Int32, Sendable { case fill = 0, eoFill, stroke, fillStroke, eoFillStroke }

/// A drawing context (Core Graphics' `CGContext`): drawing calls are accepted and draw nothing.
@preconcurrency @MainActor
public final class CGContext {
    init() {}
    public func setFillColor(_ color: CGColor) {}
    public func setStrokeColor(_ color: CGColor) {}
    public func setLineWidth(_ width: CGFloat) {}
    public func fill(_ rect: CGRect) {}
    public func fillEllipse(in rect: CGRect) {}
    public func strokeEllipse(in rect: CGRect) {}
    public func addEllipse(in rect: CGRect) {}
    public func addRect(_ rect: CGRect) {}
    public func move(to point: CGPoint) {}
    public func addLine(to point: CGPoint) {}
    public func drawPath(using mode: CGPathDrawingMode) {}
    public func setAlpha(_ alpha: CGFloat) {}
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {}
    public func clear(_ rect: CGRect) {}
    public func stroke(_ rect: CGRect) {}
    public func addPath(_ path: CGPath) {}
    public func fillPath() {}
    public func strokePath() {}
    public func clip() {}
    public func saveGState() {}
    public func restoreGState() {}
    public func translateBy(x: CGFloat, y: CGFloat) {}
    public func scaleBy(x: CGFloat, y: CGFloat) {}
}

/// The settings of an image renderer (UIKit's `UIGraphicsImageRendererFormat`).
@preconcurrency @MainActor
open class UIGraphicsImageRendererFormat {
    open var scale: CGFloat = 3
    open var opaque = false
    public init() {}
    public static func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    public static func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// What a drawing block draws into (UIKit's `UIGraphicsImageRendererContext`).
@preconcurrency @MainActor
open class UIGraphicsImageRendererContext {
    public let cgContext = CGContext()
    public let format: UIGraphicsImageRendererFormat
    init(format: UIGraphicsImageRendererFormat) { self.format = format }
    open func fill(_ rect: CGRect) {}
    open func stroke(_ rect: CGRect) {}
    open func clip(to rect: CGRect) {}
}

/// Makes images from drawing code (UIKit's `UIGraphicsImageRenderer`): the block runs (so its
/// side effects happen) and the image has the renderer's size; no pixels are drawn.
@preconcurrency @MainActor
open class UIGraphicsImageRenderer {
    public let format: UIGraphicsImageRendererFormat
    private let size: CGSize

    public init(size: CGSize, format: UIGraphicsImageRendererFormat = .default()) {
        self.size = size
        self.format = format
    }

    public convenience init(bounds: CGRect, format: UIGraphicsImageRendererFormat = .default()) {
        self.init(size: bounds.size, format: format)
    }

    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        actions(UIGraphicsImageRendererContext(format: format))
        return UIImage(size: size)
    }

    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        actions(UIGraphicsImageRendererContext(format: format))
        return Data()
    }
}
