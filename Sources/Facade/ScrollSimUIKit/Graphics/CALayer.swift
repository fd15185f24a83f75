import Foundation

/// How a layer's rounded corners are drawn (Core Animation's `CALayerCornerCurve`).
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// Which corners a layer rounds (Core Animation's `CACornerMask`).
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
}

/// A view's layer (Core Animation's `CALayer`): its properties are stored, nothing is drawn.
@preconcurrency @MainActor
open class CALayer {
    open var frame: CGRect = .zero
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { frame.size = newValue.size }
    }
    open var position: CGPoint = .zero
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    open var zPosition: CGFloat = 0
    open var cornerRadius: CGFloat = 0
    open var cornerCurve: CALayerCornerCurve = .circular
    open var maskedCorners: CACornerMask = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
    open var masksToBounds = false
    open var borderWidth: CGFloat = 0
    open var borderColor: CGColor?
    open var backgroundColor: CGColor?
    open var shadowColor: CGColor?
    open var shadowOpacity: Float = 0
    open var shadowRadius: CGFloat = 3
    open var shadowOffset = CGSize(width: 0, height: -3)
    open var shadowPath: CGPath?
    open var opacity: Float = 1
    open var isHidden = false
    open var name: String?
    open var contents: Any?
    open var contentsGravity: String = "resize"
    open var contentsScale: CGFloat = 1
    open var rasterizationScale: CGFloat = 1
    open var shouldRasterize = false
    open var isOpaque = false
    open var transform = CATransform3DIdentity
    open var mask: CALayer?
    open private(set) var sublayers: [CALayer]?
    open private(set) weak var superlayer: CALayer?

    public required init() {}

    open func addSublayer(_ layer: CALayer) { insertSublayer(layer, at: UInt32(sublayers?.count ?? 0)) }

    open func insertSublayer(_ layer: CALayer, at index: UInt32) {
        layer.removeFromSuperlayer()
        var list = sublayers ?? []
        list.insert(layer, at: min(Int(index), list.count))
        sublayers = list
        layer.superlayer = self
    }

    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        let index = sibling.flatMap { s in sublayers?.firstIndex { $0 === s } } ?? 0
        insertSublayer(layer, at: UInt32(index))
    }

    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        let index = sibling.flatMap { s in sublayers?.firstIndex { $0 === s }.map { $0 + 1 } } ?? (sublayers?.count ?? 0)
        insertSublayer(layer, at: UInt32(index))
    }

    open func removeFromSuperlayer() {
        superlayer?.sublayers?.removeAll { $0 === self }
        superlayer = nil
    }

    open func setNeedsDisplay() {}
    open func setNeedsLayout() {}
    open func layoutIfNeeded() {}
    open func removeAllAnimations() {}
    open func removeAnimation(forKey key: String) {}
    open func add(_ animation: CAAnimation, forKey key: String?) {}
}

/// A layer filled with a gradient (stored).
open class CAGradientLayer: CALayer {
    open var colors: [Any]?
    open var locations: [NSNumber]?
    open var startPoint = CGPoint(x: 0.5, y: 0)
    open var endPoint = CGPoint(x: 0.5, y: 1)
    open var type: String = "axial"
}

/// A layer that draws a path (stored).
open class CAShapeLayer: CALayer {
    open var path: CGPath?
    open var fillColor: CGColor?
    open var strokeColor: CGColor?
    open var lineWidth: CGFloat = 1
    open var lineCap: String = "butt"
    open var lineJoin: String = "miter"
    open var strokeStart: CGFloat = 0
    open var strokeEnd: CGFloat = 1
    open var lineDashPattern: [NSNumber]?
}

/// An animation (stored: nothing animates; the model value is what the layer shows).
@preconcurrency @MainActor
open class CAAnimation {
    open var duration: CFTimeInterval = 0.25
    open var isRemovedOnCompletion = true
    public init() {}
}

/// A property animation (stored).
open class CABasicAnimation: CAAnimation {
    open var keyPath: String?
    open var fromValue: Any?
    open var toValue: Any?
    public init(keyPath: String?) {
        self.keyPath = keyPath
        super.init()
    }
}

/// Core Foundation's time interval (seconds), which Core Animation uses.
public typealias CFTimeInterval = Double

/// Core Animation's transaction: changes apply at once here.
@preconcurrency @MainActor
public enum CATransaction {
    public static func begin() {}
    public static func commit() {}
    public static func setDisableActions(_ flag: Bool) {}
    public static func setAnimationDuration(_ duration: CFTimeInterval) {}
    public static func setCompletionBlock(_ block: (() -> Void)?) { block?() }
}

/// A colour as Core Graphics sees it (stored only).
public final class CGColor: Sendable {
    public let components: [CGFloat]?
    public var alpha: CGFloat { components?.last ?? 1 }
    init(components: [CGFloat]) { self.components = components }
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(components: [red, green, blue, alpha])
    }
    public convenience init(gray: CGFloat, alpha: CGFloat) { self.init(components: [gray, gray, gray, alpha]) }
    public func copy(alpha: CGFloat) -> CGColor? {
        let values = components ?? [0, 0, 0, 1]
        return CGColor(components: Array(values.dropLast()) + [alpha])
    }
}
