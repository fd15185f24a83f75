import Foundation

/// A path (Core Graphics' `CGPath`): its bounding box is kept, nothing is drawn.
public class CGPath: @unchecked Sendable {
    // Unchecked: a CGPath is immutable; CGMutablePath is used by one owner at a time.
    public fileprivate(set) var boundingBox: CGRect

    init(boundingBox: CGRect) { self.boundingBox = boundingBox }

    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) { self.init(boundingBox: rect) }
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) { self.init(boundingBox: rect) }
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: UnsafePointer<CGAffineTransform>?
    ) { self.init(boundingBox: rect) }

    public var isEmpty: Bool { boundingBox.isNull }
}

/// A path built point by point (Core Graphics' `CGMutablePath`).
public final class CGMutablePath: CGPath, @unchecked Sendable {
    public init() { super.init(boundingBox: .null) }

    public func move(to point: CGPoint) { boundingBox = boundingBox.union(CGRect(origin: point, size: .zero)) }
    public func addLine(to point: CGPoint) { boundingBox = boundingBox.union(CGRect(origin: point, size: .zero)) }
    public func addRect(_ rect: CGRect) { boundingBox = boundingBox.union(rect) }
    public func addEllipse(in rect: CGRect) { boundingBox = boundingBox.union(rect) }
    public func addPath(_ path: CGPath) { boundingBox = boundingBox.union(path.boundingBox) }
    public func closeSubpath() {}
}

/// Which corners of a rectangle are rounded (UIKit's `UIRectCorner`).
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// A path for shadows, masks and drawing (UIKit's `UIBezierPath`): its bounds are kept, so
/// `shadowPath` and masks can be set; nothing is drawn.
@preconcurrency @MainActor
open class UIBezierPath {
    private let path: CGMutablePath
    open var lineWidth: CGFloat = 1
    open var lineCapStyle: CGLineCap = .butt
    open var lineJoinStyle: CGLineJoin = .miter
    open var miterLimit: CGFloat = 10
    open var flatness: CGFloat = 0.6
    /// Sets the dash pattern; stored, nothing is drawn.
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {}
    open var usesEvenOddFillRule = false

    public init() { path = CGMutablePath() }

    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) { self.init(rect: rect) }

    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init(rect: rect)
    }

    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init(ovalIn: CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
    }

    public convenience init(cgPath: CGPath) {
        self.init()
        path.addPath(cgPath)
    }

    /// The path as Core Graphics sees it.
    open var cgPath: CGPath { path }
    open var bounds: CGRect { path.boundingBox }
    open var isEmpty: Bool { path.isEmpty }

    open func move(to point: CGPoint) { path.move(to: point) }
    open func addLine(to point: CGPoint) { path.addLine(to: point) }
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) { path.addLine(to: endPoint) }
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) { path.addLine(to: endPoint) }
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addEllipse(in: CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
    }
    open func append(_ bezierPath: UIBezierPath) { path.addPath(bezierPath.cgPath) }
    open func close() { path.closeSubpath() }
    open func fill() {}
    open func stroke() {}
    open func addClip() {}
}
