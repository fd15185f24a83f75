import CompositionalLayout
import Foundation

// Conversions between Foundation's CoreGraphics types and the engine's geometry values.

extension CGRect {
    init(_ rect: Rect) {
        self.init(x: rect.minX, y: rect.minY, width: rect.size.width, height: rect.size.height)
    }

    var core: Rect { Rect(x: Double(minX), y: Double(minY), width: Double(width), height: Double(height)) }
}

extension CGSize {
    init(_ size: Size) { self.init(width: size.width, height: size.height) }

    var core: Size { Size(width: Double(width), height: Double(height)) }
}

extension CGPoint {
    var core: Point { Point(x: Double(x), y: Double(y)) }

    init(_ point: Point) { self.init(x: point.x, y: point.y) }
}
